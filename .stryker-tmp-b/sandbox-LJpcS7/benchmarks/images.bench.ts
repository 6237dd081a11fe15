/**
 * Images: the cost of trust. A DeepSeek request with 20 images of 1 MiB, serialized with
 * every read verified (sha256, then the header probe against the reference), against the
 * same request read from a store that returns its bytes unchecked. The ratio is what
 * verification adds to a request that carries 20 MiB of images.
 */
// @ts-nocheck

import { MemoryAttachmentStore, type AttachmentStore } from '../src/attachments/index.ts';
import type { ContentBlock, Message } from '../src/log/index.ts';
import { serializeDeepSeekRequest, type GenerateRequest } from '../src/wire/index.ts';
import { imageBytes } from '../properties/arbitraries/images.ts';
import { measure, type BenchResult, type Profile } from './_internals/measure.ts';

export const IMAGE_COUNT = 20;
const MIB = 1024 * 1024;

function imageRequest(): { request: GenerateRequest; store: MemoryAttachmentStore } {
  const store = new MemoryAttachmentStore();
  const content: ContentBlock[] = [];
  for (let i = 0; i < IMAGE_COUNT; i++) {
    const bytes = imageBytes('image/png', 1024, 1024, MIB - 33, i + 1);
    content.push({ type: 'text', text: `page ${i + 1}` }, { type: 'image', attachment: store.writeImage(bytes) });
  }
  const messages: Message[] = [{ id: 'u1', role: 'user', content, source: { kind: 'user' } }];
  return { request: { provider: 'deepseek', model: 'vision', messages, sessionId: 's' }, store };
}

/** The same objects, handed out without any check. */
function trusting(store: MemoryAttachmentStore): AttachmentStore {
  const objects = new Map(store.entries());
  return { readImage: (ref) => objects.get(String((ref as { attachmentId: string }).attachmentId).slice(7))! };
}

export async function imageBenchmarks(profile: Profile): Promise<BenchResult[]> {
  const { request, store } = imageRequest();
  const unchecked = trusting(store);
  // 20 MiB of raw bytes is 26.7 MiB of base64: a bound that keeps every image.
  const bound = 64 * MIB;
  return measure({ ...profile, iterations: Math.min(profile.iterations, 10), time: 0 }, [
    { id: 'images/verified/20x1MiB', fn: () => void serializeDeepSeekRequest(request, { images: { attachments: store, acceptsImages: () => true, maxRequestImageBytes: bound } }) },
    { id: 'images/unchecked/20x1MiB', fn: () => void serializeDeepSeekRequest(request, { images: { attachments: unchecked, acceptsImages: () => true, maxRequestImageBytes: bound } }) },
  ]);
}
