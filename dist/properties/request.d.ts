import { type NeutralRequest } from '../src/fold/index.ts';
import type { SessionEvent } from '../src/log/index.ts';
import { type GeneratedLog } from './arbitraries/session-log.ts';
export declare const REQUEST_RECONSTRUCT: import("./_internals/property.ts").Property<GeneratedLog>;
/** Fails when `next` does not extend `previous` and no logged event between them explains why. */
export declare function checkExtends(events: readonly SessionEvent[], previous: NeutralRequest, next: NeutralRequest, from: number, to: number, label: string): void;
export declare const REQUEST_PREFIX_STABLE: import("./_internals/property.ts").Property<GeneratedLog>;
export declare const REQUEST_FROZEN: import("./_internals/property.ts").Property<GeneratedLog>;
export declare const REQUEST_PROPERTIES: import("./_internals/property.ts").Property<GeneratedLog>[];
