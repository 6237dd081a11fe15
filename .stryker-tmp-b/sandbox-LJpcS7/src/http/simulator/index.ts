/** A loopback model of the providers' streaming APIs and prompt caches (DESIGN.md §7). */
// @ts-nocheck

export { chatChunks, chatSse, withUsage, type ReplyMeta } from './chat-stream.ts';
export { promptCounter, type CountedPrompt, type PromptCounter, type Unit } from './prompt-tokens.ts';
export { parseScenario } from './scenario.ts';
export { SIMULATOR_HEADER, clientBaseUrls, startSimulator, type Simulator, type SimulatorOptions } from './server.ts';
export { scriptedSse, startScriptedUpstream, type ScriptedUpstream } from './scripted-upstream.ts';
