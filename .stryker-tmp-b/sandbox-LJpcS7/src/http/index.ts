/**
 * Recorded HTTP: cassettes, their replay to three kinds of client, recording, importers,
 * usage normalisation and cache accounting (DESIGN.md §7).
 */
// @ts-nocheck

export {
  CASSETTE_FORMAT,
  formatCassette,
  parseCassette,
  recordChunk,
  recordRequest,
  requestBytes,
  responseBytes,
  responseText,
  type Cassette,
  type CassetteHeader,
  type Chunk,
  type ImportFormat,
  type Interaction,
  type RecordedRequest,
  type RecordedResponse,
  type Reserialised,
} from './cassette.ts';
export { openCassetteWriter, type CassetteWriter } from './cassette-writer.ts';
export { CassetteDispatcher } from './dispatcher.ts';
export { CREDENTIAL_HEADERS } from './headers.ts';
export { cassetteFetch, dispatcherFetch, parseHttpMode, type CassetteFetchOptions, type HttpMode } from './mode.ts';
export { installInProcessReplay, type InProcessReplay } from './in-process-replay.ts';
export { MAX_TIMEOUT_MS, networkFetch, type NetworkFetch } from './network-fetch.ts';
export { recordingFetch, type FetchLike, type RecordingFetch, type RecordingOptions } from './recording-fetch.ts';
export { Replayer, type ReplayOptions, type SentRequest, type UnusedInteraction } from './replayer.ts';
export { serveCassette, type CassetteServer, type ServeOptions } from './serve.ts';
export type { ReplayTiming } from './timing.ts';
export { attributeBreak, BREAK_CODES, breakpointCap, canonicalKind, type Attribution, type BreakCode, type CallView, type CanonicalKind } from './attribution.ts';
export { parseUpstream, startProxy, PROVIDER_URLS, type ProxiedCall, type Proxy, type ProxyOptions } from './proxy.ts';
export { accountCache, type CacheAccount, type RequestAccount } from './cache-accounting.ts';
export { HttpModel, type HttpModelOptions } from './http-model.ts';
export { endpointOf, type Api, type Endpoint } from './endpoint.ts';
export { detectFormat, importRecording, type ImportOptions } from './import.ts';
export { promptOf, type Prompt, type PromptMessage } from './prompt.ts';
export { tokenizerFor, type PromptTokenizer } from './tokenizers.ts';
export { readResponseBody, usageOf, type ResponseBody, type Usage } from './usage.ts';
export { SIMULATOR_HEADER, chatChunks, clientBaseUrls, chatSse, parseScenario, scriptedSse, startScriptedUpstream, startSimulator, withUsage, type ReplyMeta, type ScriptedUpstream, type Simulator, type SimulatorOptions } from './simulator/index.ts';
