/**
 * opencode's records (its `MessageV2` schema): a message's parts, each `{id, sessionID,
 * messageID, type, …}`; a `step-finish` part ends one model call and carries its `tokens`
 * (`input` is the uncached part: opencode subtracts cache reads and writes from providers
 * that count them inside; `cache.read`, `cache.write`, `output`, `reasoning`). The message
 * info (`role: "assistant"`) names the model (`providerID`, `modelID`), the time it was
 * created and, with `summary: true`, the call that summarised the session for a compaction
 * (after a `compaction` part). Read as stored (one part or message per JSON file, pretty
 * printed, under `storage/part/` and `storage/message/`), one record a line, a `{info,
 * parts}` message, or the document `opencode export` prints (`{info, messages}`).
 */
// @ts-nocheck

import type { Sink } from './ledger.ts';
import { definedOnly, isObject, refusal, tokenCount } from './counts.ts';
import { pointerOf, type Place } from './records.ts';

/** Part types of the schema; a part of any other type is counted as unread. */
const PART_TYPES = new Set(['text', 'subtask', 'reasoning', 'file', 'tool', 'step-start', 'step-finish', 'snapshot', 'patch', 'agent', 'retry', 'compaction']);

interface MessageInfo {
  readonly model?: string;
  readonly provider?: string;
  readonly created?: number;
  readonly summary: boolean;
}

/**
 * Across the files of one audit (opencode keeps each part and message in a file of its
 * own): the assistant messages read so far, each session's compaction in progress, and the
 * messages whose first step has been read.
 */
export interface OpencodeRun {
  readonly messages: Map<string, MessageInfo>;
  readonly sessions: Map<string, SessionState>;
  readonly stepped: Set<string>;
}

export const newOpencodeRun = (): OpencodeRun => ({ messages: new Map(), sessions: new Map(), stepped: new Set() });

interface SessionState {
  /** The compaction part that asked for a summary, until the call after the summary. */
  compaction?: Place;
  /** The message that summarised the session, once its steps started. */
  summary?: string;
}

export class OpencodeReader {
  readonly #sink: Sink;
  readonly #run: OpencodeRun;
  /** Parts wait for the end of the file: a file may hold a message's info after its parts. */
  readonly #parts: Array<{ readonly part: Record<string, unknown>; readonly place: Place }> = [];

  constructor(sink: Sink, run: OpencodeRun) {
    this.#sink = sink;
    this.#run = run;
  }

  record(value: unknown, place: Place, path: ReadonlyArray<string | number> = []): void {
    const at: Place = path.length === 0 ? place : { ...place, pointer: pointerOf(path) };
    if (Array.isArray(value)) return value.forEach((v, i) => this.record(v, place, [...path, i]));
    if (!isObject(value)) throw refusal('USAGE_RECORD_MALFORMED', 'an opencode record is not a JSON object', at);
    if (isObject(value['info']) && Array.isArray(value['messages'])) {
      this.record(value['info'], place, [...path, 'info']);
      return value['messages'].forEach((m, i) => this.record(m, place, [...path, 'messages', i]));
    }
    if (isObject(value['info']) && Array.isArray(value['parts'])) {
      this.record(value['info'], place, [...path, 'info']);
      return value['parts'].forEach((p, i) => this.record(p, place, [...path, 'parts', i]));
    }
    if (typeof value['messageID'] === 'string' && typeof value['type'] === 'string') {
      this.#parts.push({ part: value, place: at });
      return;
    }
    if (value['role'] === 'assistant' && typeof value['id'] === 'string') return this.#assistant(value);
    if (value['role'] === 'user') return;
    if (typeof value['id'] === 'string' && value['id'].startsWith('ses')) {
      if (typeof value['parentID'] === 'string') this.#sink.note(value['id'], `a child session of ${value['parentID']} (a subagent's): its calls are a lineage of their own`);
      return;
    }
    this.#sink.unread('(not a part, message or session)', at);
  }

  #assistant(info: Record<string, unknown>): void {
    const time = isObject(info['time']) ? info['time'] : {};
    this.#run.messages.set(info['id'] as string, definedOnly({
      model: typeof info['modelID'] === 'string' ? info['modelID'] : undefined,
      provider: typeof info['providerID'] === 'string' ? info['providerID'] : undefined,
      created: typeof time['created'] === 'number' ? time['created'] : undefined,
      summary: info['summary'] === true,
    }) as MessageInfo);
  }

  end(): void {
    for (const { part, place } of this.#parts) {
      const type = part['type'] as string;
      const session = typeof part['sessionID'] === 'string' ? part['sessionID'] : place.file;
      const state = this.#run.sessions.get(session) ?? {};
      this.#run.sessions.set(session, state);
      if (!PART_TYPES.has(type)) this.#sink.unread(`part ${type}`, place);
      else if (type === 'compaction') state.compaction = place;
      else if (type === 'step-finish') this.#step(part, place, session, state);
    }
  }

  #step(part: Record<string, unknown>, place: Place, session: string, state: SessionState): void {
    const message = part['messageID'] as string;
    const info = this.#run.messages.get(message);
    const lineage = `opencode:${session}`;
    // The compaction shows in the call after the summary: the summary itself still sent the old history.
    if (state.summary !== undefined && state.summary !== message) {
      this.#sink.mark(lineage, { kind: 'compaction', detail: `opencode compacted the session: message ${state.summary} summarised it, and the next request starts from that summary`, place: state.compaction ?? place });
      delete state.summary;
      delete state.compaction;
    } else if (state.compaction !== undefined && info?.summary !== true) {
      // No summary message is known: the compaction part is all there is to go by.
      this.#sink.mark(lineage, { kind: 'compaction', detail: 'a compaction part asked opencode to summarise the session', place: state.compaction });
      delete state.compaction;
    }
    if (info?.summary === true) state.summary = message;
    const tokens = part['tokens'];
    if (!isObject(tokens)) throw refusal('USAGE_RECORD_MALFORMED', 'a step-finish part has no tokens object', place);
    const cache = tokens['cache'];
    if (cache !== undefined && !isObject(cache)) throw refusal('USAGE_RECORD_MALFORMED', 'tokens.cache is not an object', place);
    const input = tokenCount(tokens['input'], 'tokens.input', place);
    const cacheRead = tokenCount(cache?.['read'], 'tokens.cache.read', place);
    const cacheWrite = tokenCount(cache?.['write'], 'tokens.cache.write', place);
    const output = tokenCount(tokens['output'], 'tokens.output', place);
    const reasoning = tokenCount(tokens['reasoning'], 'tokens.reasoning', place);
    // A message's creation time is its first step's; later steps of the message have none of their own.
    const at = this.#run.stepped.has(message) ? undefined : info?.created;
    this.#run.stepped.add(message);
    this.#sink.call({
      session,
      lineage,
      key: typeof part['id'] === 'string' ? `opencode:${part['id']}` : `opencode:${place.file}:${place.line}:${place.pointer ?? ''}`,
      ...(at === undefined ? {} : { at }),
      ...(info?.model === undefined ? {} : { model: info.model }),
      ...(info?.provider === undefined ? {} : { providerName: info.provider }),
      counts: definedOnly({ prompt: input === undefined ? undefined : input + (cacheRead ?? 0) + (cacheWrite ?? 0), cacheRead, cacheWrite, output, reasoning }),
      outputGrows: false,
      recorded: tokens,
      place,
    });
  }
}
