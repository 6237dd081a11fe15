/**
 * The reference, behind the `Implementation` interface: what every property is first run
 * against. It is composed of parts; a mutant of the catalog is the same composition with
 * one part swapped for a buggy one.
 */
// @ts-nocheck

import { ReconError } from '../../errors.ts';
import { Session, buildRequest, type NeutralRequest } from '../../fold/index.ts';
import { SessionLog, fork, loadJsonl, saveJsonl, type ForkOptions, type EpochHeader, type LoadOptions, type LoadedLog, type Message, type SessionLogOptions, type StreamChunk } from '../../log/index.ts';
import { AgentLoop, type AgentLoopOptions } from '../../loop/index.ts';
import { DeepSeekStreamTranslator, WIRE_FORMATS, serializeDeepSeekRequest, translateSseBody, type GenerateRequest, type ImageWireOptions, type WireRequest } from '../../wire/index.ts';
import { MemoryAttachmentStore, digestOf } from '../../attachments/index.ts';
import type { FetchLike } from '../../http/index.ts';
import { INTERFACE_VERSION, asRefusal, outcome, type AppendOutcome, type ImplementationAt, type ImplementationInfo, type Level, type WireImages, OPTIONAL_OPERATIONS } from '../../contract/implementation.ts';
import { runScenario } from './run-scenario.ts';
import { SCENARIO_FEATURES } from '../../contract/scenario.ts';
import { HARNESS_VERSION } from '../../version.ts';


export const REFERENCE_INFO: ImplementationInfo = {
  name: 'reconstructable-reference',
  version: HARNESS_VERSION,
  language: 'typescript',
  levels: ['log', 'fold', 'request', 'wire', 'loop'],
  providers: ['deepseek', 'openai', 'anthropic'],
  inProcess: true,
  scenarioFeatures: [...SCENARIO_FEATURES],
  operations: [...OPTIONAL_OPERATIONS],
};

/** The pieces the reference is made of, one per layer. */
export interface ReferenceParts {
  readonly logOptions: SessionLogOptions;
  readonly load: (jsonl: string, options: LoadOptions) => LoadedLog;
  readonly save: (log: SessionLog) => string;
  /** The child of a loaded log (src/log/fork.ts). */
  readonly fork: (parent: SessionLog, options: ForkOptions) => SessionLog;
  readonly session: (log: SessionLog) => Session;
  readonly request: (header: EpochHeader, messages: readonly Message[], sessionId: string) => NeutralRequest;
  /** The DeepSeek wire format: the loop's, and the one most mutants change. */
  readonly serialize: (request: GenerateRequest, images?: ImageWireOptions) => WireRequest;
  readonly parseStream: (body: Uint8Array, cuts: readonly number[]) => StreamChunk[];
  /** The other providers' wire formats (src/wire), by provider name. */
  readonly wire: Readonly<Record<'openai' | 'anthropic', ProviderWire>>;
  readonly loop: (options: AgentLoopOptions) => AgentLoop;
  /** Feature liveModel: the model client's HTTP transport around undici's fetch; the reference's sends what was serialized, untouched. */
  readonly client?: (fetch: FetchLike) => FetchLike;
}

export interface ProviderWire {
  readonly serialize: (request: GenerateRequest, images?: ImageWireOptions) => WireRequest;
  readonly parseStream: (body: Uint8Array, cuts: readonly number[]) => StreamChunk[];
}

/** A provider's wire format from src/wire: its serializer, and its translator behind the SSE decoder. */
function providerWire(provider: 'openai' | 'anthropic'): ProviderWire {
  const format = WIRE_FORMATS[provider];
  return {
    serialize: (request, images) => format.serialize(request, images === undefined ? {} : { images }),
    parseStream: (body, cuts) => {
      return translateSseBody(format.translator(), cutAt(body, cuts));
    },
  };
}

export const REFERENCE_PARTS: ReferenceParts = {
  logOptions: {},
  load: loadJsonl,
  save: saveJsonl,
  fork,
  session: (log) => new Session(log),
  request: buildRequest,
  serialize: (request, images) => serializeDeepSeekRequest(request, images === undefined ? {} : { images }),
  parseStream: (body, cuts) => parseDeepSeekStream(cutAt(body, cuts)),
  wire: { openai: providerWire('openai'), anthropic: providerWire('anthropic') },
  loop: (options) => new AgentLoop(options),
};

/** The store and gate a `WireImages` stands for: its objects in memory, a model that takes images. */
export function imageOptions(images: WireImages): ImageWireOptions {
  const objects = Object.entries(images.objects).flatMap(([id, base64]) => {
    const hex = digestOf(id);
    return hex === undefined ? [] : [[hex, Buffer.from(String(base64), 'base64')] as const];
  });
  return { attachments: MemoryAttachmentStore.of(objects), acceptsImages: () => true, ...(images.maxRequestImageBytes === undefined ? {} : { maxRequestImageBytes: images.maxRequestImageBytes }) };
}

/** `body` cut into pieces at the given byte offsets, as a network might deliver it. */
export function cutAt(body: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [0, ...cuts, body.length];
  return points.slice(1).map((end, i) => body.subarray(points[i], end));
}

/** A DeepSeek SSE body, given as the pieces it arrived in, translated to stream chunks. */
export function parseDeepSeekStream(pieces: Iterable<Uint8Array | string>): StreamChunk[] {
  return translateSseBody(new DeepSeekStreamTranslator(), pieces);
}

export interface ReferenceOptions {
  readonly info?: Partial<ImplementationInfo>;
  readonly parts?: Partial<ReferenceParts>;
  /** The loop's own dispatch-time reconstruction check (default on). */
  readonly checkReconstruction?: boolean;
}

export function referenceImplementation(options: ReferenceOptions = {}): ImplementationAt<Level> {
  const parts: ReferenceParts = { ...REFERENCE_PARTS, ...options.parts };
  const load = (jsonl: string, clock?: () => number) => parts.load(jsonl, { ...parts.logOptions, ...(clock === undefined ? {} : { clock }) });

  /** Answers `read` at each prefix from one live fold grown event by event, so its cache is what answers. */
  const alongPrefixes = <T>(jsonl: string, prefixes: readonly number[], read: (session: Session) => T): T[] => {
    const loaded = load(jsonl);
    const log = SessionLog.create(loaded.log.header, parts.logOptions);
    const session = parts.session(log);
    const events = loaded.log.events;
    return prefixes.map((k) => {
      while (log.length < Math.min(k, events.length)) log.adopt(events[log.length]!);
      return read(session);
    });
  };

  return {
    interfaceVersion: INTERFACE_VERSION,
    info: { ...REFERENCE_INFO, ...options.info },
    load: (jsonl) =>
      outcome(() => {
        const { log } = load(jsonl);
        return { header: log.header, events: log.events };
      }),
    fork: (jsonl, boundary, childId, createdAt) =>
      outcome(() => {
        const { log } = load(jsonl);
        const child = parts.fork(log, { childId, createdAt, ...(boundary === null ? {} : { boundary }), log: { ...parts.logOptions, clock: () => createdAt } });
        return parts.save(child);
      }),
    append: (jsonl, inputs) =>
      outcome(() => {
        let time = 0;
        const { log } = load(jsonl, () => time);
        const outcomes: AppendOutcome[] = inputs.map(({ type, time: at, data, ...appendOptions }) => {
          time = at;
          try {
            return { ok: true, seq: log.append(type, data, appendOptions).seq };
          } catch (error) {
            return asRefusal(error);
          }
        });
        return { jsonl: parts.save(log), outcomes };
      }),
    deriveMessages: (jsonl, prefixes) => outcome(() => alongPrefixes(jsonl, prefixes, (session) => session.deriveMessages())),
    foldRequestHeader: (jsonl, prefixes) => outcome(() => alongPrefixes(jsonl, prefixes, (session) => session.requestHeader() ?? null)),
    buildRequest: (jsonl, boundaries) =>
      outcome(() =>
        alongPrefixes(jsonl, boundaries, (session) => {
          const header = session.requestHeader();
          return header === undefined ? null : parts.request(header, session.deriveMessages(), session.id);
        }),
      ),
    serialize: (request, provider, images) =>
      outcome(() => {
        const store = images === undefined ? undefined : imageOptions(images);
        if (provider === 'deepseek') return parts.serialize(request, store);
        if (provider === 'openai' || provider === 'anthropic') return parts.wire[provider].serialize(request, store);
        throw new ReconError('USAGE', `no wire format for provider "${provider}"`);
      }),
    parseStream: (provider, body, cuts) =>
      outcome(() => {
        if (provider === 'deepseek') return parts.parseStream(Buffer.from(body), cuts);
        if (provider === 'openai' || provider === 'anthropic') return parts.wire[provider].parseStream(Buffer.from(body), cuts);
        throw new ReconError('USAGE', `no stream format for provider "${provider}"`);
      }),
    run: (scenario) =>
      outcome(() =>
        runScenario(scenario, {
          createLoop: (loopOptions) => parts.loop({ ...loopOptions, createSession: parts.session, ...(options.checkReconstruction === false ? { checkReconstruction: false } : {}) }),
          serialize: parts.serialize,
          logOptions: parts.logOptions,
          fork: parts.fork,
          ...(parts.client === undefined ? {} : { wrapFetch: parts.client }),
        }),
      ),
  };
}
