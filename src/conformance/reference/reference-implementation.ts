/** The reference, behind the `Implementation` interface: what every property is first run against. */
import { readFileSync } from 'node:fs';
import { ReconError } from '../../errors.ts';
import { Session, reconstructRequest } from '../../fold/index.ts';
import { SessionLog, loadJsonl, saveJsonl, type LoadedLog } from '../../log/index.ts';
import { DeepSeekStreamTranslator, SseDecoder, serializeDeepSeekRequest, type GenerateRequest } from '../../wire/index.ts';
import type { AppendOutcome, Implementation, ImplementationInfo, Outcome } from '../implementation.ts';
import { runScenario, type ScenarioRunOptions } from './run-scenario.ts';

const VERSION = (JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

export const REFERENCE_INFO: ImplementationInfo = {
  name: 'reconstructable-reference',
  version: VERSION,
  language: 'typescript',
  levels: ['log', 'fold', 'request', 'wire', 'loop'],
  providers: ['deepseek'],
  inProcess: true,
};

/** Runs `body`, turning a coded ReconError into a refusal; anything else is a crash and propagates. */
export async function outcome<T>(body: () => T | Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await body() };
  } catch (error) {
    if (ReconError.is(error)) return { ok: false, code: error.code, message: error.message };
    throw error;
  }
}

/** Answers `read` at each prefix from one live log grown event by event, so the fold's cache is what answers. */
function alongPrefixes<T>(loaded: LoadedLog, prefixes: readonly number[], read: (session: Session) => T): T[] {
  const log = SessionLog.create(loaded.log.header);
  const session = new Session(log);
  const events = loaded.log.events;
  return prefixes.map((k) => {
    while (log.length < Math.min(k, events.length)) log.adopt(events[log.length]!);
    return read(session);
  });
}

export interface ReferenceOptions extends ScenarioRunOptions {
  readonly info?: Partial<ImplementationInfo>;
}

export function referenceImplementation(options: ReferenceOptions = {}): Implementation {
  return {
    info: { ...REFERENCE_INFO, ...options.info },
    load: (jsonl) =>
      outcome(() => {
        const { log } = loadJsonl(jsonl);
        return { header: log.header, events: log.events };
      }),
    append: (jsonl, inputs) =>
      outcome(() => {
        let time = 0;
        const { log } = loadJsonl(jsonl, { clock: () => time });
        const outcomes: AppendOutcome[] = inputs.map((input) => {
          time = input.time;
          try {
            const options = {
              ...(input.surfaceOp === undefined ? {} : { surfaceOp: input.surfaceOp }),
              ...(input.sourceEventSeqs === undefined ? {} : { sourceEventSeqs: input.sourceEventSeqs }),
              ...(input.ignorable === undefined ? {} : { ignorable: input.ignorable }),
            };
            return { ok: true, seq: log.append(input.type, input.data, options).seq };
          } catch (error) {
            if (ReconError.is(error)) return { ok: false, code: error.code, message: error.message };
            throw error;
          }
        });
        return { jsonl: saveJsonl(log), outcomes };
      }),
    deriveMessages: (jsonl, prefixes) => outcome(() => alongPrefixes(loadJsonl(jsonl), prefixes, (session) => session.deriveMessages())),
    foldRequestHeader: (jsonl, prefixes) => outcome(() => alongPrefixes(loadJsonl(jsonl), prefixes, (session) => session.requestHeader() ?? null)),
    buildRequest: (jsonl, boundaries) =>
      outcome(() => {
        const { log } = loadJsonl(jsonl);
        return boundaries.map((b) => reconstructRequest(log.events, b, log.header.id) ?? null);
      }),
    serialize: (request: GenerateRequest, provider) =>
      outcome(() => {
        if (provider !== 'deepseek') throw new ReconError('USAGE', `no wire format for provider "${provider}"`);
        return serializeDeepSeekRequest(request);
      }),
    parseStream: (provider, body, cuts) =>
      outcome(() => {
        if (provider !== 'deepseek') throw new ReconError('USAGE', `no stream format for provider "${provider}"`);
        const bytes = Buffer.from(body);
        const decoder = new SseDecoder();
        const translator = new DeepSeekStreamTranslator();
        const chunks = [];
        const points = [0, ...cuts, bytes.length];
        const feed = (events: ReturnType<SseDecoder['end']>) => {
          for (const event of events) if (event.data !== '[DONE]') chunks.push(...translator.push(JSON.parse(event.data)));
        };
        for (let i = 1; i < points.length; i++) feed(decoder.push(bytes.subarray(points[i - 1], points[i])));
        feed(decoder.end());
        chunks.push(...translator.finish());
        return chunks;
      }),
    run: (scenario) => outcome(() => runScenario(scenario, options)),
  };
}
