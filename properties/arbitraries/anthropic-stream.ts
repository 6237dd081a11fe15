/**
 * Anthropic messages SSE bodies: named events (`message_start`, `content_block_start`,
 * `_delta`, `_stop`, `message_delta`, `message_stop`, `ping`, `error`); thinking blocks
 * (with their signature delta), text of every class, several tool_use blocks whose input
 * streams as partial JSON, in any order, and now and then a block the harness does not carry
 * (redacted thinking, a server tool's use with its streamed input and its result); deltas the
 * harness does not carry (a thinking signature, a text's citation) and an event type the API
 * added later (the API may add some; readers skip them); every stop reason, an `error` event
 * (its finish is the error, coded with its type), and a
 * stream cut before its `message_delta`; usage on `message_start` with the cache fields
 * present, null or absent and the final output count (legacy) or the cumulative counts
 * (current API, grown when server tools ran) on `message_delta`, or no usage at all.
 */
import fc from 'fast-check';
import { independently } from '../_internals/independent.ts';
import type { ContentBlock } from '../../src/log/index.ts';
import { framing, frame, framingLabels, type SseMessage } from './sse-framing.ts';
import { defined, expectedFinish, finishLabels, looksLikeWire, reported, streamedCall, streamedText, tokenUsage, unreadableEvents, withUnreadable, type ExpectedFinish, type GeneratedStream, type StreamedCall } from './provider-stream.ts';
import type { UsageDraw } from './deepseek-stream.ts';
import { textLabels } from './text.ts';

type Block =
  | { readonly kind: 'thinking' | 'text'; readonly text: string; readonly pieces: readonly string[]; readonly cited?: true }
  | ({ readonly kind: 'tool_use' } & StreamedCall)
  | { readonly kind: 'redacted_thinking' }
  | ({ readonly kind: 'server_tool_use' } & StreamedCall);

/**
 * Mostly blocks the harness carries; now and then one it does not (encrypted thinking, a
 * server tool's use, whose input streams as partial JSON, and its result), which takes a
 * wire index but no harness block.
 */
/** Block types outside the reader's vocabulary: Anthropic's redacted thinking, and names every JavaScript object inherits. */
const UNKNOWN_BLOCK_TYPES = ['redacted_thinking', 'constructor', 'redacted_thinking', 'toString', '__proto__'] as const;

const block: fc.Arbitrary<Block> = fc.oneof(
  { weight: 3, arbitrary: streamedText.map((t) => ({ kind: 'thinking' as const, ...t })) },
  { weight: 1, arbitrary: fc.constant({ kind: 'redacted_thinking' as const }) },
  { weight: 1, arbitrary: streamedCall(0).map((c) => ({ kind: 'server_tool_use' as const, ...c, id: 'srvtoolu_014hJH82Qum7Td6UV8gDXThB', name: 'web_search' })) },
  { weight: 1, arbitrary: streamedText.map((t) => ({ kind: 'text' as const, ...t, cited: true as const })) },
  { weight: 6, arbitrary: streamedText.map((t) => ({ kind: 'text' as const, ...t })) },
  { weight: 6, arbitrary: fc.nat(9).chain((i) => streamedCall(i)).map((c) => ({ kind: 'tool_use' as const, ...c })) },
);

const presence = fc.constantFrom('value', 'value', 'null', 'absent');
const put = (p: string, value: unknown): unknown => (p === 'value' ? value : p === 'null' ? null : undefined);

/** Usage split over `message_start` and `message_delta`, as the API streams it. */
interface AnthropicUsageDraw extends UsageDraw {
  readonly start: Record<string, unknown> | undefined;
  readonly delta: Record<string, unknown> | undefined;
}

const anthropicUsage: fc.Arbitrary<AnthropicUsageDraw> = fc
  .record({
    input: fc.nat(50_000),
    read: fc.nat(200_000),
    write: fc.nat(50_000),
    output: fc.nat(8000),
    readField: presence,
    writeField: presence,
    breakdown: fc.boolean(),
    delta: fc.constantFrom('legacy', 'cumulative', 'cumulative with nulls', 'absent'),
    // Server tools (web search) run inside the message: the cumulative input counts on message_delta then exceed message_start's.
    grown: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 20_000 })),
  })
  .map(({ input, read, write, output, readField, writeField, breakdown, delta, grown }) => {
    const start = defined({
      input_tokens: input,
      cache_creation_input_tokens: put(writeField, write),
      cache_read_input_tokens: put(readField, read),
      cache_creation: breakdown ? { ephemeral_5m_input_tokens: write, ephemeral_1h_input_tokens: 0 } : undefined,
      output_tokens: 1,
      service_tier: breakdown ? 'standard' : undefined,
    });
    const deltaUsage =
      delta === 'absent'
        ? undefined
        : delta === 'legacy'
          ? { output_tokens: output }
          : delta === 'cumulative'
            ? defined({ input_tokens: input + grown, cache_creation_input_tokens: start['cache_creation_input_tokens'], cache_read_input_tokens: grownCount(start['cache_read_input_tokens'], grown), output_tokens: output })
            : { input_tokens: null, cache_creation_input_tokens: null, cache_read_input_tokens: null, output_tokens: output };
    // message_delta's counts are cumulative: a number there replaces message_start's; null restates nothing.
    const merged = { ...start, ...Object.fromEntries(Object.entries(deltaUsage ?? {}).filter(([, v]) => v !== null)) } as Record<string, number | null | undefined>;
    const readReported = reported(merged['cache_read_input_tokens']);
    const writeReported = reported(merged['cache_creation_input_tokens']);
    return {
      start,
      delta: deltaUsage,
      raw: merged,
      expected: tokenUsage(reported(merged['input_tokens']) ?? 0, reported(merged['output_tokens']) ?? 0, readReported, writeReported),
      labels: {
        'cache read': readReported !== undefined,
        'cache write': writeReported !== undefined,
        'cache fields absent': readReported === undefined && writeReported === undefined,
        'null fields': Object.values(start).includes(null) || Object.values(deltaUsage ?? {}).includes(null),
        'output count on message_delta': deltaUsage !== undefined,
        'counts grown on message_delta': delta === 'cumulative' && grown > 0,
      },
    };
  });

/** A web search result's citation, as a `citations_delta` carries it. */
const CITATION = { type: 'web_search_result_location', cited_text: 'The tallest tower is 828 m.', url: 'https://example.com/towers', title: 'Towers', encrypted_index: 'Eo8BCioIAhgBIiQyYjQ0OWJmZi1lNm' };

/** Delta types outside the reader's vocabulary: a later one, and names every JavaScript object inherits. */
const LATER_DELTA_TYPES = ['summary_delta', 'constructor', 'text_delta_v2', '__proto__'] as const;

/**
 * Events a reader must skip wherever they stand (WIRE-5.4): data that is JSON but no event
 * object, and events of the known types whose fields are not of the format's type (an index
 * that is no number or none, a delta or usage that is no object, a text or stop reason that
 * is no string, an input delta without its JSON).
 */
const typed = (type: string, fields: object): SseMessage => ({ event: type, data: { type, ...fields } });
const UNREADABLE_EVENTS: readonly SseMessage[] = [
  { data: null }, { data: 1 }, { data: [] }, { data: 'event' }, typed('ping', { type: null }),
  typed('content_block_start', { content_block: { type: 'text', text: '' } }),
  typed('content_block_start', { index: '9', content_block: { type: 'tool_use', id: 'toolu_unread', name: 'unread', input: {} } }),
  typed('content_block_delta', { index: '0', delta: { type: 'text_delta', text: 'unread' } }),
  typed('content_block_delta', { index: 0, delta: null }),
  typed('content_block_delta', { index: 0, delta: { type: 'input_json_delta' } }),
  typed('content_block_delta', { index: 0, delta: { type: 'text_delta', text: 7 } }),
  typed('message_delta', { delta: null, usage: null }),
  typed('message_delta', { delta: { stop_reason: 7 }, usage: 'none' }),
];
/** Deltas of the known kinds on a block of another kind: each adds nothing (WIRE-5.3). */
const FOREIGN_DELTAS = {
  text: [{ type: 'input_json_delta', partial_json: '{"q":1}' }, { type: 'thinking_delta', thinking: 'not thought' }],
  thinking: [{ type: 'text_delta', text: 'not text' }, { type: 'input_json_delta', partial_json: '{}' }],
  tool_use: [{ type: 'text_delta', text: 'not input' }, { type: 'thinking_delta', thinking: 'not thought' }],
} as const;
/** A `message_start` without its message, or with usage that is no object: read before the real one, it changes nothing. */
const UNREADABLE_STARTS: readonly SseMessage[] = [typed('message_start', {}), typed('message_start', { message: null }), typed('message_start', { message: { usage: 'none' } })];

const STOP_KINDS = { end_turn: 'stop', stop_sequence: 'stop', tool_use: 'tool-calls', max_tokens: 'max-tokens' } as const;
const ERROR_TYPES = ['overloaded_error', 'api_error'] as const;

export const anthropicStream: fc.Arbitrary<GeneratedStream> = fc
  .record({
    blocks: fc.array(block, { minLength: 1, maxLength: 4 }),
    empty: fc.noBias(fc.nat(19)),
    usage: fc.option(anthropicUsage, { freq: 5 }),
    ending: fc.noBias(fc.integer({ min: 0, max: 99 })),
    pings: fc.boolean(),
    laterEvent: fc.boolean(),
    // Drawn apart, so every other part comes out as it did without them: a delta of a later type;
    // a later message_delta that restates no stop reason (null or left out), the first one's standing.
    apart: independently('apart', fc.record({ laterDelta: fc.boolean(), restated: fc.constantFrom('none', 'none', 'stop null', 'stop absent') })),
    framing: framing(fc.constant(true)),
    unreadable: unreadableEvents('unreadable events', UNREADABLE_EVENTS),
    // An error event without its type (coded ERROR), a tool_use start without its id or name (""): drawn apart too.
    // A start that carries text of its own, a delta of another block's kind on each block: neither adds anything.
    foreign: independently('foreign deltas', fc.record({ startText: fc.constantFrom(false, false, false, true), delta: fc.constantFrom(false, false, false, true) })),
    missing: independently('missing fields', fc.record({ errorType: fc.constantFrom(true, true, true, false), call: fc.constantFrom('none', 'none', 'none', 'none', 'id', 'name') })),
    unreadableStart: unreadableEvents('unreadable start', UNREADABLE_STARTS),
  })
  .map((drawn) => {
    const { empty, usage, ending, pings, laterEvent } = drawn;
    const { laterDelta, restated } = drawn.apart;
    // One stream in twenty has no content block at all.
    const blocks = empty === 0 ? [] : drawn.blocks;
    const usual = blocks.some((b) => b.kind === 'tool_use') ? 'tool_use' : 'end_turn';
    const carried = blocks.filter((b): b is Exclude<Block, { kind: 'redacted_thinking' | 'server_tool_use' }> => b.kind !== 'redacted_thinking' && b.kind !== 'server_tool_use');
    const stop = ending < 45 ? usual : ending < 52 ? 'stop_sequence' : ending < 72 ? 'max_tokens' : ending < 77 ? 'refusal' : ending < 81 ? 'pause_turn' : null;
    const error = ending >= 81 && ending < 93 ? ERROR_TYPES[ending % 2]! : undefined;
    const terminated = stop !== null && error === undefined;
    // Only the terminator may lack its closing blank line (see deepseek-stream.ts); an error event is the last event, whole.
    const f = terminated ? drawn.framing : { ...drawn.framing, end: 'blank' as const };
    const firstCall = blocks.find((b) => b.kind === 'tool_use');
    // The first tool_use block leaves out its id or its name when so drawn; the call then has "" there.
    const anonymous = (b: Block & { kind: 'tool_use' }, key: 'id' | 'name'): string | undefined => (b === firstCall && drawn.missing.call === key ? undefined : b[key]);
    const errorType = error !== undefined && !drawn.missing.errorType ? undefined : error;
    const events: SseMessage[] = [];
    const send = (event: string, data: object) => events.push({ event, data: { type: event, ...data } });
    send('message_start', { message: defined({ id: 'msg_017FfRkh9PCC8YbjnhDMrPuK', type: 'message', role: 'assistant', model: 'claude-sonnet-4-5', content: [], stop_reason: null, stop_sequence: null, usage: usage?.start }) });
    blocks.forEach((b, index) => {
      if (b.kind === 'redacted_thinking') {
        // A block type a reader does not know opens no block, named like a prototype key too.
        send('content_block_start', { index, content_block: { type: UNKNOWN_BLOCK_TYPES[index % UNKNOWN_BLOCK_TYPES.length]!, data: 'EmwKAhgBEgy3va3pzix/LafPsn4aDFIT2Xlxh0L5L8rLVyIwxtE3rAFBa8cr3qpP' } });
        send('content_block_stop', { index });
        return;
      }
      if (b.kind === 'server_tool_use') {
        // A server tool's use streams its input like a tool_use block; its result block follows, whole.
        send('content_block_start', { index, content_block: { type: 'server_tool_use', id: b.id, name: b.name, input: {} } });
        for (const p of b.pieces) send('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: p } });
        send('content_block_stop', { index });
        return;
      }
      const own = drawn.foreign.startText ? 'not read' : '';
      const start = b.kind === 'tool_use' ? defined({ type: 'tool_use', id: anonymous(b, 'id'), name: anonymous(b, 'name'), input: {} }) : b.kind === 'thinking' ? { type: 'thinking', thinking: own, signature: '' } : { type: 'text', text: own };
      send('content_block_start', { index, content_block: start });
      if (pings && index === 0) send('ping', {});
      if (laterEvent && index === 0) send('content_block_annotation', { index, annotation: { kind: 'note' } });
      // A delta type the API added later, with fields named like the known deltas' own: it adds nothing.
      if (laterDelta) send('content_block_delta', { index, delta: { type: LATER_DELTA_TYPES[index % LATER_DELTA_TYPES.length]!, text: 'not text', thinking: 'not thinking', partial_json: '{"not":"input"}' } });
      if (drawn.foreign.delta) for (const delta of FOREIGN_DELTAS[b.kind]) send('content_block_delta', { index, delta });
      b.pieces.forEach((p, k) => {
        const delta = b.kind === 'thinking' ? { type: 'thinking_delta', thinking: p } : b.kind === 'text' ? { type: 'text_delta', text: p } : { type: 'input_json_delta', partial_json: p };
        send('content_block_delta', { index, delta });
        if (b.kind === 'text' && b.cited === true && k === 0) send('content_block_delta', { index, delta: { type: 'citations_delta', citation: CITATION } });
      });
      if (b.kind === 'thinking') send('content_block_delta', { index, delta: { type: 'signature_delta', signature: 'EqQBCgIYAhIM1gbcDa9GJwZA2b3hGgxBdjrkzLoky3dl1pkiMOYds' } });
      send('content_block_stop', { index });
    });
    if (error !== undefined) send('error', { error: defined({ type: errorType, message: 'Overloaded' }) });
    else if (stop !== null) {
      send('message_delta', { delta: { stop_reason: stop, stop_sequence: stop === 'stop_sequence' ? '<END>' : null }, ...(usage?.delta === undefined ? {} : { usage: usage.delta }) });
      if (restated !== 'none') send('message_delta', { delta: restated === 'stop null' ? { stop_reason: null, stop_sequence: null } : {} });
      send('message_stop', {});
    }
    const expectedBlocks: ContentBlock[] = carried.map((b) => (b.kind === 'tool_use' ? { type: 'tool-call', id: anonymous(b, 'id') ?? '', name: anonymous(b, 'name') ?? '', arguments: b.arguments } : { type: b.kind === 'thinking' ? 'reasoning' : 'text', text: b.text }));
    const finish: ExpectedFinish = error !== undefined ? { kind: 'error', code: errorType?.toUpperCase() ?? 'ERROR' } : expectedFinish(stop, STOP_KINDS, expectedBlocks.length);
    const texts = carried.flatMap((b) => (b.kind === 'tool_use' ? [b.arguments, b.name] : [b.text]));
    // A stream cut before message_delta never restated the output count: only message_start's usage arrived.
    const usageSeen = usage === null ? null : stop === null || error !== undefined ? { ...usage, delta: undefined, expected: startOnly(usage.start) } : usage;
    return {
      provider: 'anthropic' as const,
      // Before the last event, which alone may lack its closing blank line.
      body: frame(withUnreadable(withUnreadable(events, drawn.unreadable, events.length), drawn.unreadableStart, 1), f),
      expected: { blocks: expectedBlocks, usage: usageSeen?.expected ?? null, finish, ...((terminated || error !== undefined) && f.end === 'blank' ? {} : { unterminated: true as const }) },
      labels: {
        ...framingLabels(f),
        thinking: blocks.some((b) => b.kind === 'thinking'),
        'tool calls': blocks.some((b) => b.kind === 'tool_use'),
        'several tool calls': blocks.filter((b) => b.kind === 'tool_use').length > 1,
        'error event': error !== undefined,
        'no message_stop': !terminated,
        usage: usage !== null,
        'usage absent': usage === null,
        ...(usageSeen?.labels ?? {}),
        ...finishLabels(finish),
        'untranslated block': carried.length < blocks.length,
        'untranslated block with deltas': blocks.some((b) => b.kind === 'server_tool_use'),
        'untranslated delta': blocks.some((b) => b.kind === 'thinking' || (b.kind === 'text' && b.cited === true)),
        'event type added later': laterEvent && blocks.length > 0,
        'delta type added later': laterDelta && carried.length > 0,
        'message_delta without stop reason': restated !== 'none' && terminated,
        'start with its own text': drawn.foreign.startText && carried.some((b) => b.kind !== 'tool_use'),
        'delta of another kind': drawn.foreign.delta && carried.length > 0,
        'error event without type': error !== undefined && errorType === undefined,
        'tool call without id or name': firstCall !== undefined && drawn.missing.call !== 'none',
        'unreadable event': drawn.unreadable.length + drawn.unreadableStart.length > 0,
        ...textLabels(texts),
        'text: wire lookalike': texts.some(looksLikeWire),
      },
    };
  });

/** A cache count that grew with the message, when message_start reported one. */
function grownCount(count: unknown, grown: number): unknown {
  return typeof count === 'number' ? count + grown : count;
}

function startOnly(start: Record<string, unknown> | undefined): UsageDraw['expected'] | undefined {
  if (start === undefined) return undefined;
  const n = (key: string) => reported(start[key] as number | null | undefined);
  return tokenUsage(n('input_tokens') ?? 0, n('output_tokens') ?? 0, n('cache_read_input_tokens'), n('cache_creation_input_tokens'));
}
