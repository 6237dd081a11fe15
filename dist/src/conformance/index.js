export { LEVELS, PROTOCOL_VERSION, outcome, supports } from "./implementation.js";
export { REFERENCE_INFO, REFERENCE_PARTS, parseDeepSeekStream, referenceImplementation } from "./reference/reference-implementation.js";
export { runScenario } from "./reference/run-scenario.js";
export { FALLBACK_REPLY, SCENARIO_VERSION, scenarioToolOutput } from "./scenario.js";
