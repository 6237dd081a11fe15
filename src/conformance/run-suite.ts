/**
 * Runs properties against an implementation: stored regressions first, then generated
 * cases; a failure is shrunk to a minimal input and stored for every later run.
 */
import fc from 'fast-check';
import { PropertyFailure, type Property, type RegressionPayload } from '../../properties/index.ts';
import { ReconError } from '../errors.ts';
import type { FirstDifference } from '../report/first-difference.ts';
import { supports, type Implementation, type ImplementationInfo, type Level } from './implementation.ts';
import type { RegressionStore } from './regressions.ts';

/** Generated cases per property by default (loop properties weigh 0.5 of it). */
export const DEFAULT_RUNS = 100;
/** Below this many cases, generator floors are not enforced: a share needs cases to mean anything. */
const FLOOR_MIN_RUNS = 50;

/** How a property failed: a wrong answer, or the implementation could not answer. */
export type FailureKind = 'wrong-answer' | 'crashed' | 'timed-out' | 'protocol-error' | 'generator-floor' | 'harness-error';

export interface Counterexample {
  readonly kind: FailureKind;
  readonly message: string;
  readonly seed?: number;
  readonly path?: string;
  /** The stored regression file that holds the input. */
  readonly file?: string;
  readonly input?: RegressionPayload;
  readonly difference?: FirstDifference;
  readonly explanation?: string;
}

export interface PropertyResult {
  readonly id: string;
  readonly title: string;
  readonly clause: string;
  readonly levels: readonly Level[];
  readonly status: 'pass' | 'fail' | 'n/a';
  /** Cases run: stored regressions plus generated ones. */
  readonly runs: number;
  readonly regressions: number;
  readonly timeMs: number;
  readonly reason?: string;
  readonly counterexample?: Counterexample;
  /** Share of generated inputs that carried each label. */
  readonly statistics?: Readonly<Record<string, number>>;
}

export interface SuiteResult {
  readonly implementation: ImplementationInfo;
  readonly seed: number;
  readonly budget: number;
  readonly properties: readonly PropertyResult[];
  readonly summary: { readonly pass: number; readonly fail: number; readonly na: number };
  readonly timeMs: number;
}

export type SuiteProgress =
  | { readonly type: 'start'; readonly property: Property<never>; readonly index: number; readonly total: number }
  | { readonly type: 'case'; readonly property: Property<never>; readonly done: number; readonly of: number }
  | { readonly type: 'end'; readonly result: PropertyResult; readonly index: number; readonly total: number };

export interface SuiteOptions {
  readonly runs?: number;
  readonly seed?: number;
  /** Property ids to run (default: all). */
  readonly only?: readonly string[];
  readonly regressions?: RegressionStore;
  readonly onProgress?: (event: SuiteProgress) => void;
  /** Shrink a failure to a minimal input (default true); a kill matrix only needs to know that something fails. */
  readonly shrink?: boolean;
  /** Wall-clock clock for timings; injected so tests stay deterministic where they need to. */
  readonly now?: () => number;
}

export async function runSuite(impl: Implementation, properties: readonly Property<never>[], options: SuiteOptions = {}): Promise<SuiteResult> {
  const now = options.now ?? performance.now.bind(performance);
  const started = now();
  const seed = options.seed ?? Date.now() % 2 ** 31;
  const budget = options.runs ?? DEFAULT_RUNS;
  const chosen = options.only === undefined ? properties : properties.filter((p) => options.only!.includes(p.id));
  const results: PropertyResult[] = [];
  for (const [index, property] of chosen.entries()) {
    options.onProgress?.({ type: 'start', property, index, total: chosen.length });
    const result = await runProperty(impl, property, { ...options, seed, budget, now });
    results.push(result);
    options.onProgress?.({ type: 'end', result, index, total: chosen.length });
  }
  const count = (status: PropertyResult['status']) => results.filter((r) => r.status === status).length;
  return { implementation: impl.info, seed, budget, properties: results, summary: { pass: count('pass'), fail: count('fail'), na: count('n/a') }, timeMs: now() - started };
}

async function runProperty(
  impl: Implementation,
  property: Property<never>,
  options: SuiteOptions & { readonly seed: number; readonly budget: number; readonly now: () => number },
): Promise<PropertyResult> {
  const started = options.now();
  const base = { id: property.id, title: property.title, clause: property.clause, levels: property.levels };
  const done = (rest: Omit<PropertyResult, keyof typeof base | 'timeMs'>): PropertyResult => ({ ...base, ...rest, timeMs: options.now() - started });
  if (!supports(impl.info, property.levels)) return done({ status: 'n/a', runs: 0, regressions: 0, reason: `needs the ${property.levels.join(', ')} level` });
  if (property.provider !== undefined && !declaredProviders(impl.info).includes(property.provider)) return done({ status: 'n/a', runs: 0, regressions: 0, reason: `needs the ${property.provider} wire provider` });
  if (property.inProcess === true && impl.info.inProcess !== true) return done({ status: 'n/a', runs: 0, regressions: 0, reason: 'needs in-process objects (freezing cannot be seen over a protocol)' });

  const stored = options.regressions?.load(property.id) ?? [];
  for (const [i, regression] of stored.entries()) {
    const failure = await attempt(() => property.check(impl, property.codec.decode(regression.payload) as never));
    if (failure !== undefined) {
      return done({ status: 'fail', runs: i + 1, regressions: stored.length, counterexample: { ...failure, file: regression.file, input: regression.payload } });
    }
  }

  const numRuns = Math.max(1, Math.round(options.budget * (property.weight ?? 1)));
  const counts = new Map<string, number>();
  let generated = 0;
  let shrinking = false;
  let shrinkUntil = Infinity;
  let details: fc.RunDetails<[never]>;
  try {
    details = await fc.check(
      fc.asyncProperty(property.arbitrary, async (input: never) => {
        // Past the budget, every candidate "passes": fast-check keeps the smallest failure found so far.
        if (options.now() >= shrinkUntil) return;
        if (!shrinking) {
          generated++;
          for (const [label, on] of Object.entries(property.labels?.(input) ?? {})) if (on) counts.set(label, (counts.get(label) ?? 0) + 1);
          if (generated % 10 === 0) options.onProgress?.({ type: 'case', property, done: generated, of: numRuns });
        }
        try {
          await property.check(impl, input);
        } catch (error) {
          if (!shrinking) shrinkUntil = options.now() + shrinkBudget(error);
          shrinking = true;
          throw error;
        }
      }),
      { numRuns, seed: options.seed, endOnFailure: options.shrink === false },
    );
  } catch (error) {
    // fast-check throws only when the harness itself is broken (a generator or a label function).
    return done({ status: 'fail', runs: stored.length + generated, regressions: stored.length, counterexample: { kind: 'harness-error', message: `the harness failed while generating cases: ${String(error)}` } });
  }
  const statistics = Object.fromEntries([...counts].map(([label, n]) => [label, n / Math.max(1, generated)]));
  const runs = stored.length + Math.min(generated, numRuns);
  if (details.failed) {
    const input = details.counterexample?.[0] as never;
    const failure = describe(details.errorInstance);
    const payload = input === undefined ? undefined : property.codec.encode(input);
    const file = payload === undefined ? undefined : options.regressions?.save(property.id, payload, { seed: details.seed, path: details.counterexamplePath ?? '', failure: failure.message });
    return done({
      status: 'fail',
      runs,
      regressions: stored.length,
      statistics,
      counterexample: { ...failure, seed: details.seed, ...(details.counterexamplePath === null ? {} : { path: details.counterexamplePath }), ...(file === undefined ? {} : { file }), ...(payload === undefined ? {} : { input: payload }) },
    });
  }
  const weak = numRuns >= FLOOR_MIN_RUNS ? Object.entries(property.floors ?? {}).filter(([label, floor]) => (statistics[label] ?? 0) < floor) : [];
  if (weak.length > 0) {
    const message = `the generator fell below its floors: ${weak.map(([label, floor]) => `${label} ${percent(statistics[label] ?? 0)} < ${percent(floor)}`).join(', ')}`;
    return done({ status: 'fail', runs, regressions: stored.length, statistics, counterexample: { kind: 'generator-floor', message, seed: options.seed } });
  }
  return done({ status: 'pass', runs, regressions: stored.length, statistics });
}

/** The providers an implementation's wire level speaks; one that names none speaks DeepSeek's, the protocol's first. */
function declaredProviders(info: ImplementationInfo): readonly string[] {
  return info.providers ?? ['deepseek'];
}

async function attempt(body: () => Promise<void>): Promise<Omit<Counterexample, 'file' | 'input'> | undefined> {
  try {
    await body();
    return undefined;
  } catch (error) {
    return describe(error);
  }
}

/**
 * How long to shrink a failure. An out-of-process implementation that crashed or broke the
 * protocol is restarted at every failing shrink step, and a hang costs a whole timeout per
 * step: those get a bounded budget, hangs none.
 */
function shrinkBudget(error: unknown): number {
  const kind = ReconError.is(error) ? KIND_OF_CODE[error.code] : undefined;
  return kind === 'timed-out' ? 0 : kind === undefined ? Infinity : RESTARTING_SHRINK_MS;
}

const RESTARTING_SHRINK_MS = 5_000;

const KIND_OF_CODE: Record<string, FailureKind> = { IMPL_CRASHED: 'crashed', IMPL_TIMEOUT: 'timed-out', PROTOCOL_ERROR: 'protocol-error' };

function describe(error: unknown): Omit<Counterexample, 'file' | 'input' | 'seed' | 'path'> {
  if (error instanceof PropertyFailure) {
    return { kind: 'wrong-answer', message: error.message, ...(error.difference === undefined ? {} : { difference: error.difference }), ...(error.explanation === undefined ? {} : { explanation: error.explanation }) };
  }
  if (ReconError.is(error) && KIND_OF_CODE[error.code] !== undefined) return { kind: KIND_OF_CODE[error.code]!, message: error.message };
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return { kind: 'crashed', message: `the implementation threw instead of answering: ${message}` };
}

function percent(share: number): string {
  return `${(share * 100).toFixed(0)}%`;
}
