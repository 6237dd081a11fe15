/**
 * What parsed stream chunks say, read the way the log reads them (spec §4.5, §8.2): each
 * block announced once by `block-start` before any of its deltas, indices numbered
 * 0, 1, 2… in first-seen order, deltas of the block's own type, one `block-end` whose
 * block is exactly what its deltas spelled, then at most one `usage` and one `finish`,
 * last; every chunk with exactly its type's keys, an error finish with a stable code.
 * Anything else is a failure; what passes is the content to compare with the
 * generator's.
 */
import type { ContentBlock, JsonObject, StreamChunk, TokenUsage } from '../../src/log/index.ts';
import type { ExpectedFinish, ExpectedStream } from '../arbitraries/provider-stream.ts';
import { fail, sameJson } from './failure.ts';

interface Open {
  readonly type: 'text' | 'reasoning' | 'tool-call';
  text: string;
  ended?: ContentBlock;
}

const DELTA_OF = { 'text-delta': 'text', 'reasoning-delta': 'reasoning', 'tool-call-delta': 'tool-call' } as const;

/** The keys each chunk type of the log has (`StreamChunk`), required then optional: a chunk with another key, or of another type, is not one. */
const KEYS: Record<StreamChunk['type'], readonly [required: readonly string[], optional: readonly string[]]> = {
  'block-start': [['type', 'index', 'blockType'], []],
  'text-delta': [['type', 'index', 'text'], []],
  'reasoning-delta': [['type', 'index', 'text'], []],
  'tool-call-delta': [['type', 'index', 'id', 'argumentsDelta'], ['name']],
  'block-end': [['type', 'index', 'block'], []],
  usage: [['type', 'usage'], []],
  finish: [['type', 'reason'], []],
};

/** A stable error code: capitals, digits and underscores, as the spec's codes and a provider's reason in capitals are. */
const CODE = /^[A-Z][A-Z0-9_]*$/;

/** The chunk is one of the protocol's, with exactly its keys and the types they take. */
function checkShape(chunk: unknown, where: string): asserts chunk is StreamChunk {
  if (typeof chunk !== 'object' || chunk === null || Array.isArray(chunk)) fail(`${where} is not a chunk object`);
  const record = chunk as Record<string, unknown>;
  const type = record['type'];
  if (typeof type !== 'string' || !Object.hasOwn(KEYS, type)) fail(`${where} has type ${JSON.stringify(type)}, which is no stream chunk type`);
  const [required, optional] = KEYS[type as StreamChunk['type']];
  const missing = required.filter((k) => record[k] === undefined);
  if (missing.length > 0) fail(`${where} lacks ${missing.join(', ')}`);
  const extra = Object.keys(record).filter((k) => !required.includes(k) && !optional.includes(k));
  if (extra.length > 0) fail(`${where} has keys a ${type} chunk does not have: ${extra.join(', ')}`);
  if ('index' in record && !Number.isInteger(record['index'])) fail(`${where} has an index that is not an integer`);
  for (const k of ['text', 'id', 'name', 'argumentsDelta']) if (record[k] !== undefined && typeof record[k] !== 'string') fail(`${where} has a ${k} that is not a string`);
  if (type === 'finish') {
    const reason = record['reason'] as Record<string, unknown> | null;
    if (typeof reason !== 'object' || reason === null) fail(`${where} has no reason object`);
    if (reason['kind'] === 'error') {
      const failure = reason['failure'] as Record<string, unknown> | null | undefined;
      if (typeof failure !== 'object' || failure === null || typeof failure['message'] !== 'string') fail(`${where} is an error finish without a failure message`);
      if (typeof failure['code'] !== 'string' || !CODE.test(failure['code'])) fail(`${where} is an error finish whose code ${JSON.stringify(failure['code'])} is not a stable code`);
    }
  }
}

export function streamContent(chunks: readonly StreamChunk[]): ExpectedStream {
  const blocks: Open[] = [];
  let usage: TokenUsage | null = null;
  let finish: ExpectedFinish | undefined;
  chunks.forEach((chunk, at) => {
    const where = `chunk ${at} (${String((chunk as { type?: unknown } | null)?.type)})`;
    checkShape(chunk, where);
    if (finish !== undefined) fail(`${where} comes after the finish chunk, which must be last`);
    switch (chunk.type) {
      case 'block-start':
        if (usage !== null) fail(`${where} comes after the usage chunk`);
        if (chunk.index !== blocks.length) fail(`${where} opens index ${chunk.index}; blocks are numbered in first-seen order, so the next is ${blocks.length}`);
        blocks.push({ type: chunk.blockType, text: '' });
        return;
      case 'text-delta':
      case 'reasoning-delta':
      case 'tool-call-delta': {
        const block = blocks[chunk.index];
        if (block === undefined) fail(`${where} is for index ${chunk.index}, which no block-start opened`);
        if (block.ended !== undefined) fail(`${where} is for index ${chunk.index}, which already ended`);
        if (block.type !== DELTA_OF[chunk.type]) fail(`${where} is for index ${chunk.index}, a ${block.type} block`);
        block.text += chunk.type === 'tool-call-delta' ? chunk.argumentsDelta : chunk.text;
        return;
      }
      case 'block-end': {
        const block = blocks[chunk.index];
        if (block === undefined) fail(`${where} ends index ${chunk.index}, which no block-start opened`);
        if (block.ended !== undefined) fail(`${where} ends index ${chunk.index} a second time`);
        if (chunk.block.type !== block.type) fail(`${where} ends a ${block.type} block with a ${chunk.block.type} block`);
        const spelled = chunk.block.type === 'tool-call' ? chunk.block.arguments : chunk.block.type === 'text' || chunk.block.type === 'reasoning' ? chunk.block.text : '';
        sameJson(`${where}: the ended block's ${block.type === 'tool-call' ? 'arguments are not' : 'text is not'} what its deltas spelled`, block.text, spelled);
        block.ended = chunk.block;
        return;
      }
      case 'usage':
        if (usage !== null) fail(`${where} is a second usage chunk`);
        usage = chunk.usage;
        return;
      case 'finish':
        finish = chunk.reason.kind === 'error' ? { kind: 'error', code: chunk.reason.failure.code } : ({ kind: chunk.reason.kind } as ExpectedFinish);
        return;
    }
  });
  if (finish === undefined) fail('the stream has no finish chunk');
  const open = blocks.findIndex((b) => b.ended === undefined);
  if (open >= 0) fail(`block ${open} was never ended`);
  return { blocks: blocks.map((b) => b.ended!), usage, finish };
}

/** The parsed content equals the content the generator put in the stream. */
export function sameContent(expected: ExpectedStream, actual: ExpectedStream): void {
  sameJson('the parsed blocks (in index order) differ from the blocks the stream carried', expected.blocks.map(canonicalBlock), actual.blocks.map(canonicalBlock));
  sameJson('the parsed usage differs from the usage the stream reported (disjoint counts, unreported counts absent)', canonicalUsage(expected.usage), canonicalUsage(actual.usage));
  if (expected.unterminated === true && actual.finish.kind === 'error') return;
  sameJson('the parsed finish differs from the finish the stream carried', expected.finish, actual.finish);
}

/** A block with its keys in the spec's order (spec §2.1), so only the values are compared. */
function canonicalBlock(block: ContentBlock): unknown {
  const order = ['type', 'id', 'name', 'arguments', 'text'];
  const record: JsonObject = block;
  return Object.fromEntries([...order.filter((k) => k in record), ...Object.keys(record).filter((k) => !order.includes(k)).sort()].map((k) => [k, record[k]]));
}

/** Usage with its keys in the spec's order, so only the counts are compared. */
function canonicalUsage(usage: TokenUsage | null): unknown {
  if (usage === null) return null;
  const keys = ['inputTokens', 'outputTokens', 'cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens'] as const;
  const extra = Object.keys(usage).filter((k) => !(keys as readonly string[]).includes(k));
  return { ...Object.fromEntries(keys.filter((k) => k in usage).map((k) => [k, usage[k]])), ...(extra.length > 0 ? { unknownKeys: extra } : {}) };
}
