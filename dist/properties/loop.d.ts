/** Properties of the live loop, driven by generated scenarios (spec §4, §6, §7.4; DESIGN §1, §5). */
import type { Scenario } from '../src/conformance/index.ts';
export declare const LOOP_RECONSTRUCT: import("./_internals/property.ts").Property<Scenario>;
export declare const LOOP_WIRE_RECONSTRUCT: import("./_internals/property.ts").Property<Scenario>;
export declare const LOOP_PREFIX_STABLE: import("./_internals/property.ts").Property<Scenario>;
export declare const LOOP_HEADER_DISCIPLINE: import("./_internals/property.ts").Property<Scenario>;
export declare const LOOP_LATE_INJECTION: import("./_internals/property.ts").Property<Scenario>;
export declare const LOOP_ONE_SHOT_ENVELOPE: import("./_internals/property.ts").Property<Scenario>;
export declare const LOOP_RESUME_ALIGNED: import("./_internals/property.ts").Property<Scenario>;
export declare const LOOP_LOG_WELL_FORMED: import("./_internals/property.ts").Property<Scenario>;
export declare const LOOP_FROZEN: import("./_internals/property.ts").Property<Scenario>;
export declare const LOOP_PROPERTIES: import("./_internals/property.ts").Property<Scenario>[];
