// @ts-nocheck
import type { Implementation } from '../../contract/implementation.ts';
import type { ReferenceParts } from '../reference/reference-implementation.ts';

/**
 * The kinds of bug the catalog holds: the prefix breaks real harnesses shipped
 * (reference/real-prefix-bugs.md), then the log, fold and process faults the spec rules out.
 */
export type BugClass =
  | 'unlogged block'
  | 'moving ephemeral block'
  | 'reasoning dropped or merged'
  | 'clock in the system prompt'
  | 'per-turn data in the cached block'
  | 'tool order drift'
  | 'nested arguments re-serialized'
  | 'history rewritten on reload'
  | 'marker lost in translation'
  | 'illegal marker placement'
  | 'non-monotonic proxy transform'
  | 'sliding window'
  | 'recovery path rewrites prefix'
  | 'usage mis-mapped'
  | 'header discipline'
  | 'late injection'
  | 'mutable request'
  | 'stale fold'
  | 'projection'
  | 'legacy accepted'
  | 'validation skipped'
  | 'storage corrupts the log'
  | 'one design only'
  | 'unstable serialization'
  | 'malformed trace'
  | 'stream parsing'
  | 'wire field mis-mapped'
  | 'process fault';

/** The public report a mutant reproduces: a GitHub issue or pull request. */
export interface Citation {
  /** `owner/name` on GitHub. */
  readonly repo: string;
  /** `#123` for an issue, `PR #123` for a pull request. */
  readonly ref: string;
  /** The report's own page on github.com. */
  readonly url?: string;
}

export function issue(repo: string, n: number): Citation {
  return { repo, ref: `#${n}`, url: `https://github.com/${repo}/issues/${n}` };
}

export function pullRequest(repo: string, n: number): Citation {
  return { repo, ref: `PR #${n}`, url: `https://github.com/${repo}/pull/${n}` };
}

/**
 * A fake implementation with one realistic bug (DESIGN §6). The catalog proves the suite
 * has teeth: every mutant must be killed by some property, and every property must kill
 * some mutant.
 */
export interface Mutant {
  /** kebab-case, e.g. `clock-in-system-prompt`. */
  readonly name: string;
  /** The bug, in one sentence a harness author recognises. */
  readonly description: string;
  /** The kind of bug. */
  readonly bugClass: BugClass;
  /** The real report this mutant reproduces, when it reproduces one. */
  readonly citation?: Citation;
  /** Where it runs: in this process, or out of process over the stdio protocol. */
  readonly runs: 'in-process' | 'stdio';
  /** Starts the implementation under test; the caller closes it. */
  open(): Promise<Implementation>;
  /** In-process mutants made of swapped reference parts: those parts, e.g. for running the mutant's loop against a model (recon e2e). */
  readonly parts?: Partial<ReferenceParts>;
}
