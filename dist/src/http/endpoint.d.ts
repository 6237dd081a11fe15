import { type Interaction, type Provider } from './cassette.ts';
import { type ResponseBody } from './usage.ts';
export type Api = 'chat' | 'responses' | 'messages';
export interface Endpoint {
    readonly provider: Provider;
    readonly api: Api;
}
export declare function providerOfModel(model: unknown): Provider | undefined;
/** The endpoint of a call to `url` (or, without one, of a response `body`); undefined when it is not a model call. */
export declare function endpointOf(url: string | undefined, body?: Readonly<Record<string, unknown>>): Endpoint | undefined;
export interface ReadInteraction {
    readonly request: Readonly<Record<string, unknown>> | undefined;
    readonly response: ResponseBody | undefined;
    /** From the URL and the request body, or the first response payload when the request is missing or not JSON. */
    readonly endpoint: Endpoint | undefined;
}
/**
 * An interaction's request JSON, response body and endpoint, each parsed once. `provider`
 * (a cassette's own, e.g. one recorded through `recon proxy` in front of a simulator or a
 * gateway) names the provider where the host and model do not.
 */
export declare function readInteraction({ request, response }: Interaction, provider?: Provider): ReadInteraction;
