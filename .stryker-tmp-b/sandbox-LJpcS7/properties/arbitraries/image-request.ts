/**
 * Requests with images and the store they are read from (dsh-eras §5–6): images in user
 * messages and in tool results (one, several, consecutive results in one message or each
 * after its own call), in old and new turns, of every media type and WebP chunk form, with
 * sizes and bounds that make the offload remove some or none; and stores that lack an
 * object, hold a flipped byte, or a reference that records a wrong width, height, size or
 * media type, or a malformed id. Each case knows what every read gives: the oracle needs no
 * probe of its own.
 */
// @ts-nocheck

import fc from 'fast-check';
import { IMAGE_MEDIA_TYPES, MemoryAttachmentStore, type AttachmentRuleId, type ImageAttachmentRef } from '../../src/attachments/index.ts';
import type { WireImages } from '../../src/contract/index.ts';
import type { ContentBlock, Message } from '../../src/log/index.ts';
import type { GenerateRequest } from '../../src/wire/index.ts';
import { imageBytes, type WebpKind } from './images.ts';
import { anyText } from './text.ts';

export interface ImageCase {
  readonly request: GenerateRequest;
  /** The fault put into the store or a reference, if any. */
  readonly fault?: Fault;
  readonly images: WireImages;
  /** What reading each referenced id gives: `ok`, or the store's code. */
  readonly reads: Readonly<Record<string, string>>;
}

/** Each fault class and the read check it breaks (src/attachments/rules.ts). */
export const STORE_FAULT_RULES = {
  missing: 'attachment.present',
  'flipped byte': 'attachment.digest',
  'wrong width': 'attachment.header',
  'wrong height': 'attachment.header',
  'wrong size': 'attachment.header',
  'wrong media type': 'attachment.header',
  'malformed id': 'attachment.id',
  'unrecorded size': 'attachment.metadata',
} as const satisfies Record<string, AttachmentRuleId>;
export const STORE_FAULTS = Object.keys(STORE_FAULT_RULES) as Array<keyof typeof STORE_FAULT_RULES>;
type Fault = keyof typeof STORE_FAULT_RULES;

const image = fc.record({
  mediaType: fc.constantFrom(...IMAGE_MEDIA_TYPES),
  webp: fc.constantFrom<WebpKind>('VP8 ', 'VP8L', 'VP8X'),
  width: fc.oneof(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 16383 })),
  height: fc.oneof(fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 16383 })),
  extra: fc.integer({ min: 0, max: 1500 }),
  seed: fc.nat(),
});

const place = fc.record({ where: fc.constantFrom('user', 'user with text', 'tool result', 'tool result with text', 'tool results together'), note: anyText });

export const imageCase: fc.Arbitrary<ImageCase> = fc
  .record({
    images: fc.array(image, { minLength: 1, maxLength: 7 }),
    places: fc.array(place, { minLength: 1, maxLength: 7 }),
    // A fault in two cases of three, most often on the newest image, which the offload keeps longest.
    fault: fc.option(fc.record({ kind: fc.constantFrom(...STORE_FAULTS), which: fc.oneof(fc.constant(-1), fc.nat()) }), { freq: 3, nil: undefined }),
    bound: fc.option(fc.oneof(fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 1000, max: 12000 })), { nil: undefined }),
    system: fc.option(anyText, { nil: undefined }),
  })
  .map(({ images, places, fault, bound, system }) => {
    const store = new MemoryAttachmentStore();
    const refs: ImageAttachmentRef[] = images.map((i) => store.writeImage(imageBytes(i.mediaType, i.width, i.height, i.extra, i.seed, i.webp)));
    const objects: Record<string, string> = {};
    for (const [hex, bytes] of store.entries()) objects[`sha256:${hex}`] = Buffer.from(bytes).toString('base64');
    const reads: Record<string, string> = Object.fromEntries(refs.map((r) => [r.attachmentId, 'ok']));
    const sent = fault === undefined ? refs : damage(refs, objects, reads, fault.kind, fault.which < 0 ? refs.length - 1 : fault.which % refs.length);
    const request: GenerateRequest = { provider: 'deepseek', model: 'vision-model', messages: layout(sent, places), ...(system === undefined ? {} : { system }), sessionId: 'session-images' };
    return { request, images: { objects, ...(bound === undefined ? {} : { maxRequestImageBytes: bound }) }, reads, ...(fault === undefined ? {} : { fault: fault.kind }) };
  });

/** One fault in the store or a reference; every image with the same object shares it. */
function damage(refs: ImageAttachmentRef[], objects: Record<string, string>, reads: Record<string, string>, kind: Fault, at: number): ImageAttachmentRef[] {
  const ref = refs[at]!;
  const id = ref.attachmentId;
  const swap = (to: ImageAttachmentRef) => refs.map((r) => (r.attachmentId === id ? to : r));
  switch (kind) {
    case 'missing':
      delete objects[id];
      reads[id] = 'ATTACHMENT_NOT_FOUND';
      return refs;
    case 'flipped byte': {
      const bytes = Buffer.from(objects[id]!, 'base64');
      bytes[bytes.length - 1] = bytes[bytes.length - 1]! ^ 0x01;
      objects[id] = bytes.toString('base64');
      reads[id] = 'ATTACHMENT_CORRUPT';
      return refs;
    }
    case 'unrecorded size':
      reads[id] = 'INVALID_ATTACHMENT_REF';
      return swap({ ...ref, bytes: 0 });
    case 'malformed id': {
      const bad = pickBadId(id, at);
      reads[bad] = 'INVALID_ATTACHMENT_REF';
      return swap({ ...ref, attachmentId: bad });
    }
    default: {
      // A reference whose recorded metadata is not the object's.
      reads[id] = 'ATTACHMENT_CORRUPT';
      if (kind === 'wrong width') return swap({ ...ref, width: ref.width + 1 });
      if (kind === 'wrong height') return swap({ ...ref, height: ref.height === 1 ? 2 : ref.height - 1 });
      if (kind === 'wrong size') return swap({ ...ref, bytes: ref.bytes + 1 });
      return swap({ ...ref, mediaType: ref.mediaType === 'image/png' ? 'image/jpeg' : 'image/png' });
    }
  }
}

function pickBadId(id: string, at: number): string {
  const hex = id.slice('sha256:'.length);
  return [`sha256:${hex.toUpperCase()}`, `sha256:${hex.slice(1)}`, hex, `sha1:${hex.slice(0, 40)}`, `sha256:${hex.slice(0, 63)}g`][at % 5]!;
}

function user(id: string, content: ContentBlock[]): Message {
  return { id, role: 'user', content, source: { kind: 'user' } };
}

/** The images placed in turns: prompts that carry them, tool results that return them. */
function layout(refs: readonly ImageAttachmentRef[], places: ReadonlyArray<{ where: string; note: string }>): Message[] {
  const messages: Message[] = [];
  let call = 0;
  refs.forEach((ref, i) => {
    const { where, note } = places[i % places.length]!;
    const picture: ContentBlock = { type: 'image', attachment: ref };
    if (where.startsWith('user')) {
      messages.push(user(`user-${i}`, where === 'user with text' ? [{ type: 'text', text: note }, picture, { type: 'text', text: '' }] : [picture]));
      return;
    }
    const id = `call-${++call}`;
    const result: ContentBlock = { type: 'tool-result', toolCallId: id, content: where === 'tool result with text' ? [{ type: 'text', text: note }, picture] : [picture] };
    const previous = messages.at(-1);
    if (where === 'tool results together' && previous !== undefined && previous.content.length > 0 && previous.content.every((b) => b.type === 'tool-result')) {
      const calls = messages.at(-2)!;
      messages[messages.length - 2] = { ...calls, content: [...calls.content, { type: 'tool-call', id, name: 'read_image', arguments: '{}' }] };
      messages[messages.length - 1] = { ...previous, content: [...previous.content, result] };
      return;
    }
    messages.push({ id: `reply-${i}`, role: 'assistant', content: [{ type: 'text', text: note }, { type: 'tool-call', id, name: 'read_image', arguments: '{}' }], source: { kind: 'model', provider: 'deepseek', model: 'vision-model' } });
    messages.push(user(`result-${i}`, [result]));
  });
  messages.push(user('last', [{ type: 'text', text: 'and now?' }]));
  return messages;
}

/** Labels of a case: where its images are, what the store does, whether the offload acts. */
export function imageCaseLabels(c: ImageCase): Record<string, boolean> {
  const text = JSON.stringify(c.request.messages);
  const reads = Object.values(c.reads);
  return {
    'image in a prompt': c.request.messages.some((m) => m.source.kind === 'user' && m.content.some((b) => b.type === 'image')),
    'image in a tool result': text.includes('"tool-result"'),
    'several results in one message': c.request.messages.some((m) => m.content.filter((b) => b.type === 'tool-result').length > 1),
    'store fault': reads.some((r) => r !== 'ok'),
    'offload bound': c.images.maxRequestImageBytes !== undefined,
    'image/gif': text.includes('image/gif'),
    'image/webp': text.includes('image/webp'),
    'image/jpeg': text.includes('image/jpeg'),
  };
}
