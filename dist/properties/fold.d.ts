import { type GeneratedLog } from './arbitraries/session-log.ts';
export declare const FOLD_CACHED_EQUALS_FRESH: import("./_internals/property.ts").Property<GeneratedLog>;
export declare const FOLD_MATCHES_SPEC: import("./_internals/property.ts").Property<GeneratedLog>;
export declare const FOLD_NOISE_INVARIANT: import("./_internals/property.ts").Property<{
    noisy: string;
    quiet: string;
}>;
export declare const FOLD_FROZEN: import("./_internals/property.ts").Property<GeneratedLog>;
export declare const FOLD_HEADER_LATEST: import("./_internals/property.ts").Property<GeneratedLog>;
export declare const FOLD_PROPERTIES: (import("./_internals/property.ts").Property<GeneratedLog> | import("./_internals/property.ts").Property<{
    noisy: string;
    quiet: string;
}>)[];
