/**
 * OpenTelemetry GenAI spans in OTLP/JSON (`{resourceSpans: [{resource, scopeSpans: [{spans}]}]}`,
 * one export request a line as the collector's file exporter writes them, or one document).
 * A span reports a model call's usage in `gen_ai.usage.input_tokens` (the conventions count
 * cache reads and writes inside it), `gen_ai.usage.output_tokens`, and the cache reads and
 * writes in either spelling: `gen_ai.usage.cache_read.input_tokens` /
 * `gen_ai.usage.cache_creation.input_tokens` (the conventions' current names) or
 * `gen_ai.usage.cache_read_input_tokens` / `gen_ai.usage.cache_creation_input_tokens` (the
 * earlier ones, still written by instrumentations). A span of another operation than an
 * inference (`invoke_agent`, `embeddings`, …), or one without an operation whose children
 * report usage, sums or is no model call, and is not counted.
 */
// @ts-nocheck

import type { Sink } from './ledger.ts';
import { definedOnly, isObject, refusal, tokenCount } from './counts.ts';
import { pointerOf, type Place } from './records.ts';

/** The operations that are one call to a model (gen_ai.operation.name). */
const INFERENCE = new Set(['chat', 'text_completion', 'generate_content']);

/** Usage attributes read, and the pairs of spellings that must agree. */
const READ = ['gen_ai.usage.cache_read.input_tokens', 'gen_ai.usage.cache_read_input_tokens'] as const;
const WRITE = ['gen_ai.usage.cache_creation.input_tokens', 'gen_ai.usage.cache_creation_input_tokens'] as const;
const KNOWN_USAGE = new Set(['gen_ai.usage.input_tokens', 'gen_ai.usage.output_tokens', ...READ, ...WRITE]);

interface Span {
  readonly trace: string;
  readonly id: string;
  readonly parent?: string;
  readonly start?: number;
  readonly attributes: Readonly<Record<string, unknown>>;
  readonly place: Place;
}

export class OtelReader {
  readonly #sink: Sink;
  readonly #spans: Span[] = [];

  constructor(sink: Sink) {
    this.#sink = sink;
  }

  record(value: unknown, place: Place): void {
    if (!isObject(value) || !Array.isArray(value['resourceSpans'])) throw refusal('USAGE_RECORD_MALFORMED', 'an OTLP record has no resourceSpans list', place);
    value['resourceSpans'].forEach((resource: unknown, r) => {
      if (!isObject(resource)) throw refusal('USAGE_RECORD_MALFORMED', 'a resourceSpans entry is not an object', { ...place, pointer: pointerOf(['resourceSpans', r]) });
      const scopes = resource['scopeSpans'] ?? resource['instrumentationLibrarySpans'] ?? [];
      const scopeKey = resource['scopeSpans'] === undefined ? 'instrumentationLibrarySpans' : 'scopeSpans';
      if (!Array.isArray(scopes)) throw refusal('USAGE_RECORD_MALFORMED', `${scopeKey} is not a list`, { ...place, pointer: pointerOf(['resourceSpans', r]) });
      scopes.forEach((scope: unknown, s) => {
        const spans = isObject(scope) ? scope['spans'] : undefined;
        if (!Array.isArray(spans)) throw refusal('USAGE_RECORD_MALFORMED', 'a scope holds no spans list', { ...place, pointer: pointerOf(['resourceSpans', r, scopeKey, s]) });
        spans.forEach((span: unknown, k) => this.#span(span, { ...place, pointer: pointerOf(['resourceSpans', r, scopeKey, s, 'spans', k]) }));
      });
    });
  }

  #span(span: unknown, place: Place): void {
    if (!isObject(span)) throw refusal('USAGE_RECORD_MALFORMED', 'a span is not an object', place);
    const attributes = attributesOf(span['attributes'], place);
    const usage = Object.keys(attributes).filter((k) => k.startsWith('gen_ai.usage.'));
    for (const key of usage) if (!KNOWN_USAGE.has(key)) this.#sink.unread(key, place);
    if (!usage.some((k) => KNOWN_USAGE.has(k))) return;
    const start = typeof span['startTimeUnixNano'] === 'string' && /^\d+$/.test(span['startTimeUnixNano']) ? Number(BigInt(span['startTimeUnixNano']) / 1_000_000n) : typeof span['startTimeUnixNano'] === 'number' ? Math.floor(span['startTimeUnixNano'] / 1e6) : undefined;
    this.#spans.push(definedOnly({
      trace: String(span['traceId'] ?? ''),
      id: String(span['spanId'] ?? ''),
      parent: typeof span['parentSpanId'] === 'string' && span['parentSpanId'] !== '' ? span['parentSpanId'] : undefined,
      start,
      attributes,
      place,
    }) as Span);
  }

  end(): void {
    const parents = new Set(this.#spans.flatMap((s) => (s.parent === undefined ? [] : [`${s.trace}/${s.parent}`])));
    const calls = this.#spans.filter((span) => {
      const op = span.attributes['gen_ai.operation.name'];
      if (typeof op === 'string' && !INFERENCE.has(op)) {
        this.#sink.skip(`gen_ai.operation.name ${op} (not one model call)`, span.place);
        return false;
      }
      if (op === undefined && parents.has(`${span.trace}/${span.id}`)) {
        this.#sink.skip('a span whose child spans report usage (it sums them)', span.place);
        return false;
      }
      return true;
    });
    // Exporters write spans as they end, children first: a lineage runs in the order calls started.
    calls.sort((a, b) => (a.start ?? 0) - (b.start ?? 0));
    for (const span of calls) this.#call(span);
  }

  #call({ trace, id, start, attributes: a, place }: Span): void {
    const prompt = tokenCount(a['gen_ai.usage.input_tokens'], 'gen_ai.usage.input_tokens', place);
    const cacheRead = this.#either(a, READ, place);
    const cacheWrite = this.#either(a, WRITE, place);
    const output = tokenCount(a['gen_ai.usage.output_tokens'], 'gen_ai.usage.output_tokens', place);
    if (prompt !== undefined && prompt < (cacheRead ?? 0) + (cacheWrite ?? 0)) {
      throw refusal('USAGE_INCONSISTENT', `gen_ai.usage.input_tokens is ${prompt}, below the cache read (${cacheRead ?? 0}) and write (${cacheWrite ?? 0}) the conventions count inside it`, place);
    }
    const session = text(a['gen_ai.conversation.id']) ?? text(a['session.id']) ?? `trace ${trace}`;
    const model = text(a['gen_ai.response.model']) ?? text(a['gen_ai.request.model']);
    const provider = text(a['gen_ai.provider.name']) ?? text(a['gen_ai.system']);
    this.#sink.call({
      session,
      lineage: `otel:${session}`,
      key: `otel:${trace}:${id}`,
      ...(start === undefined ? {} : { at: start }),
      ...(model === undefined ? {} : { model }),
      ...(provider === undefined ? {} : { providerName: provider }),
      counts: definedOnly({ prompt, cacheRead, cacheWrite, output }),
      outputGrows: false,
      recorded: Object.fromEntries(Object.entries(a).filter(([k]) => k.startsWith('gen_ai.usage.'))),
      place,
    });
  }

  /** A count given in either spelling; both given must agree. */
  #either(a: Readonly<Record<string, unknown>>, [current, earlier]: readonly [string, string], place: Place): number | undefined {
    const [x, y] = [tokenCount(a[current], current, place), tokenCount(a[earlier], earlier, place)];
    if (x !== undefined && y !== undefined && x !== y) throw refusal('USAGE_INCONSISTENT', `${current} is ${x} but ${earlier} is ${y}: two spellings of one count`, place);
    return x ?? y;
  }
}

/** OTLP/JSON attributes (`[{key, value: {stringValue | intValue | doubleValue | boolValue | …}}]`) as a plain object. */
function attributesOf(list: unknown, place: Place): Record<string, unknown> {
  if (list === undefined) return {};
  if (!Array.isArray(list)) throw refusal('USAGE_RECORD_MALFORMED', 'span attributes are not a list', place);
  const out: Record<string, unknown> = {};
  for (const entry of list) {
    if (!isObject(entry) || typeof entry['key'] !== 'string' || !isObject(entry['value'])) throw refusal('USAGE_RECORD_MALFORMED', 'a span attribute is not {key, value}', place);
    const v = entry['value'];
    out[entry['key']] = v['stringValue'] ?? v['intValue'] ?? v['doubleValue'] ?? v['boolValue'] ?? v['arrayValue'] ?? v['kvlistValue'] ?? v['bytesValue'];
  }
  return out;
}

const text = (value: unknown): string | undefined => (typeof value === 'string' && value !== '' ? value : undefined);
