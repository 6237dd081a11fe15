/**
 * The history a request carries is the conversation as it happened (spec §2.1, §3.1,
 * §4.5): projection does no framing and mints nothing, and an assistant message holds the
 * blocks the model streamed. Checked against the scenario itself, an oracle independent of
 * the implementation's log, so a harness that rewrites text before or after it is logged,
 * or when it reads its history back after a restart, is caught either way.
 */
import type { Scenario } from '../src/conformance/index.ts';
export declare const LOOP_HISTORY_VERBATIM: import("./_internals/property.ts").Property<Scenario>;
export declare const HISTORY_PROPERTIES: import("./_internals/property.ts").Property<Scenario>[];
