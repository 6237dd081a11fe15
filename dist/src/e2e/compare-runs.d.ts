import type { FetchLike } from '../http/index.ts';
import { AgentLoop, type AgentLoopOptions } from '../loop/index.ts';
import type { Provider } from '../wire/index.ts';
import { type E2eRun } from './run-e2e.ts';
export interface MeasuredRun {
    readonly name: string;
    readonly cassette: string;
    readonly boundOf: 'own' | 'reference';
    readonly requests: ReadonlyArray<{
        input: number | null;
        cacheRead: number | null;
        cacheWrite: number | null;
        output: number | null;
        bound: number | null;
    }>;
    readonly rate: number | null;
    readonly attainment: number | null;
    readonly passed: boolean;
    readonly problems: E2eRun['problems'];
}
export interface ComparisonOptions {
    readonly provider: Provider;
    readonly model: string;
    readonly fetch: FetchLike;
    readonly baseUrl?: string;
    readonly apiKey?: string;
    /** One cassette per run: the reference's, then one per mutant. */
    readonly cassettes: readonly string[];
    /** A session id per run; of one width, so the units of their prompts line up. */
    readonly session: (run: number) => string;
    readonly mutants: readonly string[];
}
/** The loop (and fold) of a mutant, for running it over HTTP; refuses mutants that have neither. */
export declare function mutantLoop(name: string): (options: AgentLoopOptions) => AgentLoop;
export declare function compareRuns(options: ComparisonOptions): Promise<{
    readonly runs: MeasuredRun[];
    readonly simulated: boolean;
}>;
