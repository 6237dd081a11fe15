/**
 * The image path on the wire (dsh-eras §6.2): DeepSeek's bodies byte for byte against DSH
 * rc.8's own adapter (the differential oracle), on the real image logs and on generated
 * requests; OpenAI's and Anthropic's shapes; the offload; the store's codes passed on.
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { imageBytes } from '../../properties/arbitraries/images.ts';
import { DirectoryAttachmentStore, IMAGE_MEDIA_TYPES, MemoryAttachmentStore, type ImageAttachmentRef } from '../../src/attachments/index.ts';
import { deepSeekAdapter } from '../../src/conformance/dsh/deepseek-wire.ts';
import { serialize as dshSerialize } from '../../src/conformance/dsh/dsh-implementation.ts';
import { loadDshPackages, type DshPackages } from '../../src/conformance/dsh/packages.ts';
import { ReconError } from '../../src/errors.ts';
import { reconstructRequest, requestBoundaries } from '../../src/fold/index.ts';
import { isPlaceholder, loadJsonl, type ContentBlock, type Message } from '../../src/log/index.ts';
import { OFFLOADED_IMAGE_TEXT, base64Length, offloadOldestImages, serializeAnthropicRequest, serializeDeepSeekRequest, serializeOpenAiRequest, type GenerateRequest } from '../../src/wire/index.ts';
import { DSH_LOGS_DIR, dshLogs } from '../helpers/corpora.ts';

const MODEL = 'deepseek-v4-flash';
const IMAGE_LOGS = ['acp__snapshots__read-image__session.jsonl', 'acp__snapshots__inline-image-prompt__session.jsonl', 'acp__snapshots__code-mode-read-image__session.jsonl'];
const STORE_ROOT = DSH_LOGS_DIR.replace(/dsh-logs\/$/, 'attachments/');

let dsh: DshPackages;
beforeAll(async () => {
  dsh = await loadDshPackages('dsh', process.cwd());
});

const code = (body: () => unknown): string | undefined => {
  try {
    body();
    return undefined;
  } catch (error) {
    if (!ReconError.is(error)) throw error;
    return error.code;
  }
};

/** DSH's body for `request`, or the code it refused with. */
async function dshBody(request: GenerateRequest, store: MemoryAttachmentStore | DirectoryAttachmentStore, bound?: number): Promise<string> {
  const adapter = deepSeekAdapter(dsh, {}, undefined, { store, imageModels: [MODEL], ...(bound === undefined ? {} : { maxRequestImageBytes: bound }) });
  try {
    return (await dshSerialize(adapter, request)).body;
  } catch (error) {
    return `refused ${(error as { code?: string }).code ?? String(error)}`;
  }
}

function ourBody(request: GenerateRequest, store: MemoryAttachmentStore | DirectoryAttachmentStore, bound?: number): string {
  try {
    return serializeDeepSeekRequest(request, { images: { attachments: store, acceptsImages: (m) => m === MODEL, ...(bound === undefined ? {} : { maxRequestImageBytes: bound }) } }).body;
  } catch (error) {
    if (!ReconError.is(error)) throw error;
    return `refused ${error.code}`;
  }
}

describe('the DeepSeek image path, against DSH rc.8', () => {
  it('sends the requests of the three real image logs as DSH sends them, images read from corpora/attachments', async () => {
    const store = new DirectoryAttachmentStore(STORE_ROOT);
    let images = 0;
    for (const [name, text] of dshLogs().filter(([n]) => IMAGE_LOGS.includes(n))) {
      const { log } = loadJsonl(text);
      for (const boundary of requestBoundaries(log.events)) {
        const rebuilt = reconstructRequest(log.events, boundary.seq, log.header.id)!;
        // The scrubbed tools placeholder of the snapshot is no tool list to send.
        const request = { ...rebuilt, model: MODEL, ...(isPlaceholder(rebuilt.tools) ? { tools: [] } : {}) };
        const ours = ourBody(request, store);
        expect(ours, name).toBe(await dshBody(request, store));
        images += ours.split('data:image/png;base64,').length - 1;
      }
    }
    expect(images).toBeGreaterThanOrEqual(3);
  });

  it('sends generated image requests as DSH does: user and tool-result images, every media type, offload bounds crossed, store faults', async () => {
    const failures: string[] = [];
    const seen = new Map<string, number>();
    const note = (label: string) => seen.set(label, (seen.get(label) ?? 0) + 1);
    await fc.assert(
      fc.asyncProperty(imageRequest, async ({ request, store, bound }) => {
        const ours = ourBody(request, store, bound);
        const theirs = await dshBody(request, store, bound);
        if (ours !== theirs) failures.push(`${JSON.stringify(request.messages).slice(0, 300)}\n  ours   ${ours.slice(0, 300)}\n  theirs ${theirs.slice(0, 300)}`);
        note(ours.startsWith('refused') ? ours : ours.includes(OFFLOADED_IMAGE_TEXT) ? 'offloaded' : 'sent whole');
        if (ours.includes('Attached image(s) from tool result:')) note('tool images');
      }),
      { numRuns: 150, seed: 20261201 },
    );
    expect(failures).toEqual([]);
    // The cases reach every outcome the path has.
    for (const label of ['sent whole', 'offloaded', 'tool images', 'refused ATTACHMENT_NOT_FOUND', 'refused ATTACHMENT_CORRUPT', 'refused INVALID_ATTACHMENT_REF']) expect(seen.get(label) ?? 0, label).toBeGreaterThan(0);
  });
});

describe('offloadOldestImages', () => {
  it('replaces the oldest first, counting base64 lengths from the recorded sizes, and never changes the messages it was given', () => {
    const refs = [3, 4, 5].map((n) => ({ type: 'image' as const, attachment: { attachmentId: `sha256:${String(n).repeat(64)}`, mediaType: 'image/png', bytes: n * 3, width: 1, height: 1 } }));
    const messages: Message[] = [user('a', [refs[0]!]), user('b', [{ type: 'tool-result', toolCallId: 'c', content: [refs[1]!] }]), user('c', [refs[2]!])];
    const frozen = structuredClone(messages);
    const total = refs.reduce((n, r) => n + base64Length(r.attachment.bytes), 0);
    expect(offloadOldestImages(messages, total)).toEqual(messages);
    expect(offloadOldestImages(messages, undefined)).toEqual(messages);
    expect(offloadOldestImages(messages, -1).map((m) => JSON.stringify(m).includes('sha256:'))).toEqual([false, false, false]);
    const once = offloadOldestImages(messages, total - 1);
    expect(once[0]!.content).toEqual([{ type: 'text', text: OFFLOADED_IMAGE_TEXT }]);
    expect(once.slice(1)).toEqual(messages.slice(1));
    const twice = offloadOldestImages(messages, base64Length(15));
    expect(JSON.stringify(twice[1])).toContain(OFFLOADED_IMAGE_TEXT);
    expect(twice[2]).toEqual(messages[2]);
    expect(messages).toEqual(frozen);
  });
});

describe('OpenAI and Anthropic carry images too', () => {
  const store = new MemoryAttachmentStore();
  const ref = store.writeImage(imageBytes('image/jpeg', 8, 6, 20));
  const request: GenerateRequest = {
    provider: 'p',
    model: 'vision',
    messages: [user('u', [{ type: 'text', text: 'look' }, { type: 'image', attachment: ref }]), { id: 'a', role: 'assistant', content: [{ type: 'tool-call', id: 'c1', name: 'shot', arguments: '{}' }], source: { kind: 'model', provider: 'p', model: 'vision' } }, user('t', [{ type: 'tool-result', toolCallId: 'c1', content: [{ type: 'text', text: 'here' }, { type: 'image', attachment: ref }] }])],
  };
  const images = { attachments: store, acceptsImages: () => true };
  const data = Buffer.from(store.readImage(ref)).toString('base64');

  it('OpenAI: data-URL parts in the user message, a tool result\'s images in one user message after it', () => {
    const body = JSON.parse(serializeOpenAiRequest(request, { images }).body) as { messages: unknown[] };
    expect(body.messages).toEqual([
      { role: 'user', content: [{ type: 'text', text: 'look' }, { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${data}` } }] },
      { role: 'assistant', content: null, tool_calls: [{ id: 'c1', type: 'function', function: { name: 'shot', arguments: '{}' } }] },
      { role: 'tool', tool_call_id: 'c1', content: 'here' },
      { role: 'user', content: [{ type: 'text', text: 'Attached image(s) from tool result:' }, { type: 'image_url', image_url: { url: `data:image/jpeg;base64,${data}` } }] },
    ]);
  });

  it('Anthropic: base64 image blocks, a tool result\'s images inside its tool_result', () => {
    const body = JSON.parse(serializeAnthropicRequest(request, { images }).body) as { messages: Array<{ content: unknown[] }> };
    const image = { type: 'image', source: { type: 'base64', media_type: 'image/jpeg', data } };
    expect(body.messages[0]!.content).toEqual([{ type: 'text', text: 'look' }, image]);
    expect(body.messages[2]!.content).toEqual([{ type: 'tool_result', tool_use_id: 'c1', content: [{ type: 'text', text: 'here' }, image], cache_control: { type: 'ephemeral' } }]);
  });

  it('refuse with UNSUPPORTED_CONTENT a model without image input or a request without a store, and pass every store code on', () => {
    for (const serialize of [serializeDeepSeekRequest, serializeOpenAiRequest, serializeAnthropicRequest]) {
      expect(code(() => serialize(request, {}))).toBe('UNSUPPORTED_CONTENT');
      expect(code(() => serialize(request, { images: { attachments: store, acceptsImages: () => false } }))).toBe('UNSUPPORTED_CONTENT');
      expect(code(() => serialize(request, { images: { acceptsImages: () => true } }))).toBe('UNSUPPORTED_CONTENT');
      expect(code(() => serialize(request, { images: { ...images, attachments: new MemoryAttachmentStore() } }))).toBe('ATTACHMENT_NOT_FOUND');
      const wrong = { ...request, messages: [user('u', [{ type: 'image' as const, attachment: { ...ref, width: 9 } }])] };
      expect(code(() => serialize(wrong, { images }))).toBe('ATTACHMENT_CORRUPT');
      const bad = { ...request, messages: [user('u', [{ type: 'image' as const, attachment: { ...ref, attachmentId: 'sha256:xyz' } }])] };
      expect(code(() => serialize(bad, { images }))).toBe('INVALID_ATTACHMENT_REF');
    }
  });
});

function user(id: string, content: ContentBlock[]): Message {
  return { id, role: 'user', content, source: { kind: 'user' } };
}

/** A request with images in user messages and tool results, over a store that may lack or damage one object. */
const imageRequest = fc
  .record({
    images: fc.array(fc.record({ type: fc.constantFrom(...IMAGE_MEDIA_TYPES), w: fc.integer({ min: 1, max: 3000 }), h: fc.integer({ min: 1, max: 3000 }), extra: fc.integer({ min: 0, max: 900 }), seed: fc.nat() }), { minLength: 1, maxLength: 6 }),
    layout: fc.array(fc.record({ where: fc.constantFrom('user', 'user-text', 'tool', 'tool-text'), group: fc.boolean() }), { minLength: 1, maxLength: 6 }),
    fault: fc.constantFrom('none', 'none', 'none', 'missing', 'flipped', 'width', 'media', 'id'),
    bound: fc.option(fc.integer({ min: 1, max: 4000 }), { nil: undefined }),
  })
  .map(({ images, layout, fault, bound }) => {
    const store = new MemoryAttachmentStore();
    const refs: ImageAttachmentRef[] = images.map((image) => store.writeImage(imageBytes(image.type, image.w, image.h, image.extra, image.seed)));
    let faulty = refs;
    if (fault !== 'none') {
      const [first, ...rest] = refs;
      const hex = first!.attachmentId.slice(7);
      const objects = [...store.entries()].filter(([h]) => fault !== 'missing' || h !== hex).map(([h, bytes]) => [h, fault === 'flipped' && h === hex ? Uint8Array.from(bytes, (b, i) => (i === bytes.length - 1 ? b ^ 1 : b)) : bytes] as const);
      const damaged = fault === 'width' ? { ...first!, width: first!.width + 1 } : fault === 'media' ? { ...first!, mediaType: first!.mediaType === 'image/png' ? ('image/gif' as const) : ('image/png' as const) } : fault === 'id' ? { ...first!, attachmentId: first!.attachmentId.toUpperCase() } : first!;
      faulty = [damaged, ...rest];
      return { store: MemoryAttachmentStore.of(objects), messages: layoutMessages(faulty, layout), bound };
    }
    return { store, messages: layoutMessages(faulty, layout), bound };
  })
  .map(({ store, messages, bound }) => ({ store, bound, request: { provider: 'deepseek', model: MODEL, system: 'sys', messages, sessionId: 's' } as GenerateRequest }));

function layoutMessages(refs: readonly ImageAttachmentRef[], layout: ReadonlyArray<{ where: string; group: boolean }>): Message[] {
  const messages: Message[] = [];
  let call = 0;
  refs.forEach((ref, i) => {
    const { where, group } = layout[i % layout.length]!;
    const image: ContentBlock = { type: 'image', attachment: ref };
    if (where.startsWith('user')) {
      messages.push(user(`u${i}`, where === 'user-text' ? [{ type: 'text', text: `see ${i}` }, image, { type: 'text', text: '' }] : [image]));
      return;
    }
    const id = `c${++call}`;
    const result: ContentBlock = { type: 'tool-result', toolCallId: id, content: where === 'tool-text' ? [{ type: 'text', text: `out ${i}` }, image] : [image] };
    const previous = messages.at(-1);
    // Consecutive results in one message, or each after its own assistant call.
    if (group && previous?.role === 'user' && previous.content.every((b) => b.type === 'tool-result')) {
      (previous.content as ContentBlock[]).push(result);
      return;
    }
    messages.push({ id: `a${i}`, role: 'assistant', content: [{ type: 'tool-call', id, name: 'read_image', arguments: '{}' }], source: { kind: 'model', provider: 'deepseek', model: MODEL } });
    messages.push(user(`t${i}`, [result]));
  });
  return messages;
}
