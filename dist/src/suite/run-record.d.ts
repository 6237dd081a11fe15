import { type ExpectationsFile, type Verdict } from './expectations.ts';
import type { ImplementationInfo } from '../conformance/implementation.ts';
import type { Counterexample, PropertyResult, Shard, SuiteResult } from './run-suite.ts';
export declare const RUN_FORMAT = 1;
export interface RunHeader {
    readonly type: 'header';
    readonly format: typeof RUN_FORMAT;
    readonly harness: {
        readonly name: 'reconstructable';
        readonly version: string;
    };
    /** A hash of the stored regressions and the property ids: two runs with the same corpus checked the same things. */
    readonly corpus: {
        readonly version: string;
        readonly regressions: number;
        readonly properties: number;
    };
    readonly implementation: ImplementationInfo;
    /** The `--impl` the run was given, so a reader can replay it. */
    readonly impl: string;
    readonly seed: number;
    readonly budget: number;
    /** Set when the run is one part of a sharded run (`recon check --shard i/n`); `recon report merge` joins the parts. */
    readonly shard?: Shard;
    readonly startedAt: string;
    readonly node: string;
    readonly expectations?: string;
}
export interface RunResult {
    readonly type: 'result';
    readonly id: string;
    readonly level: string;
    readonly title: string;
    readonly clause: string;
    readonly status: 'pass' | 'fail' | 'n/a';
    readonly verdict: Verdict;
    readonly runs: number;
    readonly regressions: number;
    readonly timeMs: number;
    readonly reason?: string;
    readonly expected?: {
        readonly status: 'fail' | 'n/a';
        readonly reason: string;
        readonly issue?: string;
    };
    readonly counterexample?: Counterexample;
    readonly statistics?: Readonly<Record<string, number>>;
    /** Generated inputs per label, so the parts of a sharded run add up. */
    readonly labels?: Readonly<Record<string, number>>;
    readonly floors?: Readonly<Record<string, number>>;
}
export interface RunFooter {
    readonly type: 'footer';
    readonly summary: {
        readonly pass: number;
        readonly fail: number;
        readonly na: number;
        readonly unexpected: number;
    };
    readonly timeMs: number;
}
export interface RunRecord {
    readonly header: RunHeader;
    readonly results: readonly RunResult[];
    readonly footer: RunFooter;
}
export declare function toRunRecord(suite: SuiteResult, impl: string, expectations: {
    readonly file?: string;
    readonly content: ExpectationsFile;
} | undefined, startedAt: Date): RunRecord;
/** One result line, its keys always in the same order: a merged run reads like an unsharded one. */
export declare function runResult(r: Omit<RunResult, 'type'> & Partial<Pick<PropertyResult, 'levels'>>): RunResult;
export declare function writeRunJsonl(record: RunRecord): string;
export declare function readRunJsonl(text: string, file?: string): RunRecord;
