export { DEEPSEEK_BASE_URL, DEEPSEEK_EFFORTS, serializeDeepSeekRequest, type DeepSeekWireOptions } from './deepseek/serialize.ts';
export { DeepSeekStreamTranslator } from './deepseek/translate-stream.ts';
export { mapDeepSeekUsage, type DeepSeekUsage } from './deepseek/usage.ts';
export { SseDecoder, parseSse, type SseEvent } from './sse.ts';
export type { GenerateRequest, WireRequest } from './wire-request.ts';
