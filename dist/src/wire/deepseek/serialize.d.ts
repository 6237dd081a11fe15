import type { GenerateRequest, WireRequest } from '../wire-request.ts';
export declare const DEEPSEEK_BASE_URL = "https://api.deepseek.com";
export declare const DEEPSEEK_EFFORTS: ReadonlySet<string>;
export interface DeepSeekWireOptions {
    readonly baseUrl?: string;
    /** The deployment's thinking default, used when the request names no effort. */
    readonly thinking?: 'enabled' | 'disabled';
}
export declare function serializeDeepSeekRequest(request: GenerateRequest, options?: DeepSeekWireOptions): WireRequest;
