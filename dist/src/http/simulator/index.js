/** A loopback model of the providers' streaming APIs and prompt caches (DESIGN.md §7). */
export { promptCounter } from "./prompt-tokens.js";
export { parseScenario } from "./scenario.js";
export { SIMULATOR_HEADER, startSimulator } from "./server.js";
