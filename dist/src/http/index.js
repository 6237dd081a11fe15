/**
 * Recorded HTTP: cassettes, their replay to three kinds of client, recording, importers,
 * usage normalisation and cache accounting (DESIGN.md §7).
 */
export { CASSETTE_FORMAT, formatCassette, parseCassette, recordChunk, recordRequest, requestBytes, responseBytes, responseText, } from "./cassette.js";
export { openCassetteWriter } from "./cassette-writer.js";
export { CassetteDispatcher } from "./dispatcher.js";
export { CREDENTIAL_HEADERS } from "./headers.js";
export { cassetteFetch, dispatcherFetch, parseHttpMode } from "./mode.js";
export { installNockReplay } from "./nock-replay.js";
export { recordingFetch } from "./recording-fetch.js";
export { Replayer } from "./replayer.js";
export { serveCassette } from "./serve.js";
export { attributeBreak, BREAK_CODES, canonicalKind } from "./attribution.js";
export { startProxy, PROVIDER_URLS } from "./proxy.js";
export { accountCache } from "./cache-accounting.js";
export { HttpModel } from "./http-model.js";
export { endpointOf } from "./endpoint.js";
export { detectFormat, importRecording } from "./import.js";
export { promptOf } from "./prompt.js";
export { tokenizerFor } from "./tokenizers.js";
export { readResponseBody, usageOf } from "./usage.js";
export { SIMULATOR_HEADER, parseScenario, startSimulator } from "./simulator/index.js";
