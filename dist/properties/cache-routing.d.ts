import { type GeneratedLog } from './arbitraries/session-log.ts';
export declare const WIRE_CACHE_ROUTING: import("./_internals/property.ts").Property<GeneratedLog>;
export declare const CACHE_ROUTING_PROPERTIES: import("./_internals/property.ts").Property<GeneratedLog>[];
