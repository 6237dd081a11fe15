/**
 * `reconstructable`: the reference of the session-log rule as a library — the log (append,
 * load, validate), its fold into requests, the agent loop that writes the log before every
 * request, and the wire encodings. The suite is `reconstructable/conformance`, the vitest
 * adapter `reconstructable/vitest`, recorded HTTP `reconstructable/http`.
 */
// @ts-nocheck

export * from './log/index.ts';
export * from './fold/index.ts';
export * from './loop/index.ts';
export * from './wire/index.ts';
export { HARNESS_VERSION } from './version.ts';
