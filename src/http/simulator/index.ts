/** A loopback model of the providers' streaming APIs and prompt caches (DESIGN.md §7). */
export { ModelSimulator, type SimulatedAnswer } from './model-simulator.ts';
export { PrefixCache, type AnthropicUsage } from './prefix-cache.ts';
export { promptCounter, type CountedPrompt, type PromptCounter, type Unit } from './prompt-tokens.ts';
export { DEFAULT_REPLY, parseScenario, replyFor } from './scenario.ts';
export { SIMULATOR_HEADER, startSimulator, type Simulator, type SimulatorOptions } from './server.ts';
