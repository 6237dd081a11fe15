import { type InvalidLog } from './arbitraries/invalid-log.ts';
export declare const LOG_LOAD_VALID: import("./_internals/property.ts").Property<import("./arbitraries/session-log.ts").GeneratedLog>;
export declare const LOG_APPEND_ROUNDTRIP: import("./_internals/property.ts").Property<import("./arbitraries/session-log.ts").GeneratedLog>;
export declare const LOG_APPEND_LOAD_PARITY: import("./_internals/property.ts").Property<readonly InvalidLog[]>;
export declare const LOG_REFUSE_INVALID: import("./_internals/property.ts").Property<readonly InvalidLog[]>;
export declare const LOG_LEGACY_REFUSED: import("./_internals/property.ts").Property<InvalidLog>;
export declare const LOG_UNKNOWN_TYPE: import("./_internals/property.ts").Property<{
    readonly log: import("./arbitraries/session-log.ts").GeneratedLog;
} & {
    type: string;
}>;
export declare const LOG_FORMAT_VERSION: import("./_internals/property.ts").Property<{
    readonly log: import("./arbitraries/session-log.ts").GeneratedLog;
} & {
    version: number;
    broken: boolean;
}>;
export declare const LOG_LOSSLESS_JSON: import("./_internals/property.ts").Property<InvalidLog>;
export declare const LOG_TORN_TAIL: import("./_internals/property.ts").Property<{
    readonly log: import("./arbitraries/session-log.ts").GeneratedLog;
} & {
    pick: number;
}>;
export declare const LOG_APPEND_LOSSLESS: import("./_internals/property.ts").Property<import("./arbitraries/session-log.ts").GeneratedLog>;
export declare const LOG_PROPERTIES: (import("./_internals/property.ts").Property<import("./arbitraries/session-log.ts").GeneratedLog> | import("./_internals/property.ts").Property<readonly InvalidLog[]> | import("./_internals/property.ts").Property<InvalidLog> | import("./_internals/property.ts").Property<{
    readonly log: import("./arbitraries/session-log.ts").GeneratedLog;
} & {
    type: string;
}> | import("./_internals/property.ts").Property<{
    readonly log: import("./arbitraries/session-log.ts").GeneratedLog;
} & {
    version: number;
    broken: boolean;
}> | import("./_internals/property.ts").Property<{
    readonly log: import("./arbitraries/session-log.ts").GeneratedLog;
} & {
    pick: number;
}>)[];
