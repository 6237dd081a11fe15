/**
 * Requests with images and the store they are read from (dsh-eras §5–6): images in user
 * messages and in tool results (one, several, consecutive results in one message or each
 * after its own call, failed or not, with empty text or reasoning beside them), in old and
 * new turns, of every media type and WebP chunk form, with sizes and bounds that make the
 * offload remove some, none, all, or exactly the older ones; system notes, results without
 * output and prompts beside results between them; now and then a message no image path
 * carries (a developer message, an image in a reply or a system message); and stores that lack an
 * object, hold a flipped byte, or a reference that records a wrong width, height, size or
 * media type, or a malformed id. Each case knows what every read gives: the oracle needs no
 * probe of its own.
 */
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

/**
 * Where one image goes, and what its messages carry beside it: a result's error flag, an
 * empty text block (no part on the wire) or reasoning (never sent) beside the image, and what
 * follows (a system-role note, a call whose result has no output, the next prompt in the
 * results' own message).
 */
const place = fc.record({
  // A tool that returns an image mostly says what it read beside it.
  where: fc.constantFrom('user', 'user with text', 'tool result', 'tool result with text', 'tool result with text', 'tool results together'),
  note: anyText,
  isError: fc.constantFrom(undefined, false, true),
  beside: fc.subarray(['empty text', 'reasoning'] as const),
  then: fc.oneof({ weight: 4, arbitrary: fc.constant('nothing' as const) }, { weight: 1, arbitrary: fc.constantFrom('system note' as const, 'result without output' as const, 'prompt beside results' as const) }),
});
type Place = typeof place extends fc.Arbitrary<infer T> ? T : never;

/** A message no image path carries (spec WIRE-7.1: images only in user-role messages; WIRE-2.3, WIRE-4.1: no developer message), in one case of eight, as old as the image it holds. */
const STRAYS = ['developer message', 'image in a reply', 'image in a system message', 'image in a result inside a reply'] as const;
type Stray = (typeof STRAYS)[number];
const stray = fc.oneof(
  { weight: 14, arbitrary: fc.constant(undefined) },
  { weight: 2, arbitrary: fc.record({ kind: fc.oneof({ weight: 1, arbitrary: fc.constant(STRAYS[0]) }, { weight: 2, arbitrary: fc.constantFrom(...STRAYS.slice(1)) }), at: fc.nat() }) },
);

/**
 * The offload bound: none, a size drawn at random, exactly the base64 length of the newest
 * `newest` images (the boundary: they stay, the older go), or none to spare (0, or below).
 */
const bound = fc.option(
  fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 3000 }) },
    { weight: 3, arbitrary: fc.integer({ min: 1000, max: 12000 }) },
    { weight: 2, arbitrary: fc.record({ newest: fc.integer({ min: 1, max: 7 }) }) },
    { weight: 1, arbitrary: fc.constantFrom(0, -1) },
  ),
  { nil: undefined },
);

/** The base64 length an image's recorded size counts for: its size only when that is a positive number (spec WIRE-7.2). */
const counted = (ref: ImageAttachmentRef): number => (typeof ref.bytes === 'number' && ref.bytes > 0 ? Math.ceil(ref.bytes / 3) * 4 : 0);

export const imageCase: fc.Arbitrary<ImageCase> = fc
  .record({
    images: fc.array(image, { minLength: 1, maxLength: 7 }),
    places: fc.array(place, { minLength: 1, maxLength: 7 }),
    // A fault in two cases of three, most often on the newest image, which the offload keeps longest.
    fault: fc.option(fc.record({ kind: fc.constantFrom(...STORE_FAULTS), which: fc.oneof(fc.constant(-1), fc.nat()) }), { freq: 3, nil: undefined }),
    bound,
    system: fc.option(anyText, { nil: undefined }),
    stray,
  })
  .map(({ images, places, fault, bound, system, stray }) => {
    const store = new MemoryAttachmentStore();
    const refs: ImageAttachmentRef[] = images.map((i) => store.writeImage(imageBytes(i.mediaType, i.width, i.height, i.extra, i.seed, i.webp)));
    const objects: Record<string, string> = {};
    for (const [hex, bytes] of store.entries()) objects[`sha256:${hex}`] = Buffer.from(bytes).toString('base64');
    const reads: Record<string, string> = Object.fromEntries(refs.map((r) => [r.attachmentId, 'ok']));
    const sent = fault === undefined ? refs : damage(refs, objects, reads, fault.kind, fault.which < 0 ? refs.length - 1 : fault.which % refs.length);
    const maxRequestImageBytes = typeof bound === 'object' ? sent.slice(sent.length - Math.min(bound.newest, sent.length)).reduce((sum, r) => sum + counted(r), 0) : bound;
    const request: GenerateRequest = { provider: 'deepseek', model: 'vision-model', messages: layout(sent, places, stray), ...(system === undefined ? {} : { system }), sessionId: 'session-images' };
    return { request, images: { objects, ...(maxRequestImageBytes === undefined ? {} : { maxRequestImageBytes }) }, reads, ...(fault === undefined ? {} : { fault: fault.kind }) };
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
    case 'unrecorded size': {
      // Zero, absent, written as a string, negative: no size the offload can count.
      reads[id] = 'INVALID_ATTACHMENT_REF';
      const { bytes, ...rest } = ref;
      const forms: readonly object[] = [{ ...ref, bytes: 0 }, rest, { ...ref, bytes: String(bytes) }, { ...ref, bytes: -bytes }];
      return swap(forms[at % forms.length] as ImageAttachmentRef);
    }
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

const reply = (id: string, content: ContentBlock[]): Message => ({ id, role: 'assistant', content, source: { kind: 'model', provider: 'deepseek', model: 'vision-model' } });

/** The images placed in turns: prompts that carry them, tool results that return them, and what follows each. */
function layout(refs: readonly ImageAttachmentRef[], places: readonly Place[], stray: { readonly kind: Stray; readonly at: number } | undefined): Message[] {
  const messages: Message[] = [];
  let call = 0;
  refs.forEach((ref, i) => {
    const { where, note, isError, beside, then } = places[i % places.length]!;
    const picture: ContentBlock = { type: 'image', attachment: ref };
    const extra: ContentBlock[] = beside.map((b) => (b === 'empty text' ? { type: 'text', text: '' } : { type: 'reasoning', text: note }));
    if (where.startsWith('user')) {
      messages.push(user(`user-${i}`, where === 'user with text' ? [{ type: 'text', text: note }, picture, ...extra] : [picture, ...extra]));
    } else {
      const id = `call-${++call}`;
      const result: ContentBlock = { type: 'tool-result', toolCallId: id, content: where === 'tool result' ? [...extra, picture] : [{ type: 'text', text: note }, picture, ...extra], ...(isError === undefined ? {} : { isError }) };
      const previous = messages.at(-1);
      if (where === 'tool results together' && previous !== undefined && previous.content.length > 0 && previous.content.every((b) => b.type === 'tool-result')) {
        const calls = messages.at(-2)!;
        messages[messages.length - 2] = { ...calls, content: [...calls.content, { type: 'tool-call', id, name: 'read_image', arguments: '{}' }] };
        messages[messages.length - 1] = { ...previous, content: [...previous.content, result] };
      } else {
        messages.push(reply(`reply-${i}`, [{ type: 'text', text: note }, { type: 'tool-call', id, name: 'read_image', arguments: '{}' }]));
        messages.push(user(`result-${i}`, [result]));
      }
    }
    if (then === 'system note') messages.push({ id: `note-${i}`, role: 'system', content: [{ type: 'text', text: note }], source: { kind: 'plugin', plugin: 'notes' } });
    else if (then === 'result without output') {
      const id = `call-${++call}`;
      messages.push(reply(`quiet-call-${i}`, [{ type: 'tool-call', id, name: 'run', arguments: '{}' }]));
      messages.push(user(`quiet-result-${i}`, [{ type: 'tool-result', toolCallId: id, content: extra }]));
    } else if (then === 'prompt beside results') {
      const last = messages.at(-1)!;
      if (last.content.some((b) => b.type === 'tool-result')) messages[messages.length - 1] = { ...last, content: [...last.content, { type: 'text', text: note }] };
    }
  });
  if (stray !== undefined) {
    const at = stray.at % refs.length;
    const picture: ContentBlock = { type: 'image', attachment: refs[at]! };
    const odd: Message =
      stray.kind === 'developer message'
        ? { id: 'developer', role: 'developer', content: [{ type: 'text', text: 'tools changed' }], source: { kind: 'developer' } }
        : stray.kind === 'image in a system message'
          ? { id: 'stray', role: 'system', content: [{ type: 'text', text: 'see' }, picture], source: { kind: 'plugin', plugin: 'notes' } }
          : reply('stray', stray.kind === 'image in a reply' ? [{ type: 'text', text: 'here' }, picture] : [{ type: 'tool-result', toolCallId: 'call-0', content: [picture] }]);
    // Before the message of its image's turn, so it is as old as that image in the offload's order.
    const before = messages.findIndex((m) => JSON.stringify(m.content).includes(String(refs[at]!.attachmentId)));
    messages.splice(before < 0 ? messages.length : before, 0, odd);
  }
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
    'no place for it': c.request.messages.some((m) => m.role === 'developer' || (m.role !== 'user' && JSON.stringify(m.content).includes('"image"'))),
    'system note': c.request.messages.some((m) => m.role === 'system'),
    'result without output': c.request.messages.some((m) => m.content.some((b) => b.type === 'tool-result' && !b.content.some((x) => x.type === 'image' || (x.type === 'text' && x.text !== '')))),
    'prompt beside results': c.request.messages.some((m) => m.content.some((b) => b.type === 'tool-result') && m.content.some((b) => b.type === 'text')),
    'error result': text.includes('"isError":true'),
    'unrecorded size': c.fault === 'unrecorded size',
  };
}
