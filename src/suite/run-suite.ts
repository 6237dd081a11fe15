/**
 * Runs properties against an implementation: stored regressions first, then generated
 * cases; a failure is shrunk to a minimal input and stored for every later run.
 */
import fc from 'fast-check';
import { xorshift128plus } from 'pure-rand/generator/xorshift128plus';
import { PropertyFailure, forEra, type AnyProperty, type Property, type RegressionPayload } from '../../properties/index.ts';
import { ReconError } from '../errors.ts';
import type { FirstDifference } from '../first-difference.ts';
import { declaredEra, hasLevels, missingOperations, playsFeature, supports, type Implementation, type ImplementationAt, type ImplementationInfo, type Level } from '../contract/implementation.ts';
import type { RegressionStore } from './regressions.ts';

/** Generated cases per property by default (loop properties weigh 0.5 of it). */
export const DEFAULT_RUNS = 100;
/** Below this many cases, generator floors are not enforced: a share needs cases to mean anything. */
export const FLOOR_MIN_RUNS = 50;

/**
 * Part i of n of a run (1-based). Generated case k of a property goes to the part with
 * k mod n = i - 1: dealt round-robin, so every part gets small early cases and large late
 * ones alike. Stored regressions are replayed by part 1 only, so merged parts count them once.
 */
export interface Shard {
  readonly index: number;
  readonly count: number;
}

/** How a property failed: a wrong answer, or the implementation could not answer. */
export type FailureKind = 'wrong-answer' | 'crashed' | 'timed-out' | 'protocol-error' | 'generator-floor' | 'harness-error';

export interface Counterexample {
  readonly kind: FailureKind;
  readonly message: string;
  readonly seed?: number;
  readonly path?: string;
  /** The generated case that failed, by its global index (the same input whatever the shard). */
  readonly case?: number;
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
  /** Share of generated inputs that carried each label; absent when a failure stopped the cases early. */
  readonly statistics?: Readonly<Record<string, number>>;
  /** How many generated inputs carried each label: parts of a run add up. */
  readonly labels?: Readonly<Record<string, number>>;
  /** The property's generator floors, so merged parts can check them on the sum. */
  readonly floors?: Readonly<Record<string, number>>;
}

export interface SuiteResult {
  readonly implementation: ImplementationInfo;
  readonly seed: number;
  readonly budget: number;
  /** Set when this is one part of a sharded run. */
  readonly shard?: Shard;
  readonly properties: readonly PropertyResult[];
  readonly summary: { readonly pass: number; readonly fail: number; readonly na: number };
  readonly timeMs: number;
}

export type SuiteProgress =
  | { readonly type: 'start'; readonly property: AnyProperty; readonly index: number; readonly total: number }
  | { readonly type: 'case'; readonly property: AnyProperty; readonly done: number; readonly of: number }
  | { readonly type: 'end'; readonly result: PropertyResult; readonly index: number; readonly total: number };

export interface SuiteOptions {
  readonly runs?: number;
  readonly seed?: number;
  /** Run only this part of the generated cases (default: all). */
  readonly shard?: Shard;
  /** Property ids to run (default: all). */
  readonly only?: readonly string[];
  readonly regressions?: RegressionStore;
  readonly onProgress?: (event: SuiteProgress) => void;
  /** Shrink a failure to a minimal input (default true); a kill matrix only needs to know that something fails. */
  readonly shrink?: boolean;
  /** Wall-clock clock for timings; injected so tests stay deterministic where they need to. */
  readonly now?: () => number;
}

/** `--shard i/n`, or a USAGE error that says what it takes. */
export function parseShard(text: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(text);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (match === null || !Number.isSafeInteger(count) || count < 1 || index < 1 || index > count) throw new ReconError('USAGE', `--shard takes i/n with 1 ≤ i ≤ n (e.g. 2/4), got "${text}"`);
  return { index, count };
}

export async function runSuite(impl: Implementation, properties: readonly AnyProperty[], options: SuiteOptions = {}): Promise<SuiteResult> {
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
  const shard = options.shard === undefined || options.shard.count === 1 ? {} : { shard: options.shard };
  return { implementation: impl.info, seed, budget, ...shard, properties: results, summary: { pass: count('pass'), fail: count('fail'), na: count('n/a') }, timeMs: now() - started };
}

async function runProperty(
  impl: Implementation,
  given: AnyProperty,
  options: SuiteOptions & { readonly seed: number; readonly budget: number; readonly now: () => number },
): Promise<PropertyResult> {
  const started = options.now();
  // The inputs of the era the implementation declares: a current-era run generates what it always did.
  const property = forEra(given, declaredEra(impl.info));
  const base = { id: property.id, title: property.title, clause: property.clause, levels: property.levels };
  const done = (rest: Omit<PropertyResult, keyof typeof base | 'timeMs'>): PropertyResult => ({ ...base, ...rest, timeMs: options.now() - started });
  const reason = notApplicable(impl.info, property);
  if (reason !== undefined) return done({ status: 'n/a', runs: 0, regressions: 0, reason });
  // Narrows `impl` to the property's levels for `check`. Declared levels lack an operation only in
  // an implementation checkConformance refuses up front; a direct caller of runSuite sees it here.
  if (!hasLevels(impl, property.levels)) {
    const missing = missingOperations(impl, property.levels).map((m) => `${m.operation} (${m.level})`);
    return done({ status: 'fail', runs: 0, regressions: 0, counterexample: { kind: 'crashed', message: `the implementation declares the levels of this property but lacks their operations: ${missing.join(', ')}` } });
  }

  const replays = options.shard === undefined || options.shard.index === 1;
  const stored = replays ? (options.regressions?.load(property.id) ?? []) : [];
  for (const [i, regression] of stored.entries()) {
    const failure = await attempt(() => property.check(impl, property.codec.decode(regression.payload)));
    if (failure !== undefined) {
      return done({ status: 'fail', runs: i + 1, regressions: stored.length, counterexample: { ...failure, file: regression.file, input: regression.payload } });
    }
  }

  const numRuns = Math.max(1, Math.round(options.budget * (property.weight ?? 1)));
  const counts = new Map<string, number>();
  let generated = 0;
  let failed: { readonly case: number; readonly input: unknown; readonly error: unknown } | undefined;
  let at = -1;
  try {
    for (const { k, generate } of generateCases(property, options.seed, numRuns, options.shard)) {
      // A case counts from the moment it is generated: a harness error in it is case k too.
      at = k;
      generated++;
      const input = generate();
      for (const [label, on] of Object.entries(property.labels?.(input) ?? {})) if (on) counts.set(label, (counts.get(label) ?? 0) + 1);
      if (generated % 10 === 0) options.onProgress?.({ type: 'case', property, done: generated, of: numRuns });
      try {
        await property.check(impl, input);
      } catch (error) {
        // fc.pre: the case does not apply; it stays numbered, so no other case takes its place.
        if (fc.PreconditionFailure.isFailure(error)) continue;
        failed = { case: k, input, error };
        break;
      }
    }
  } catch (error) {
    // Only the harness itself throws here: a generator or a label function.
    return done({ status: 'fail', runs: stored.length + generated, regressions: stored.length, counterexample: { kind: 'harness-error', message: `the harness failed while generating cases: ${String(error)}`, seed: options.seed, ...(at < 0 ? {} : { case: at }) } });
  }
  const runs = stored.length + generated;
  if (failed !== undefined) {
    let found: { input: unknown; error: unknown; path: string } = { input: failed.input, error: failed.error, path: String(failed.case) };
    try {
      found = (await shrink(impl, property, options, failed)) ?? found;
    } catch (error) {
      return done({ status: 'fail', runs, regressions: stored.length, counterexample: { kind: 'harness-error', message: `the harness failed while shrinking case ${failed.case}: ${String(error)}`, seed: options.seed, case: failed.case } });
    }
    const failure = describe(found.error);
    const payload = property.codec.encode(found.input);
    const file = options.regressions?.save(property.id, payload, { seed: options.seed, path: found.path, failure: failure.message });
    // No statistics: a failure stops the cases early, so shares would depend on where it fell.
    return done({
      status: 'fail',
      runs,
      regressions: stored.length,
      counterexample: { ...failure, seed: options.seed, path: found.path, case: failed.case, ...(file === undefined ? {} : { file }), input: payload },
    });
  }
  const labels = Object.fromEntries([...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
  const statistics = shares(labels, generated);
  const floors = property.floors === undefined ? {} : { floors: property.floors };
  const weak = floorFailure(statistics, property.floors, generated, options.seed);
  return done({ status: weak === undefined ? 'pass' : 'fail', runs, regressions: stored.length, statistics, labels, ...floors, ...(weak === undefined ? {} : { counterexample: weak }) });
}

/** Why a property does not apply to an implementation (it reports n/a), or undefined when it does. */
export function notApplicable(info: ImplementationInfo, property: Pick<AnyProperty, 'levels' | 'provider' | 'inProcess' | 'scenarioFeatures' | 'operation'>): string | undefined {
  if (!supports(info, property.levels)) return `needs the ${property.levels.join(', ')} level`;
  if (property.provider !== undefined && !declaredProviders(info).includes(property.provider)) return `needs the ${property.provider} wire provider`;
  if (property.inProcess === true && info.inProcess !== true) return 'needs in-process objects (freezing cannot be seen over a protocol)';
  const unplayed = property.scenarioFeatures?.find((feature) => !playsFeature(info, feature));
  if (unplayed !== undefined) return `needs the scenario feature ${unplayed}`;
  if (property.operation !== undefined && info.operations?.includes(property.operation) !== true) return `needs the operation ${property.operation}`;
  return undefined;
}

/**
 * The generated cases of one property that belong to `shard`, in order. Case k is what
 * fast-check's own runner generates as run k at this seed (the random stream jumped k + 1
 * times, bias by k), so it depends on (seed, k) only: never on the shard count, and a
 * counterexample's seed and path replay with plain `fc.check`.
 */
export function* generateCases<I>(property: Pick<Property<I, Level>, 'arbitrary'>, seed: number, numRuns: number, shard?: Shard): Generator<{ readonly k: number; readonly generate: () => I }> {
  const source = fc.asyncProperty<[I]>(property.arbitrary, async () => {});
  const rng = xorshift128plus(fastCheckSeed(seed));
  for (let k = 0; k < numRuns; k++) {
    rng.jump();
    if (shard !== undefined && k % shard.count !== shard.index - 1) continue;
    const random = new fc.Random(rng);
    yield { k, generate: () => source.generate(random, k).value[0] };
  }
}

/** fast-check's reading of a seed as the 32 bits its random generators start from. */
function fastCheckSeed(seed: number): number {
  const low = seed | 0;
  return seed === low ? low : low ^ ((seed - low) * 0x100000000);
}

/**
 * Shrinks one failing case: fast-check replays it by its path (the case index) and
 * shrinks from there, so the result is the same whichever shard found it.
 */
async function shrink(
  impl: ImplementationAt<Level>,
  property: AnyProperty,
  options: SuiteOptions & { readonly seed: number; readonly now: () => number },
  failed: { readonly case: number; readonly error: unknown },
): Promise<{ input: unknown; error: unknown; path: string } | undefined> {
  const budget = shrinkBudget(failed.error);
  if (options.shrink === false || budget === 0) return undefined;
  const until = options.now() + budget;
  let replayed = false;
  const details = await fc.check(
    fc.asyncProperty(property.arbitrary, async (input) => {
      // Past the budget, every candidate "passes": fast-check keeps the smallest failure found so far.
      if (replayed && options.now() >= until) return;
      replayed = true;
      await property.check(impl, input);
    }),
    { seed: options.seed, path: String(failed.case), numRuns: 1 },
  );
  // A case that passes when replayed (a flaky implementation) keeps its first failure.
  if (!details.failed || details.counterexample === null) return undefined;
  return { input: details.counterexample[0], error: details.errorInstance, path: details.counterexamplePath ?? String(failed.case) };
}

/** Share of generated inputs that carried each label. */
export function shares(labels: Readonly<Record<string, number>>, generated: number): Record<string, number> {
  return Object.fromEntries(Object.entries(labels).map(([label, n]) => [label, n / Math.max(1, generated)]));
}

/**
 * The generator-floor failure of a complete set of cases, if any label fell below its floor by
 * more than sampling explains: a share under the floor by three standard errors of `generated`
 * draws at the floor's own share. A generator that meets its floors then fails about once in a
 * few hundred runs per label, not once in ten; one that lost a label fails wherever the run is
 * long enough to tell (floor × runs above about 9).
 */
export function floorFailure(statistics: Readonly<Record<string, number>>, floors: Readonly<Record<string, number>> | undefined, generated: number, seed: number): Counterexample | undefined {
  const tolerance = (floor: number) => 3 * Math.sqrt((floor * (1 - floor)) / generated);
  const weak = generated >= FLOOR_MIN_RUNS ? Object.entries(floors ?? {}).filter(([label, floor]) => (statistics[label] ?? 0) < floor - tolerance(floor)) : [];
  if (weak.length === 0) return undefined;
  const message = `the generator fell below its floors beyond sampling error: ${weak.map(([label, floor]) => `${label} ${percent(statistics[label] ?? 0)} < ${percent(floor)}`).join(', ')} in ${generated} cases`;
  return { kind: 'generator-floor', message, seed };
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
