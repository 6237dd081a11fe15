/**
 * `image/offload` (dsh-eras §6.4), a message projection of formats v3+: it names image
 * occurrences of current user/message and tool/result nodes, by zero-based depth-first
 * index over the message's blocks (images inside tool-result blocks and images already
 * offloaded count), and from then on those images are projected `offloaded: true`. The
 * node, its seq and its message id stay; only the projection changes.
 */
// @ts-nocheck

import { deepFreeze } from './json.ts';
import type { ContentBlock, Message } from './types.ts';

/** `message` with the images at `indexes` (strictly increasing) marked offloaded, or why not. */
export function offloadImages(message: Message, indexes: readonly number[]): Message | string {
  let image = 0;
  let selected = 0;
  let failure: string | undefined;
  const visit = (blocks: readonly ContentBlock[]): readonly ContentBlock[] => {
    let out: ContentBlock[] | undefined;
    blocks.forEach((block, i) => {
      let next = block;
      if (block.type === 'image') {
        if (image === indexes[selected]) {
          if (block.offloaded === true) failure ??= `image ${image} is already offloaded`;
          next = { ...block, offloaded: true };
          selected++;
        }
        image++;
      } else if (block.type === 'tool-result') {
        const content = visit(block.content);
        if (content !== block.content) next = { ...block, content };
      }
      if (next !== block) out ??= blocks.slice(0, i);
      out?.push(next);
    });
    return out ?? blocks;
  };
  const content = visit(message.content);
  if (failure !== undefined) return failure;
  if (selected !== indexes.length) return `the message has ${image} images, so there is no image ${indexes[selected]}`;
  return deepFreeze({ ...message, content });
}
