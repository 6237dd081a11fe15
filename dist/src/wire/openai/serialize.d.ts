import type { GenerateRequest, WireRequest } from '../wire-request.ts';
export declare const OPENAI_BASE_URL = "https://api.openai.com/v1";
export interface OpenAiWireOptions {
    readonly baseUrl?: string;
}
export declare function serializeOpenAiRequest(request: GenerateRequest, options?: OpenAiWireOptions): WireRequest;
