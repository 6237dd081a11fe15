export { LEVELS, PROTOCOL_VERSION, outcome, supports, type AppendInput, type AppendOutcome, type AppendResult, type Implementation, type ImplementationInfo, type Level, type LoadedEvents, type LoopRun, type Outcome, type Refusal } from '../contract/implementation.ts';
export { REFERENCE_INFO, REFERENCE_PARTS, parseDeepSeekStream, referenceImplementation, type ReferenceOptions, type ReferenceParts } from './reference/reference-implementation.ts';
export { runScenario, type ScenarioRunOptions } from './reference/run-scenario.ts';
export { FALLBACK_REPLY, SCENARIO_VERSION, scenarioToolOutput, type RouteConfig, type Scenario, type ScenarioAction } from '../contract/scenario.ts';
