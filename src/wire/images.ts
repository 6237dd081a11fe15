/**
 * What every image-capable serializer shares (dsh-eras §6.2): the recursive image test,
 * the request-time offload of the oldest images, and the verified read of an image's
 * bytes through the store. Durable messages are never changed: the offload returns copies
 * of the messages it touches, and a read never writes anything back into the log.
 */
import type { AttachmentStore } from '../attachments/index.ts';
import { ReconError } from '../errors.ts';
import type { ContentBlock, Message } from '../log/index.ts';

/** How a request's images reach the wire. */
export interface ImageWireOptions {
  /** The store the log's attachment objects are read from; none means no image can be sent. */
  readonly attachments?: AttachmentStore;
  /** Whether a model takes image input (DSH: the catalog model's `inputModalities` name `image`). */
  readonly acceptsImages?: (model: string) => boolean;
  /** The bound on the base64 length of a request's images (DeepSeek's default: 20 MiB); undefined keeps every image. */
  readonly maxRequestImageBytes?: number;
}

/** rc.8's `DEFAULT_MAX_REQUEST_IMAGE_BYTES`. */
export const DEEPSEEK_MAX_REQUEST_IMAGE_BYTES = 20 * 1024 * 1024;

/** The text an offloaded image becomes (rc.8's `OFFLOADED_IMAGE_TEXT`). */
export const OFFLOADED_IMAGE_TEXT =
  '[image omitted to keep the request within its image limit; older images are omitted first. If this image is still needed, read its file again when a path is available; otherwise ask the user to attach it again.]';

type ImageBlock = Extract<ContentBlock, { type: 'image' }>;

/** Whether `content` holds an image, in tool results too. */
export function hasImage(content: readonly ContentBlock[]): boolean {
  return content.some((block) => block.type === 'image' || (block.type === 'tool-result' && hasImage(block.content)));
}

/** The length of the base64 text of `bytes` raw bytes, padding included. */
export function base64Length(bytes: number): number {
  return Math.ceil(bytes / 3) * 4;
}

/** The recorded byte length of an image block (0 when the reference has none: its read refuses it later). */
function recordedBytes(block: ImageBlock): number {
  const bytes = block.attachment['bytes'];
  // Stryker disable next-line EqualityOperator: a size of 0 counts 0 either way
  return Number.isFinite(bytes) && (bytes as number) > 0 ? (bytes as number) : 0;
}

/** Every image of `messages`, in request order (nested tool-result content in place). */
function imagesOf(blocks: readonly ContentBlock[], out: ImageBlock[]): void {
  for (const block of blocks) {
    if (block.type === 'image') out.push(block);
    else if (block.type === 'tool-result') imagesOf(block.content, out);
  }
}

/**
 * Copies of the messages with their oldest images replaced by OFFLOADED_IMAGE_TEXT until
 * the base64 length of those left is within `bound` (none: every image kept). Counted from
 * the recorded metadata, before any read, so an offloaded image is never read.
 */
export function offloadOldestImages(messages: readonly Message[], bound: number | undefined): readonly Message[] {
  const limit = bound ?? Infinity;
  const images: ImageBlock[] = [];
  for (const message of messages) imagesOf(message.content, images);
  let total = images.reduce((sum, image) => sum + base64Length(recordedBytes(image)), 0);
  let count = 0;
  while (count < images.length && total > limit) total -= base64Length(recordedBytes(images[count++]!));
  const left = { count };
  return messages.map((message) => ({ ...message, content: replaceOldest(message.content, left) }));
}

function replaceOldest(blocks: readonly ContentBlock[], left: { count: number }): ContentBlock[] {
  return blocks.map((block): ContentBlock => {
    if (block.type === 'image' && left.count > 0) {
      left.count--;
      return { type: 'text', text: OFFLOADED_IMAGE_TEXT };
    }
    return block.type === 'tool-result' ? { ...block, content: replaceOldest(block.content, left) } : block;
  });
}

/**
 * The gate of an image request: a store to read from, a model that takes images, and images
 * only in user-role messages, else UNSUPPORTED_CONTENT. The roles are checked on the messages
 * as logged, before the offload, so an image where none may be is refused even when the
 * offload would have turned it into text (rc.8 `assertSupportedImageRoles`, before
 * `offloadRequestImages`).
 */
export function imageStore(options: ImageWireOptions | undefined, request: { readonly model: string; readonly messages: readonly Message[] }, provider: string): AttachmentStore {
  if (options?.acceptsImages?.(request.model) !== true) throw new ReconError('UNSUPPORTED_CONTENT', `${provider} model "${request.model}" does not accept image input`);
  if (options.attachments === undefined) throw new ReconError('UNSUPPORTED_CONTENT', `a ${provider} request with images needs the attachment store its objects are read from`);
  for (const m of request.messages) if (m.role !== 'user' && hasImage(m.content)) throw new ReconError('UNSUPPORTED_CONTENT', `the ${provider} path cannot carry an image in a ${m.role} message`);
  return options.attachments;
}

/** An image's verified bytes as base64, and the media type its reference records. */
export function readImageBase64(store: AttachmentStore, block: ImageBlock): { readonly mediaType: string; readonly data: string } {
  const bytes = store.readImage(block.attachment);
  return { mediaType: block.attachment['mediaType'] as string, data: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('base64') };
}
