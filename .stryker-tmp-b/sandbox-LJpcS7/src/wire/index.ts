// @ts-nocheck
export { ANTHROPIC_BASE_URL, ANTHROPIC_DEFAULT_MAX_TOKENS, ANTHROPIC_VERSION, serializeAnthropicRequest } from './anthropic/serialize.ts';
export { AnthropicStreamTranslator } from './anthropic/translate-stream.ts';
export { ChatCompletionsStreamTranslator, DeepSeekStreamTranslator } from './chat-completions-stream.ts';
export { DEEPSEEK_BASE_URL, DEEPSEEK_EFFORTS, serializeDeepSeekRequest, type DeepSeekWireOptions } from './deepseek/serialize.ts';
export { OPENAI_BASE_URL, serializeOpenAiRequest } from './openai/serialize.ts';
export { PROVIDERS, WIRE_FORMATS, isProvider, translateSse, translateSseBody, translateSseStream, type Provider, type StreamTranslator, type WireFormat } from './providers.ts';
export { SseDecoder, parseSse, sseJson, type SseEvent } from './sse.ts';
export { count as reportedCount, mapAnthropicUsage, mapDeepSeekUsage, mapOpenAiUsage, reportedUsage, tokenUsage, type AnthropicUsage, type DeepSeekUsage, type OpenAiChatUsage, type ReportedUsage, type UsageApi } from './usage.ts';
export type { GenerateRequest, WireRequest } from './wire-request.ts';
export { DEEPSEEK_MAX_REQUEST_IMAGE_BYTES, OFFLOADED_IMAGE_TEXT, base64Length, hasImage, offloadOldestImages, type ImageWireOptions } from './images.ts';
export { TOOL_RESULT_IMAGES_TEXT } from './chat-completions-body.ts';
