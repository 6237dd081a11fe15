/**
 * A Claude Code transcript (`~/.claude/projects/<project>/<session>.jsonl`): one JSON object
 * a line. An `assistant` line carries the API response's `message` with Anthropic's
 * `usage` (disjoint: `input_tokens` is the uncached part; `cache_creation` splits the write by
 * lifetime); Claude Code writes one line per content block of a response, each with the same
 * `message.id` and `requestId` and the usage repeated, the output growing as it streamed.
 * `system` lines with subtype `compact_boundary` (and the `isCompactSummary` user line after
 * them) mark a compaction; a line with another `sessionId` than the lines before it starts a
 * session that continues the earlier one in this file (how `--resume` wrote a resumed
 * session: the old lines copied, then the new ones). `isSidechain` lines are a subagent's
 * calls, a lineage of their own. `<synthetic>` messages are written by Claude Code itself,
 * not by the API, and are no call.
 */
// @ts-nocheck

import type { Sink } from './ledger.ts';
import { definedOnly, isObject, refusal, timeOf, tokenCount } from './counts.ts';
import type { Place } from './records.ts';

/** Record types this reader knows; any other is counted as unread. */
const NOT_USAGE = new Set(['user', 'system', 'summary', 'queue-operation', 'file-history-snapshot', 'progress', 'permission-mode', 'mode']);

export class ClaudeCodeReader {
  readonly #sink: Sink;
  readonly #file: string;
  #session: string | undefined;
  #sessionSince: Place | undefined;
  /** Calls whose every line so far was written before the stream ended (`stop_reason: null`). */
  readonly #midStream = new Map<string, { session: string; final: boolean }>();

  constructor(sink: Sink, file: string) {
    this.#sink = sink;
    this.#file = file;
  }

  record(value: unknown, place: Place): void {
    if (!isObject(value)) throw refusal('USAGE_RECORD_MALFORMED', 'a transcript line is not a JSON object', place);
    const id = value['sessionId'];
    if (typeof id === 'string' && id !== this.#session) {
      if (this.#session !== undefined) {
        this.#sink.mark(this.#lineage('main'), { kind: 'resume', detail: `session ${id} continues session ${this.#session} in this transcript (the lines from ${lineOf(this.#sessionSince)} up to this one are ${this.#session}'s)`, place });
      }
      this.#session = id;
      this.#sessionSince = place;
    }
    const branch = value['isSidechain'] === true ? `agent:${typeof value['agentId'] === 'string' ? value['agentId'] : 'sidechain'}` : 'main';
    const type = value['type'];
    const message = value['message'];
    if (type === 'assistant' || (type === undefined && isObject(message) && message['role'] === 'assistant')) return this.#assistant(value, place, branch);
    if (type === 'system' && value['subtype'] === 'compact_boundary') {
      const meta = isObject(value['compactMetadata']) ? value['compactMetadata'] : {};
      const trigger = typeof meta['trigger'] === 'string' ? `${meta['trigger']} ` : '';
      const before = typeof meta['preTokens'] === 'number' ? `, ${meta['preTokens']} tokens before it` : '';
      return this.#sink.mark(this.#lineage(branch), { kind: 'compaction', detail: `Claude Code compacted the conversation (${trigger}compact_boundary${before}): the next request starts from a summary`, place });
    }
    if (type === 'user' && value['isCompactSummary'] === true) {
      return this.#sink.mark(this.#lineage(branch), { kind: 'compaction', detail: 'the conversation continues from a compaction summary (isCompactSummary)', place });
    }
    if (typeof type !== 'string' || !NOT_USAGE.has(type)) this.#sink.unread(typeof type === 'string' ? type : '(no type)', place);
  }

  #assistant(value: Record<string, unknown>, place: Place, branch: string): void {
    const message = value['message'];
    if (!isObject(message) || !isObject(message['usage'])) {
      this.#sink.unread('assistant without message.usage', place);
      return;
    }
    const model = typeof message['model'] === 'string' ? message['model'] : undefined;
    if (model === '<synthetic>') return this.#sink.skip('<synthetic> message (written by Claude Code, not the API)', place);
    const usage = message['usage'];
    const input = tokenCount(usage['input_tokens'], 'usage.input_tokens', place);
    const cacheRead = tokenCount(usage['cache_read_input_tokens'], 'usage.cache_read_input_tokens', place);
    const cacheWrite = tokenCount(usage['cache_creation_input_tokens'], 'usage.cache_creation_input_tokens', place);
    const tiers = this.#tiers(usage['cache_creation'], cacheWrite, place);
    const output = tokenCount(usage['output_tokens'], 'usage.output_tokens', place);
    const session = this.#session ?? this.#file;
    const messageId = typeof message['id'] === 'string' ? message['id'] : undefined;
    const requestId = typeof value['requestId'] === 'string' && value['requestId'] !== '' ? value['requestId'] : undefined;
    // A request id makes a response unique across sessions (a resumed session copies it); without one, gateways reuse message ids, so the session scopes it.
    const key = messageId === undefined ? `claude-code:${place.file}:${place.line}` : requestId === undefined ? `claude-code:${session}:${messageId}` : `claude-code:${messageId}:${requestId}`;
    // Only an explicit null says the line was written mid-stream; an absent stop_reason says nothing.
    const stream = this.#midStream.get(key) ?? { session, final: false };
    stream.final ||= message['stop_reason'] !== null;
    this.#midStream.set(key, stream);
    const at = timeOf(value['timestamp']);
    this.#sink.call({
      session,
      lineage: this.#lineage(branch),
      key,
      ...(at === undefined ? {} : { at }),
      ...(model === undefined ? {} : { model }),
      counts: definedOnly({ prompt: input === undefined ? undefined : input + (cacheRead ?? 0) + (cacheWrite ?? 0), cacheRead, cacheWrite, cacheWriteTiers: tiers, output }),
      outputGrows: true,
      recorded: usage,
      place,
    });
  }

  /** `cache_creation.ephemeral_<tier>_input_tokens`, by tier; they must add up to the write. */
  #tiers(value: unknown, write: number | undefined, place: Place): Record<string, number> | undefined {
    if (value === undefined || value === null) return undefined;
    if (!isObject(value)) throw refusal('USAGE_RECORD_MALFORMED', 'usage.cache_creation is not an object', place);
    const tiers: Record<string, number> = {};
    for (const [name, n] of Object.entries(value)) {
      const tier = /^ephemeral_(.+)_input_tokens$/.exec(name)?.[1];
      if (tier === undefined) {
        this.#sink.unread(`usage.cache_creation.${name}`, place);
        continue;
      }
      const count = tokenCount(n, `usage.cache_creation.${name}`, place);
      if (count !== undefined) tiers[tier] = count;
    }
    const sum = Object.values(tiers).reduce((a, b) => a + b, 0);
    if (sum !== (write ?? 0) || (write === undefined && Object.keys(tiers).length > 0)) {
      throw refusal('USAGE_INCONSISTENT', `the cache write by lifetime (${Object.entries(tiers).map(([t, n]) => `${t} ${n}`).join(', ')}) adds up to ${sum}, but cache_creation_input_tokens is ${write ?? 'absent'}`, place);
    }
    return Object.keys(tiers).length > 0 ? tiers : undefined;
  }

  #lineage(branch: string): string {
    return `${this.#file}#${branch}`;
  }

  /** Notes what the transcript cannot say: output counts written before the stream ended. */
  end(): void {
    const open = new Map<string, number>();
    for (const { session, final } of this.#midStream.values()) if (!final) open.set(session, (open.get(session) ?? 0) + 1);
    for (const [session, n] of open) {
      this.#sink.note(session, `${n} call${n === 1 ? ' was' : 's were'} written before ${n === 1 ? 'its' : 'their'} stream ended (stop_reason null on every line): the output counts are what the stream had reported then, and may be below what was billed`);
    }
  }
}

const lineOf = (place: Place | undefined): string => (place?.line === undefined ? 'the start' : `line ${place.line}`);

