/**
 * deepseek-harness behind the `Implementation` interface, in process, on DSH's published
 * packages. Every answer is computed by DSH code, except the JSONL line rules restated in
 * storage.ts; the adapter moves data between our protocol and DSH's API and maps DSH's
 * refusal messages to our codes.
 *
 *   log      load: DSH's JSONL line rules, then PersistenceCoordinator.inspect (load-path.ts)
 *            append: Session.append on a live session rebuilt from the loaded log (live-session.ts)
 *   fold     deriveMessages / requestHeader of one live Session grown through the prefixes
 *   request  {...header.config, messages, system?, tools?, sessionId} from that fold, deep-frozen
 *            with DSH's deepFreeze, as dsh-agent-loop composes it (spec §4.4 item 7)
 *   wire     dsh-llm-deepseek's DeepSeekAdapter on a scripted transport (deepseek-wire.ts)
 *   loop     dsh-agent-loop driven through a scenario (run-scenario.ts)
 *
 * A level whose package the version does not publish is not declared (packages.ts), so
 * its properties report n/a; the operations of that level are left out.
 */
// @ts-nocheck

import type { DeepSeekAdapter } from '@deepseek-ai/dsh-llm-deepseek';
import type { Session } from '@deepseek-ai/dsh-session';
import type { NeutralRequest } from '../../fold/index.ts';
import type { EpochHeader, SessionEvent, SessionHeader, StreamChunk } from '../../log/index.ts';
import type { GenerateRequest, WireRequest } from '../../wire/index.ts';
import { INTERFACE_VERSION, asRefusal, outcome, type AppendOutcome, type Implementation, type ImplementationInfo, type Level, type Outcome } from '../../contract/implementation.ts';
import type { Scenario } from '../../contract/scenario.ts';
import { imageOptions } from '../reference/reference-implementation.ts';
import { ours } from './boundary.ts';
import { deepSeekAdapter, streamChunks, withScriptedFetch } from './deepseek-wire.ts';
import { appendAt, growTo, newSession } from './live-session.ts';
import { loadWithDsh, type LoadedLog } from './load-path.ts';
import { hasLoop, loadDshPackages, type DshPackages } from './packages.ts';
import { refusalOf } from './refusal-codes.ts';
import { dshScenarioFeatures, runDshScenario } from './run-scenario.ts';
import { headerLine, writeStoredLog } from './storage.ts';

/** Runs `body`; an Error DSH throws becomes a refusal with its mapped code. */
const answer = <T>(body: () => T | Promise<T>): Promise<Outcome<T>> => outcome(body, refusalOf);

const usage = (provider: string) => ({ ok: false as const, code: 'USAGE', message: `DSH's adapter speaks the deepseek wire format, not "${provider}"` });

export async function dshImplementation(spec: string, cwd: string): Promise<Implementation> {
  return dshImplementationOf(await loadDshPackages(spec, cwd));
}

/** The adapter over packages already loaded (one version's, or a subset of them). */
export function dshImplementationOf(dsh: DshPackages): Implementation {
  const info: ImplementationInfo = { name: 'deepseek-harness', version: dsh.version, language: 'typescript', levels: dsh.levels, ...(dsh.deepseek === undefined ? {} : { providers: ['deepseek'] }), inProcess: true, era: 'current', ...(dsh.levels.includes('loop') ? { scenarioFeatures: dshScenarioFeatures(dsh) } : {}) };
  const load = (jsonl: string) => loadWithDsh(dsh, jsonl);
  const has = (level: Level) => dsh.levels.includes(level);

  /** Reads `read` at each prefix of one live session, grown (never rebuilt) through the log. */
  const alongPrefixes = async <T>(jsonl: string, prefixes: readonly number[], read: (session: Session) => T): Promise<T[]> => {
    const loaded = await load(jsonl);
    let session = newSession(dsh, loaded.meta);
    return prefixes.map((k) => {
      if (k < session.events.length) session = newSession(dsh, loaded.meta);
      growTo(session, loaded.events, k);
      return read(session);
    });
  };

  const log: Pick<Implementation, 'load' | 'append'> = {
    load: (jsonl) => answer(async () => asOurs(await load(jsonl))),
    append: (jsonl, inputs) =>
      answer(async () => {
        const loaded = await load(jsonl);
        const session = newSession(dsh, loaded.meta);
        growTo(session, loaded.events, loaded.events.length);
        const outcomes: AppendOutcome[] = inputs.map((input) => {
          try {
            return { ok: true, seq: appendAt(session, input).seq };
          } catch (error) {
            return asRefusal(error, refusalOf);
          }
        });
        return { jsonl: writeStoredLog(dsh, session.header, session.events), outcomes };
      }),
  };
  const wire = (adapter: DeepSeekAdapter): Pick<Implementation, 'serialize' | 'parseStream'> => ({
    serialize: async (request, provider, images) => {
      if (provider !== 'deepseek') return usage(provider);
      // With images, the adapter's catalog lists the request's model with image input and reads through the given objects.
      const imageAdapter = () =>
        deepSeekAdapter(dsh, {}, undefined, { store: imageOptions(images!).attachments!, imageModels: [request.model], ...(images!.maxRequestImageBytes === undefined ? {} : { maxRequestImageBytes: images!.maxRequestImageBytes }) });
      return answer(() => serialize(images === undefined ? adapter : imageAdapter(), request));
    },
    parseStream: async (provider, body, cuts) => (provider === 'deepseek' ? answer(() => parseStream(adapter, body, cuts)) : usage(provider)),
  });

  return {
    interfaceVersion: INTERFACE_VERSION,
    info,
    ...(has('log') ? log : {}),
    deriveMessages: (jsonl, prefixes) => answer(() => alongPrefixes(jsonl, prefixes, (s) => ours(s.deriveMessages()))),
    foldRequestHeader: (jsonl, prefixes) => answer(() => alongPrefixes(jsonl, prefixes, foldedHeader)),
    buildRequest: (jsonl, boundaries) => answer(() => alongPrefixes(jsonl, boundaries, (s) => requestAt(dsh, s))),
    ...(has('wire') ? wire(deepSeekAdapter(dsh)) : {}),
    ...(hasLoop(dsh) ? { run: (scenario: Scenario) => answer(() => runDshScenario(dsh, scenario)) } : {}),
  };
}

/** The header in force after the fold, or null before the first request/header snapshot. */
function foldedHeader(session: Session): EpochHeader | null {
  const header = session.requestHeader();
  return header === undefined ? null : ours(header);
}

/** The request the loop would build from this fold (dsh-agent-loop buildRequest, spec §4.4 item 7). */
function requestAt(dsh: DshPackages, session: Session): NeutralRequest | null {
  const header = session.requestHeader();
  if (header === undefined) return null;
  const request = {
    ...header.config,
    messages: session.deriveMessages(),
    ...(header.system === undefined ? {} : { system: header.system }),
    ...(header.tools === undefined ? {} : { tools: header.tools }),
    sessionId: session.id,
  };
  return ours(dsh.llm.deepFreeze(request));
}

/** The HTTP request DSH's adapter sends for `request`; the transport records it and refuses to answer. */
/** The request DSH's adapter puts on the wire for `request`, caught before it leaves the process. */
export async function serialize(adapter: DeepSeekAdapter, request: GenerateRequest): Promise<WireRequest> {
  let sent: WireRequest | undefined;
  try {
    await withScriptedFetch(
      (wire) => {
        sent = wire;
        return undefined;
      },
      () => streamChunks(adapter, request),
    );
  } catch (error) {
    if (sent === undefined) throw error; // refused before it reached the wire (effort, content)
  }
  if (sent === undefined) throw new Error('the DeepSeek adapter sent nothing');
  return sent;
}

/** The chunks DSH's adapter yields for a response body arriving in the given pieces. */
async function parseStream(adapter: DeepSeekAdapter, body: string, cuts: readonly number[]): Promise<readonly StreamChunk[]> {
  const chunks = await withScriptedFetch(() => ({ body: Buffer.from(body), cuts }), () => streamChunks(adapter, { provider: 'deepseek', model: 'deepseek-chat', messages: [] }));
  return ours(chunks);
}

function asOurs(loaded: LoadedLog): { header: SessionHeader; events: readonly SessionEvent[] } {
  return { header: headerLine(loaded.meta), events: ours(loaded.events) };
}
