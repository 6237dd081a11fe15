import { type RecordedResponse } from './cassette.ts';
import type { Api } from './endpoint.ts';
export interface Usage {
    readonly input?: number;
    readonly cacheRead?: number;
    readonly cacheWrite?: number;
    readonly output?: number;
}
/** A response body as the provider meant it: one JSON value, or the JSON payloads of an event stream. */
export type ResponseBody = {
    readonly kind: 'json';
    readonly value: Readonly<Record<string, unknown>>;
} | {
    readonly kind: 'sse';
    readonly events: ReadonlyArray<{
        readonly event?: string;
        readonly json: Record<string, unknown>;
    }>;
};
/** Whether a body is a server-sent event stream: by its content type, or by its first line when the type was not kept. */
export declare const isEventStream: (contentType: string | undefined, text: string) => boolean;
export declare function readResponseBody(response: RecordedResponse): ResponseBody | undefined;
/** The usage a response reports for `api`, or undefined when it reports none. */
export declare function usageOf(api: Api, body: ResponseBody): Usage | undefined;
