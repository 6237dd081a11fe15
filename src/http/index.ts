/**
 * Recorded HTTP: cassettes, their replay to three kinds of client, recording, importers,
 * usage normalisation and cache accounting (DESIGN.md §7).
 */
export {
  CASSETTE_FORMAT,
  chunkBytes,
  formatCassette,
  formatInteraction,
  lineOfInteraction,
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
  type Provider,
  type RecordedRequest,
  type RecordedResponse,
  type Reserialised,
} from './cassette.ts';
export { openCassetteWriter, type CassetteWriter } from './cassette-writer.ts';
export { CassetteDispatcher } from './dispatcher.ts';
export { CREDENTIAL_HEADERS, allowedHeaders, isAllowedHeader } from './headers.ts';
export { HTTP_MODES, HTTP_MODE_VARIABLE, cassetteFetch, parseHttpMode, type CassetteFetchOptions, type HttpMode } from './mode.ts';
export { installNockReplay, type NockReplay } from './nock-replay.ts';
export { recordingFetch, type FetchLike, type RecordingFetch, type RecordingOptions } from './recording-fetch.ts';
export { Replayer, type ReplayOptions, type SentRequest, type UnusedInteraction } from './replayer.ts';
export { serveCassette, type CassetteServer, type ServeOptions } from './serve.ts';
export { timedChunks, type ReplayTiming } from './timing.ts';
export { accountCache, type CacheAccount, type RequestAccount } from './cache-accounting.ts';
export { anthropicMinimum, idleLifetime, readableTokens } from './cache-rules.ts';
export { HttpModel, type Fetch, type HttpModelOptions } from './http-model.ts';
export { endpointOf, providerOfModel, type Api, type Endpoint } from './endpoint.ts';
export { detectFormat, importRecording, type ImportOptions } from './import.ts';
export { messageKey, outputOf, promptOf, type Prompt, type PromptMessage, type ToolCall } from './prompt.ts';
export { parseSse, sseJson, type SseEvent } from '../wire/sse.ts';
export { tokenizerFor, type PromptTokenizer } from './tokenizers.ts';
export { readResponseBody, usageOf, type ResponseBody, type Usage } from './usage.ts';
export { DEFAULT_REPLY, SIMULATOR_HEADER, parseScenario, startSimulator, type Simulator, type SimulatorOptions } from './simulator/index.ts';
