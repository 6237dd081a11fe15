/**
 * A content-addressed store of image objects, read as DSH reads its own (dsh-eras §5.2):
 * every read checks, in this order, the id pattern (INVALID_ATTACHMENT_REF), the object's
 * presence (ATTACHMENT_NOT_FOUND), any other read error (ATTACHMENT_READ_FAILED), the
 * sha256 of its bytes, then the media type, byte length, width and height its header
 * declares against the reference (ATTACHMENT_CORRUPT). Reads never apply admission limits,
 * so older history stays readable.
 */
// @ts-nocheck

import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeFileAtomic } from '../_internals/atomic-write.ts';
import { ReconError } from '../errors.ts';
import { digestOf, isImageMediaType, type ImageAttachmentRef } from './image-ref.ts';
import { refuseRead } from './rules.ts';
import { probeImage } from './probe-image.ts';

/** Where the objects are: what a serializer reads through. */
export interface AttachmentStore {
  /** The verified bytes of the object `ref` names; throws a ReconError with an attachment code. */
  readImage(ref: unknown): Uint8Array;
}

/** Where raw objects come from; `undefined` means absent. */
interface ObjectSource {
  read(hex: string): Uint8Array | undefined;
}

/** The checks of every read, over any source of objects. */
function verifiedRead(source: ObjectSource, ref: unknown): Uint8Array {
  const hex = refDigest(ref);
  const bytes = source.read(hex);
  if (bytes === undefined) return refuseRead('attachment.present', `attachment object sha256:${hex} is missing from the store`, 'give the store the log was written with (recon audit --attachments DIR)');
  const r = ref as ImageAttachmentRef;
  if (sha256Hex(bytes) !== hex) refuseRead('attachment.digest', `attachment object sha256:${hex} fails integrity verification: its bytes hash to sha256:${sha256Hex(bytes)}`);
  const header = probeImage(bytes);
  const found = header === undefined ? 'no PNG, JPEG, WebP or GIF header' : `${header.mediaType} ${header.width}x${header.height}`;
  if (header === undefined || header.mediaType !== r.mediaType || bytes.byteLength !== r.bytes || header.width !== r.width || header.height !== r.height) {
    refuseRead('attachment.header', `attachment object sha256:${hex} does not match its reference: recorded ${r.mediaType} ${r.width}x${r.height}, ${r.bytes} bytes; stored ${found}, ${bytes.byteLength} bytes`);
  }
  return bytes;
}

/** The digest a reference names, or INVALID_ATTACHMENT_REF when it is no reference. */
function refDigest(ref: unknown): string {
  const r = (typeof ref === 'object' && ref !== null ? ref : {}) as Record<string, unknown>;
  const hex = digestOf(r['attachmentId']);
  if (hex === undefined) refuseRead('attachment.id', `attachment id ${JSON.stringify(r['attachmentId'])} is not sha256:<64 lowercase hex>`);
  const metadata = isImageMediaType(r['mediaType']) && [r['bytes'], r['width'], r['height']].every((n) => Number.isSafeInteger(n) && (n as number) > 0);
  if (!metadata) refuseRead('attachment.metadata', `attachment sha256:${hex} has no valid recorded metadata (mediaType, bytes, width, height)`);
  return hex;
}

export function sha256Hex(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/** The reference a new object gets: its address and the metadata of its header. */
function refFor(bytes: Uint8Array, name?: string): ImageAttachmentRef {
  const header = probeImage(bytes);
  if (header === undefined) throw new ReconError('ATTACHMENT_WRITE_FAILED', 'the bytes to store are not a PNG, JPEG, WebP or GIF image');
  return { attachmentId: `sha256:${sha256Hex(bytes)}`, mediaType: header.mediaType, bytes: bytes.byteLength, width: header.width, height: header.height, ...(name === undefined ? {} : { name }) };
}

/** DSH's on-disk layout: `<root>/attachments/v1/objects/<first 2 hex>/<64 hex>`. */
export class DirectoryAttachmentStore implements AttachmentStore {
  readonly #objects: string;
  readonly #source: ObjectSource;

  /** `root` is DSH's home (`$DSH_HOME`, `~/.dsh`): the folder holding `attachments/`. */
  constructor(readonly root: string) {
    this.#objects = join(root, 'attachments', 'v1', 'objects');
    this.#source = {
      read: (hex) => {
        try {
          return readFileSync(this.#pathOf(hex));
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'ENOENT' || code === 'ENOTDIR') return undefined;
          return refuseRead('attachment.readable', `attachment object sha256:${hex} could not be read: ${code ?? String(error)}`);
        }
      },
    };
  }

  #pathOf(hex: string): string {
    return join(this.#objects, hex.slice(0, 2), hex);
  }

  readImage(ref: unknown): Uint8Array {
    return verifiedRead(this.#source, ref);
  }

  /** Stores `bytes` atomically at their address and returns their reference; an object already there must be the same bytes. */
  writeImage(bytes: Uint8Array, name?: string): ImageAttachmentRef {
    const ref = refFor(bytes, name);
    const hex = digestOf(ref.attachmentId)!;
    const path = this.#pathOf(hex);
    try {
      mkdirSync(join(this.#objects, hex.slice(0, 2)), { recursive: true, mode: 0o700 });
      writeFileAtomic(path, bytes, { exclusive: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw new ReconError('ATTACHMENT_WRITE_FAILED', `attachment object sha256:${hex} could not be stored: ${(error as Error).message}`);
      const existing = this.#source.read(hex);
      if (existing === undefined || !Buffer.from(existing).equals(bytes)) throw new ReconError('ATTACHMENT_WRITE_FAILED', `a different object already sits at the address of sha256:${hex}: the store is damaged`);
    }
    return ref;
  }
}

/** Objects held in memory, by digest: for tests, generated cases and the protocol's inline objects. */
export class MemoryAttachmentStore implements AttachmentStore {
  readonly #objects = new Map<string, Uint8Array>();
  readonly #source: ObjectSource = { read: (hex) => this.#objects.get(hex) };

  /** A store holding exactly these objects as they are, damaged ones included (keys are hex digests). */
  static of(objects: Iterable<readonly [string, Uint8Array]>): MemoryAttachmentStore {
    const store = new MemoryAttachmentStore();
    for (const [hex, bytes] of objects) store.#objects.set(hex, bytes);
    return store;
  }

  readImage(ref: unknown): Uint8Array {
    return verifiedRead(this.#source, ref);
  }

  writeImage(bytes: Uint8Array, name?: string): ImageAttachmentRef {
    const ref = refFor(bytes, name);
    const hex = digestOf(ref.attachmentId)!;
    const existing = this.#objects.get(hex);
    if (existing !== undefined && !Buffer.from(existing).equals(bytes)) throw new ReconError('ATTACHMENT_WRITE_FAILED', `a different object already sits at the address of sha256:${hex}`);
    this.#objects.set(hex, Uint8Array.from(bytes));
    return ref;
  }

  /** The objects, by hex digest. */
  entries(): IterableIterator<[string, Uint8Array]> {
    return this.#objects.entries();
  }
}

/** DSH's default store: `$DSH_HOME`, else `~/.dsh`. */
export function defaultStoreRoot(env: NodeJS.ProcessEnv, home: string): string {
  return env['DSH_HOME'] !== undefined && env['DSH_HOME'] !== '' ? env['DSH_HOME'] : join(home, '.dsh');
}
