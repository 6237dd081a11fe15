/**
 * DeepSeek chat-completions SSE bodies, generated: reasoning, text and tool-call deltas,
 * usage in the older (hit/miss) or V4 (cached_tokens) shape or none, on the finish chunk
 * or on a chunk of its own, LF or CRLF line ends, and keep-alive comments.
 */
import fc from 'fast-check';

export interface RawUsage {
  readonly prompt_tokens: number;
  readonly completion_tokens: number;
  readonly prompt_cache_hit_tokens?: number;
  readonly prompt_cache_miss_tokens?: number;
  readonly prompt_tokens_details?: { readonly cached_tokens: number };
  readonly completion_tokens_details?: { readonly reasoning_tokens: number };
}

export interface GeneratedStream {
  readonly body: string;
  readonly usage: RawUsage | null;
}

const piece = fc.oneof(fc.string({ minLength: 1, maxLength: 6 }), fc.constantFrom('é', '🙂', '中文', ' ', '\n', '"'));

const usage: fc.Arbitrary<RawUsage> = fc
  .record({ prompt: fc.nat(100_000), completion: fc.nat(5000), read: fc.nat(100_000), shape: fc.constantFrom('old', 'v4', 'both'), reasoning: fc.option(fc.nat(2000)) })
  .map(({ prompt, completion, read, shape, reasoning }) => {
    const hit = Math.min(read, prompt);
    const out: Record<string, unknown> = { prompt_tokens: prompt, completion_tokens: completion };
    if (shape !== 'v4') Object.assign(out, { prompt_cache_hit_tokens: hit, prompt_cache_miss_tokens: prompt - hit });
    if (shape !== 'old') out['prompt_tokens_details'] = { cached_tokens: shape === 'both' ? Math.floor(hit / 2) : hit };
    if (reasoning !== null) out['completion_tokens_details'] = { reasoning_tokens: reasoning };
    return out as unknown as RawUsage;
  });

export const deepSeekStream: fc.Arbitrary<GeneratedStream> = fc
  .record({
    reasoning: fc.array(piece, { maxLength: 4 }),
    text: fc.array(piece, { maxLength: 4 }),
    calls: fc.array(fc.array(piece, { minLength: 1, maxLength: 3 }), { maxLength: 2 }),
    usage: fc.option(usage),
    usageAlone: fc.boolean(),
    crlf: fc.boolean(),
    keepAlive: fc.boolean(),
  })
  .map(({ reasoning, text, calls, usage, usageAlone, crlf, keepAlive }) => {
    const chunks: object[] = [{ choices: [{ index: 0, delta: { role: 'assistant', content: null, reasoning_content: '' }, finish_reason: null }], usage: null }];
    const delta = (d: object) => chunks.push({ choices: [{ index: 0, delta: d, finish_reason: null }], usage: null });
    for (const r of reasoning) delta({ content: null, reasoning_content: r });
    for (const t of text) delta({ content: t });
    calls.forEach((args, i) => {
      delta({ tool_calls: [{ index: i, id: `call_${i}`, type: 'function', function: { name: `tool_${i}`, arguments: '' } }] });
      for (const a of args) delta({ tool_calls: [{ index: i, function: { arguments: a } }] });
    });
    const finish = calls.length > 0 ? 'tool_calls' : 'stop';
    if (usage !== null && usageAlone) {
      chunks.push({ choices: [{ index: 0, delta: {}, finish_reason: finish }], usage: null });
      chunks.push({ choices: [], usage });
    } else chunks.push({ choices: [{ index: 0, delta: {}, finish_reason: finish }], usage });
    const end = crlf ? '\r\n\r\n' : '\n\n';
    const events = chunks.map((c) => `data: ${JSON.stringify(c)}${end}`);
    if (keepAlive) events.splice(1, 0, `: keep-alive${end}`);
    return { body: `${events.join('')}data: [DONE]${end}`, usage };
  });
