import type { LoopRun } from '../implementation.ts';
import { type Scenario } from '../scenario.ts';
import { type DshLoopPackages } from './packages.ts';
export declare function runDshScenario(dsh: DshLoopPackages, scenario: Scenario): Promise<LoopRun>;
