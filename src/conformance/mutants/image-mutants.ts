/** Mutants of the image path: stores that trust what they read, offloads that count wrong, images put where they do not go. */
import { ReconError } from '../../errors.ts';
import type { AttachmentStore } from '../../attachments/index.ts';
import type { ContentBlock, Message } from '../../log/index.ts';
import { OFFLOADED_IMAGE_TEXT, TOOL_RESULT_IMAGES_TEXT, WIRE_FORMATS, base64Length, offloadOldestImages, serializeAnthropicRequest, serializeDeepSeekRequest, serializeOpenAiRequest, translateSseBody, type GenerateRequest, type ImageWireOptions, type WireRequest } from '../../wire/index.ts';
import { cutAt } from '../reference/reference-implementation.ts';
import { inProcess } from './define.ts';

/** The DeepSeek serializer with the store wrapped by `wrap`. */
const withStore = (wrap: (store: AttachmentStore) => AttachmentStore) => (request: GenerateRequest, images?: ImageWireOptions) =>
  serializeDeepSeekRequest(request, images?.attachments === undefined ? (images === undefined ? {} : { images }) : { images: { ...images, attachments: wrap(images.attachments) } });

/** A store read that recovers from the refusals of `codes` by reading as if that check did not exist. */
function skipping(codes: readonly string[], recover: (store: AttachmentStore, ref: unknown, error: ReconError) => Uint8Array): (store: AttachmentStore) => AttachmentStore {
  return (store) => ({
    readImage: (ref) => {
      try {
        return store.readImage(ref);
      } catch (error) {
        if (!ReconError.is(error) || !codes.includes(error.code)) throw error;
        return recover(store, ref, error);
      }
    },
  });
}

// A tiny valid PNG: what a forgiving reader puts where an object is missing.
const PLACEHOLDER_PNG = Uint8Array.from(Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'));

export const IMAGE_DIGEST_NOT_CHECKED = inProcess('image-digest-not-checked', 'the store reads an object by its address and never hashes it, so a flipped byte goes out as the image', 'validation skipped', {
  parts: { serialize: withStore(skipping(['ATTACHMENT_CORRUPT'], (store, ref, error) => (error.rule === 'attachment.digest' ? rawRead(store, ref) : thrown(error)))) },
});

export const IMAGE_METADATA_NOT_CHECKED = inProcess('image-metadata-not-checked', 'the store checks the digest but not the recorded media type, size and dimensions, so a reference that does not describe its object is sent', 'validation skipped', {
  parts: { serialize: withStore(skipping(['ATTACHMENT_CORRUPT'], (store, ref, error) => (error.rule === 'attachment.header' ? rawRead(store, ref) : thrown(error)))) },
});

export const IMAGE_MISSING_PLACEHOLDER = inProcess('image-missing-placeholder', 'a missing attachment object is replaced by a 1×1 placeholder image instead of failing the request', 'recovery path rewrites prefix', {
  parts: { serialize: withStore(skipping(['ATTACHMENT_NOT_FOUND'], () => PLACEHOLDER_PNG)) },
});

export const IMAGE_CODES_REWRITTEN = inProcess('image-codes-rewritten', 'every attachment failure is reported as UNSUPPORTED_CONTENT, so a missing object and a corrupt one look alike', 'validation skipped', {
  parts: {
    serialize: (request, images) => {
      try {
        return serializeDeepSeekRequest(request, images === undefined ? {} : { images });
      } catch (error) {
        if (ReconError.is(error) && (error.code.startsWith('ATTACHMENT_') || error.code === 'INVALID_ATTACHMENT_REF')) throw new ReconError('UNSUPPORTED_CONTENT', error.detail);
        throw error;
      }
    },
  },
});

/** Offloads in the mutant's own way first, then serializes with no bound left to apply. */
const preOffloaded = (offload: (messages: readonly Message[], bound: number) => readonly Message[]) => (request: GenerateRequest, images?: ImageWireOptions) => {
  if (images === undefined) return serializeDeepSeekRequest(request);
  const bound = images.maxRequestImageBytes ?? 20 * 1024 * 1024;
  return serializeDeepSeekRequest({ ...request, messages: offload(request.messages, bound) }, { images: { ...images, maxRequestImageBytes: Number.MAX_SAFE_INTEGER } });
};

export const IMAGE_OFFLOAD_NEWEST_FIRST = inProcess('image-offload-newest-first', 'the offload removes the newest images first, so the one the user just attached is the one the model never sees', 'sliding window', {
  parts: { serialize: preOffloaded((messages, bound) => offloadBy(messages, bound, base64Length, true)) },
});

export const IMAGE_OFFLOAD_RAW_BYTES = inProcess('image-offload-raw-bytes', 'the offload bound is held against the raw file sizes instead of their base64 length, so a request a third over the bound goes out', 'usage mis-mapped', {
  parts: { serialize: preOffloaded((messages, bound) => offloadBy(messages, bound, (bytes) => bytes, false)) },
});

export const IMAGE_IN_TOOL_MESSAGE = inProcess('image-in-tool-message', 'a tool result’s images stay in its tool message as parts, which DeepSeek’s tool role does not take, instead of following in one user message', 'wire field mis-mapped', {
  parts: { serialize: (request, images) => toolImagesKept(serializeDeepSeekRequest(request, images === undefined ? {} : { images })) },
});

const openAi = (request: GenerateRequest, images?: ImageWireOptions) => serializeOpenAiRequest(request, images === undefined ? {} : { images });
const anthropic = (request: GenerateRequest, images?: ImageWireOptions) => serializeAnthropicRequest(request, images === undefined ? {} : { images });
const parseOpenAi = WIRE_FORMATS.openai;
const parseAnthropic = WIRE_FORMATS.anthropic;

export const IMAGE_DATA_URL_PNG = inProcess('image-data-url-png', 'the OpenAI data URL names image/png for every image, whatever the object’s media type', 'wire field mis-mapped', {
  parts: {
    wire: {
      openai: { serialize: (request, images) => ({ ...openAi(request, images), body: openAi(request, images).body.replace(/data:image\/(jpeg|gif|webp);base64,/g, 'data:image/png;base64,') }), parseStream: streamOf(parseOpenAi) },
      anthropic: { serialize: anthropic, parseStream: streamOf(parseAnthropic) },
    },
  },
});

export const IMAGE_LIFTED_FROM_TOOL_RESULT = inProcess('image-lifted-from-tool-result', 'on Anthropic a tool’s images are taken out of its tool_result and sent after it in the user turn, as the chat-completions path does', 'wire field mis-mapped', {
  parts: {
    wire: {
      openai: { serialize: openAi, parseStream: streamOf(parseOpenAi) },
      anthropic: { serialize: (request, images) => liftedImages(anthropic(request, images)), parseStream: streamOf(parseAnthropic) },
    },
  },
});

export const IMAGE_ROLE_AFTER_OFFLOAD = inProcess('image-role-after-offload', 'the user-role rule for images is checked on the offloaded messages, so an image in an assistant or system message that the offload turned into text goes out as that text instead of refusing the request', 'validation skipped', {
  parts: { serialize: preOffloaded((messages, bound) => offloadOldestImages(messages, bound)) },
});

export const IMAGE_OFFLOAD_AT_BOUND = inProcess('image-offload-at-bound', 'the offload goes on while the images reach the bound, not only while they exceed it, so a request whose images come to exactly its bound loses its oldest image', 'sliding window', {
  // Sizes are whole numbers: reaching the bound is exceeding one less.
  parts: { serialize: preOffloaded((messages, bound) => offloadOldestImages(messages, bound - 1)) },
});

export const ANTHROPIC_IMAGE_RESULT_ERROR_DROPPED = inProcess('anthropic-image-result-error-dropped', 'on Anthropic a failed tool result that returns images is sent without is_error (its branch builds the tool_result anew), so the model reads the failure as a success', 'wire field mis-mapped', {
  parts: {
    wire: {
      openai: { serialize: openAi, parseStream: streamOf(parseOpenAi) },
      anthropic: { serialize: (request, images) => imageResultsUnflagged(anthropic(request, images)), parseStream: streamOf(parseAnthropic) },
    },
  },
});

export const IMAGE_MUTANTS = [IMAGE_DIGEST_NOT_CHECKED, IMAGE_METADATA_NOT_CHECKED, IMAGE_MISSING_PLACEHOLDER, IMAGE_CODES_REWRITTEN, IMAGE_OFFLOAD_NEWEST_FIRST, IMAGE_OFFLOAD_RAW_BYTES, IMAGE_IN_TOOL_MESSAGE, IMAGE_DATA_URL_PNG, IMAGE_LIFTED_FROM_TOOL_RESULT, IMAGE_ROLE_AFTER_OFFLOAD, IMAGE_OFFLOAD_AT_BOUND, ANTHROPIC_IMAGE_RESULT_ERROR_DROPPED];

/** The reference's stream parser of a provider. */
function streamOf(format: (typeof WIRE_FORMATS)['openai']) {
  return (body: Uint8Array, cuts: readonly number[]) => translateSseBody(format.translator(), cutAt(body, cuts));
}

/** An Anthropic body whose tool_result images follow the tool_result in the same turn. */
function liftedImages(wire: WireRequest): WireRequest {
  const body = JSON.parse(wire.body) as { messages: Array<{ content: Array<Record<string, unknown>> }> };
  for (const message of body.messages) {
    message.content = message.content.flatMap((block) => {
      if (block['type'] !== 'tool_result' || !Array.isArray(block['content'])) return [block];
      const content = block['content'] as Array<Record<string, unknown>>;
      const images = content.filter((c) => c['type'] === 'image');
      if (images.length === 0) return [block];
      const text = content.filter((c) => c['type'] !== 'image');
      return [{ ...block, content: text.length > 0 ? text : [{ type: 'text', text: '(no output)' }] }, ...images];
    });
  }
  return { ...wire, body: JSON.stringify(body) };
}

/** An Anthropic body whose tool_result blocks with an image lose their is_error. */
function imageResultsUnflagged(wire: WireRequest): WireRequest {
  const body = JSON.parse(wire.body) as { messages: Array<{ content: Array<Record<string, unknown>> }> };
  for (const message of body.messages) {
    for (const block of message.content) {
      if (block['type'] === 'tool_result' && Array.isArray(block['content']) && (block['content'] as Array<Record<string, unknown>>).some((c) => c['type'] === 'image')) delete block['is_error'];
    }
  }
  return { ...wire, body: JSON.stringify(body) };
}

function thrown(error: unknown): never {
  throw error;
}

/** The object's bytes without the checks: a store that trusts its own files. */
function rawRead(store: AttachmentStore, ref: unknown): Uint8Array {
  const entries = (store as { entries?: () => Iterable<[string, Uint8Array]> }).entries;
  const hex = String((ref as { attachmentId?: unknown }).attachmentId).slice('sha256:'.length);
  for (const [key, bytes] of entries?.call(store) ?? []) if (key === hex) return bytes;
  throw new ReconError('ATTACHMENT_NOT_FOUND', `attachment object sha256:${hex} is missing from the store`);
}

/** The offload with its own size and order: images replaced until the rest fit `bound` as `size` counts them. */
function offloadBy(messages: readonly Message[], bound: number, size: (bytes: number) => number, newestFirst: boolean): readonly Message[] {
  const sizes: number[] = [];
  const walk = (blocks: readonly ContentBlock[]) => blocks.forEach((b) => (b.type === 'image' ? sizes.push(size(Number(b.attachment['bytes']))) : b.type === 'tool-result' ? walk(b.content) : undefined));
  messages.forEach((m) => walk(m.content));
  const order = sizes.map((_, i) => i);
  if (newestFirst) order.reverse();
  let total = sizes.reduce((a, b) => a + b, 0);
  const dropped = new Set<number>();
  for (const i of order) {
    if (total <= bound) break;
    total -= sizes[i]!;
    dropped.add(i);
  }
  let at = 0;
  const swap = (blocks: readonly ContentBlock[]): ContentBlock[] =>
    blocks.map((b): ContentBlock => (b.type === 'image' ? (dropped.has(at++) ? { type: 'text', text: OFFLOADED_IMAGE_TEXT } : b) : b.type === 'tool-result' ? { ...b, content: swap(b.content) } : b));
  return messages.map((m) => ({ ...m, content: swap(m.content) }));
}

/** The body with each following image message folded back into the tool messages before it. */
function toolImagesKept(wire: WireRequest): WireRequest {
  const body = JSON.parse(wire.body) as { messages: Array<{ role: string; content: unknown }> };
  const out: Array<{ role: string; content: unknown }> = [];
  for (const message of body.messages) {
    const parts = Array.isArray(message.content) ? (message.content as Array<{ type: string; text?: string }>) : undefined;
    if (message.role === 'user' && parts?.[0]?.text === TOOL_RESULT_IMAGES_TEXT) {
      const tool = out.findLast((m) => m.role === 'tool');
      if (tool !== undefined) tool.content = [{ type: 'text', text: String(tool.content) }, ...parts.slice(1)];
      continue;
    }
    out.push(message);
  }
  return { ...wire, body: JSON.stringify({ ...body, messages: out }) };
}
