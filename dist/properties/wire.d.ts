import type { GenerateRequest } from '../src/wire/index.ts';
import type { GeneratedStream } from './arbitraries/provider-stream.ts';
import { type GeneratedLog } from './arbitraries/session-log.ts';
import { type Property } from './_internals/property.ts';
export declare const WIRE_PURE: Property<GeneratedLog>;
export declare const WIRE_PREFIX_STABLE: Property<GeneratedLog>;
export declare const WIRE_MATCHES_SPEC: Property<GenerateRequest>;
export declare const WIRE_MATCHES_SPEC_OPENAI: Property<GenerateRequest>;
export declare const WIRE_MATCHES_SPEC_ANTHROPIC: Property<GenerateRequest>;
export declare const WIRE_STREAM_CONTENT: Property<{
    stream: GeneratedStream;
    cuts: number[];
}>;
export declare const WIRE_STREAM_CONTENT_OPENAI: Property<{
    stream: GeneratedStream;
    cuts: number[];
}>;
export declare const WIRE_STREAM_CONTENT_ANTHROPIC: Property<{
    stream: GeneratedStream;
    cuts: number[];
}>;
export declare const WIRE_USAGE_DISJOINT: Property<GeneratedStream>;
export declare const WIRE_SSE_RECHUNK: Property<{
    stream: GeneratedStream;
    cuts: number[];
}>;
export declare const WIRE_PROPERTIES: (Property<GeneratedLog> | Property<GenerateRequest> | Property<{
    stream: GeneratedStream;
    cuts: number[];
}> | Property<GeneratedStream>)[];
