/**
 * A Codex rollout (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`): one `{timestamp, type,
 * payload}` a line. `session_meta` names the thread (`payload.id`), the thread it was forked
 * from (`forked_from_id`) and the provider (`model_provider`); `turn_context` the model; an
 * `event_msg` of type `token_count` carries `info.last_token_usage` (one model call, in
 * OpenAI's terms: `cached_input_tokens` is part of `input_tokens`, `reasoning_output_tokens`
 * part of `output_tokens`) and `info.total_token_usage`, the thread's running total. Codex
 * writes a token_count again with the total unchanged (a refresh, no new call), and a forked
 * rollout opens with a copy of its parent's events: both are the same call, found by the
 * running total within the thread's family. A resume writes another rollout file for the
 * same thread id. `compacted` (and the `context_compacted` event) mark a compaction.
 */
// @ts-nocheck

import type { Sink } from './ledger.ts';
import { definedOnly, isObject, refusal, timeOf, tokenCount } from './counts.ts';
import type { Place } from './records.ts';

const RECORD_TYPES = new Set(['session_meta', 'turn_context', 'response_item', 'event_msg', 'compacted']);

/** Across the rollouts of one audit: each forked thread's family, named by its first ancestor. */
export type CodexFamilies = Map<string, string>;

export class CodexReader {
  readonly #sink: Sink;
  readonly #file: string;
  readonly #families: CodexFamilies;
  #thread: string | undefined;
  #model: string | undefined;
  #provider: string | undefined;

  constructor(sink: Sink, file: string, families: CodexFamilies) {
    this.#sink = sink;
    this.#file = file;
    this.#families = families;
  }

  record(value: unknown, place: Place): void {
    if (!isObject(value)) throw refusal('USAGE_RECORD_MALFORMED', 'a rollout line is not a JSON object', place);
    const { type, payload } = value;
    if (typeof type !== 'string' || !RECORD_TYPES.has(type)) return this.#sink.unread(typeof type === 'string' ? type : '(no type)', place);
    if (!isObject(payload)) throw refusal('USAGE_RECORD_MALFORMED', `a ${type} line has no payload object`, place);
    if (type === 'session_meta') return this.#meta(payload, place);
    if (type === 'turn_context') {
      if (typeof payload['model'] === 'string') this.#model = payload['model'];
      return;
    }
    if (type === 'compacted') return this.#sink.mark(this.#lineage(), { kind: 'compaction', detail: 'Codex compacted the thread (a compacted record): the next request starts from its replacement history', place });
    if (type !== 'event_msg') return;
    if (payload['type'] === 'context_compacted') return this.#sink.mark(this.#lineage(), { kind: 'compaction', detail: 'Codex compacted the context (a context_compacted event)', place });
    if (payload['type'] === 'token_count') this.#tokenCount(payload, value['timestamp'], place);
  }

  #meta(payload: Record<string, unknown>, place: Place): void {
    const id = typeof payload['id'] === 'string' ? payload['id'] : undefined;
    if (id === undefined) throw refusal('USAGE_RECORD_MALFORMED', 'a session_meta line names no thread (payload.id)', place);
    if (typeof payload['model_provider'] === 'string') this.#provider = payload['model_provider'];
    if (id === this.#thread) return;
    this.#thread = id;
    const parent = typeof payload['forked_from_id'] === 'string' ? payload['forked_from_id'] : undefined;
    if (parent !== undefined) {
      this.#families.set(id, this.#families.get(parent) ?? parent);
      this.#sink.mark(this.#lineage(), { kind: 'fork', detail: `this thread was forked from thread ${parent} (session_meta forked_from_id)`, place });
      if (!this.#sink.has(parent)) this.#sink.note(id, `forked from thread ${parent}, whose rollout is not in this audit: calls its rollout copied into this one are counted here`);
    } else if (this.#sink.has(id)) {
      this.#sink.mark(this.#lineage(), { kind: 'resume', detail: `this rollout resumes thread ${id}, read from another rollout before it`, place });
    }
  }

  #tokenCount(payload: Record<string, unknown>, timestamp: unknown, place: Place): void {
    const info = payload['info'];
    // A token_count with no info reports rate limits only.
    if (info === null || info === undefined) return;
    if (!isObject(info)) throw refusal('USAGE_RECORD_MALFORMED', 'token_count info is not an object', place);
    const last = info['last_token_usage'];
    if (!isObject(last)) throw refusal('USAGE_RECORD_MALFORMED', 'token_count info has no last_token_usage object', place);
    const input = tokenCount(last['input_tokens'], 'last_token_usage.input_tokens', place);
    const cached = tokenCount(last['cached_input_tokens'], 'last_token_usage.cached_input_tokens', place);
    const output = tokenCount(last['output_tokens'], 'last_token_usage.output_tokens', place);
    const reasoning = tokenCount(last['reasoning_output_tokens'], 'last_token_usage.reasoning_output_tokens', place);
    if (input !== undefined && cached !== undefined && cached > input) throw refusal('USAGE_INCONSISTENT', `cached_input_tokens (${cached}) exceed input_tokens (${input}), which count them`, place);
    if (output !== undefined && reasoning !== undefined && reasoning > output) throw refusal('USAGE_INCONSISTENT', `reasoning_output_tokens (${reasoning}) exceed output_tokens (${output}), which count them`, place);
    const total = info['total_token_usage'];
    const thread = this.#thread ?? this.#file;
    const family = this.#families.get(thread) ?? thread;
    // The running total names the call within its family; without one, each line is its own call.
    const key = isObject(total) ? `codex:${family}:${JSON.stringify(total)}` : `codex:${place.file}:${place.line}`;
    if (!isObject(total)) this.#sink.note(thread, 'token_count events without total_token_usage: a re-emitted count cannot be told from a new call, so each is counted');
    const model = typeof info['model'] === 'string' ? info['model'] : this.#model;
    const at = timeOf(timestamp);
    this.#sink.call({
      session: thread,
      lineage: this.#lineage(),
      key,
      ...(at === undefined ? {} : { at }),
      ...(model === undefined ? {} : { model }),
      ...(this.#provider === undefined ? {} : { providerName: this.#provider }),
      counts: definedOnly({ prompt: input, cacheRead: cached, output, reasoning }),
      outputGrows: false,
      recorded: last,
      place,
    });
  }

  #lineage(): string {
    return `codex:${this.#thread ?? this.#file}`;
  }

  end(): void {}
}
