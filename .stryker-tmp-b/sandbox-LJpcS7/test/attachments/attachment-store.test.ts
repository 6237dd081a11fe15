// @ts-nocheck
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { imageBytes, type WebpKind } from '../../properties/arbitraries/images.ts';
import { DirectoryAttachmentStore, IMAGE_MEDIA_TYPES, MemoryAttachmentStore, defaultStoreRoot, probeImage, sha256Hex, type ImageAttachmentRef } from '../../src/attachments/index.ts';
import { refusalCode } from '../helpers/refusal.ts';

const CORPUS = fileURLToPath(new URL('../../corpora/attachments/', import.meta.url));
// The reference the three real image logs of corpora/dsh-logs carry.
const RED: ImageAttachmentRef = { attachmentId: 'sha256:b1ff9c8ea3a780bad09b346c423d2d0e46815926879b18e841d928376a946640', mediaType: 'image/png', bytes: 69, width: 1, height: 1 };

const code = refusalCode;

describe('probeImage', () => {
  it('reads the media type and size from the header of every format, WebP in its three chunk forms', () => {
    for (const mediaType of IMAGE_MEDIA_TYPES) {
      for (const [w, h] of [[1, 1], [640, 480], [3, 16383]] as const) {
        const kinds: WebpKind[] = mediaType === 'image/webp' ? ['VP8 ', 'VP8L', 'VP8X'] : ['VP8 '];
        for (const kind of kinds) expect(probeImage(imageBytes(mediaType, w, h, 5, 1, kind)), `${mediaType} ${kind} ${w}x${h}`).toEqual({ mediaType, width: w, height: h });
      }
    }
  });

  it('reads the real PNG DSH stored, and nothing from bytes that are no image or a cut header', () => {
    expect(probeImage(readFileSync(join(CORPUS, 'attachments/v1/objects/b1', RED.attachmentId.slice(7))))).toEqual({ mediaType: 'image/png', width: 1, height: 1 });
    expect(probeImage(new TextEncoder().encode('not an image at all'))).toBeUndefined();
    for (const mediaType of IMAGE_MEDIA_TYPES) expect(probeImage(imageBytes(mediaType, 9, 9).subarray(0, 8)), mediaType).toBeUndefined();
    expect(probeImage(imageBytes('image/png', 0, 5))).toBeUndefined();
  });
});

describe('DirectoryAttachmentStore', () => {
  it('reads the object the real image logs reference from the DSH-layout store in corpora/attachments', () => {
    const bytes = new DirectoryAttachmentStore(CORPUS).readImage(RED);
    expect(bytes.byteLength).toBe(69);
    expect(`sha256:${sha256Hex(bytes)}`).toBe(RED.attachmentId);
  });

  it('verifies every read in order: id, presence, other read errors, digest, then metadata', () => {
    const root = mkdtempSync(join(tmpdir(), 'recon-store-'));
    const store = new DirectoryAttachmentStore(root);
    const ref = store.writeImage(imageBytes('image/jpeg', 32, 24, 100));
    expect(store.readImage(ref).byteLength).toBe(ref.bytes);
    expect(code(() => store.readImage({ ...ref, attachmentId: 'sha256:ABC' }))).toBe('INVALID_ATTACHMENT_REF');
    expect(code(() => store.readImage({ ...ref, attachmentId: ref.attachmentId.toUpperCase() }))).toBe('INVALID_ATTACHMENT_REF');
    expect(code(() => store.readImage({ ...ref, width: 0 }))).toBe('INVALID_ATTACHMENT_REF');
    expect(code(() => store.readImage(null))).toBe('INVALID_ATTACHMENT_REF');
    expect(code(() => store.readImage({ ...ref, attachmentId: `sha256:${'0'.repeat(64)}` }))).toBe('ATTACHMENT_NOT_FOUND');
    for (const wrong of [{ width: 33 }, { height: 1 }, { bytes: ref.bytes + 1 }, { mediaType: 'image/png' as const }]) {
      expect(code(() => store.readImage({ ...ref, ...wrong })), JSON.stringify(wrong)).toBe('ATTACHMENT_CORRUPT');
    }
    // A flipped byte: the object no longer hashes to its address.
    const path = join(root, 'attachments/v1/objects', ref.attachmentId.slice(7, 9), ref.attachmentId.slice(7));
    const flipped = readFileSync(path);
    flipped[flipped.length - 1] = flipped[flipped.length - 1]! ^ 1;
    writeFileSync(path, flipped);
    expect(code(() => store.readImage(ref))).toBe('ATTACHMENT_CORRUPT');
    // Not absent, not readable: a folder where the object should be.
    const unreadable = { ...ref, attachmentId: `sha256:${'ab'.repeat(32)}` };
    mkdirSync(join(root, 'attachments/v1/objects/ab', 'ab'.repeat(32)), { recursive: true });
    expect(code(() => store.readImage(unreadable))).toBe('ATTACHMENT_READ_FAILED');
  });

  it('writes an object once: the same bytes again are fine, different bytes at its address are refused', () => {
    const root = mkdtempSync(join(tmpdir(), 'recon-store-'));
    const store = new DirectoryAttachmentStore(root);
    const bytes = imageBytes('image/webp', 10, 20, 40, 3, 'VP8X');
    const ref = store.writeImage(bytes, 'a.webp');
    expect(ref).toEqual({ attachmentId: `sha256:${sha256Hex(bytes)}`, mediaType: 'image/webp', bytes: bytes.byteLength, width: 10, height: 20, name: 'a.webp' });
    expect(store.writeImage(bytes)).toMatchObject({ attachmentId: ref.attachmentId });
    const path = join(root, 'attachments/v1/objects', ref.attachmentId.slice(7, 9), ref.attachmentId.slice(7));
    writeFileSync(path, imageBytes('image/png', 1, 1));
    expect(code(() => store.writeImage(bytes))).toBe('ATTACHMENT_WRITE_FAILED');
    expect(code(() => store.writeImage(new Uint8Array([1, 2, 3])))).toBe('ATTACHMENT_WRITE_FAILED');
  });

  it('is found where DSH keeps it: $DSH_HOME, else ~/.dsh', () => {
    expect(defaultStoreRoot({ DSH_HOME: '/srv/dsh' }, '/home/u')).toBe('/srv/dsh');
    expect(defaultStoreRoot({}, '/home/u')).toBe('/home/u/.dsh');
  });
});

describe('MemoryAttachmentStore', () => {
  it('runs the same checks over objects held in memory, damaged ones included', () => {
    const bytes = imageBytes('image/png', 4, 4, 10);
    const store = new MemoryAttachmentStore();
    const ref = store.writeImage(bytes);
    expect(store.readImage(ref)).toEqual(bytes);
    const damaged = Uint8Array.from(bytes);
    damaged[30] = damaged[30]! ^ 0xff;
    expect(code(() => MemoryAttachmentStore.of([[ref.attachmentId.slice(7), damaged]]).readImage(ref))).toBe('ATTACHMENT_CORRUPT');
    expect(code(() => new MemoryAttachmentStore().readImage(ref))).toBe('ATTACHMENT_NOT_FOUND');
  });
});
