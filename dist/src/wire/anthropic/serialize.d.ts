import type { GenerateRequest, WireRequest } from '../wire-request.ts';
export declare const ANTHROPIC_BASE_URL = "https://api.anthropic.com/v1";
export declare const ANTHROPIC_VERSION = "2023-06-01";
/** Anthropic requires max_tokens; a request without one gets this. */
export declare const ANTHROPIC_DEFAULT_MAX_TOKENS = 4096;
export interface AnthropicWireOptions {
    readonly baseUrl?: string;
}
export declare function serializeAnthropicRequest(request: GenerateRequest, options?: AnthropicWireOptions): WireRequest;
