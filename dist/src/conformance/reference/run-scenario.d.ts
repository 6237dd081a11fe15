import { type SessionLogOptions } from '../../log/index.ts';
import type { GenerateRequest, WireRequest } from '../../wire/index.ts';
import { AgentLoop, type AgentLoopOptions } from '../../loop/index.ts';
import type { LoopRun } from '../implementation.ts';
import { type Scenario } from '../scenario.ts';
export interface ScenarioRunOptions {
    /** Builds the loop: mutants swap in their own. */
    readonly createLoop?: (options: AgentLoopOptions) => AgentLoop;
    /** The wire format the scripted route writes (DeepSeek's by default). */
    readonly serialize?: (request: GenerateRequest) => WireRequest;
    readonly logOptions?: SessionLogOptions;
}
/** Plays a scenario into the reference loop (see scenario.ts for the contract). */
export declare function runScenario(scenario: Scenario, options?: ScenarioRunOptions): Promise<LoopRun>;
