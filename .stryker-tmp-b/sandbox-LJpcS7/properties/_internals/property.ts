// @ts-nocheck
import type fc from 'fast-check';
import type { ImplementationAt, Level } from '../../src/contract/index.ts';

/**
 * One checkable statement of the rule. It is written against the operations of its levels
 * `L` only, so it runs on any harness that has those levels: the runner hands `check` an
 * implementation on which they are present.
 */
export interface Property<I, L extends Level> {
  /** Stable id, e.g. `LOOP-RECONSTRUCT`: regressions and expectations refer to it. */
  readonly id: string;
  /** The statement, in plain words. */
  readonly title: string;
  /**
   * The clauses of docs/spec/ it checks, by id, a short hint in parentheses where it helps:
   * `'LOG-7.1, LOG-7.2 (torn tail versus committed damage)'`. test/spec-citations.test.ts
   * holds every id against docs/spec/, and `npm run spec:checked-by` lists the property there.
   */
  readonly clause: string;
  readonly levels: readonly L[];
  /** The wire provider it speaks; `n/a` on an implementation that does not declare it. */
  readonly provider?: string;
  /** The optional scenario features it needs (SCENARIO_FEATURES); `n/a` on an implementation that does not play them all. */
  readonly scenarioFeatures?: readonly string[];
  /** Its inputs are loop scenarios (loopProperty): what `inEra` gives a session prefix. */
  readonly playsScenarios?: true;
  /** The optional operation it needs (OPTIONAL_OPERATIONS); `n/a` on an implementation that does not declare it. */
  readonly operation?: string;
  /** Needs the implementation's own objects (to check freezing): not over stdio. */
  readonly inProcess?: boolean;
  /** Default runs relative to the budget (1 = the budget). */
  readonly weight?: number;
  readonly arbitrary: fc.Arbitrary<I>;
  /** Its inputs in another era than the current one, where they differ (`inEra`): logs of the session-prefix design. */
  readonly arbitraries?: { readonly 'session-prefix'?: fc.Arbitrary<I> };
  /** Labels of one input, counted into generator statistics. */
  labels?(input: I): Readonly<Record<string, boolean>>;
  /** The least share of inputs that must carry each label, else the generator is too weak and the property fails. */
  readonly floors?: Readonly<Record<string, number>>;
  /** Throws a PropertyFailure (or any error, which counts as a crash of the implementation) when the statement is false. */
  check(impl: ImplementationAt<L>, input: I): Promise<void>;
  /** How a counterexample is stored in corpora/regressions and read back. */
  readonly codec: RegressionCodec<I>;
}

/**
 * Any property, its input and levels erased: what lists of properties and the runner hold.
 * Every `Property<I, L>` is one without a cast, because `check`, `labels` and the codec are
 * methods (compared bivariantly). The runner keeps the pairing honest: it hands `check` only
 * inputs from the same property's arbitrary or codec, and only an implementation `hasLevels`
 * found to have the property's levels.
 */
export type AnyProperty = Property<unknown, Level>;

/** A property, its levels `L` read from `levels`, so `check` is typed by them. */
export function defineProperty<I, L extends Level>(property: Property<I, L>): Property<I, L> {
  return property;
}

/** A stored input: a session log as JSONL lines, or one JSON value. */
export type RegressionPayload = { readonly kind: 'log'; readonly jsonl: string } | { readonly kind: 'json'; readonly value: unknown };

export interface RegressionCodec<I> {
  encode(input: I): RegressionPayload;
  decode(payload: RegressionPayload): I;
}

/** Inputs that are plain JSON values. */
export function jsonCodec<I>(): RegressionCodec<I> {
  return {
    encode: (input) => ({ kind: 'json', value: input }),
    decode: (payload) => (payload.kind === 'json' ? (payload.value as I) : (JSON.parse(payload.jsonl) as I)),
  };
}
