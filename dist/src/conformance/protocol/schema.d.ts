import type { Method } from './methods.ts';
export declare const SCHEMA_FILE: import("url").URL;
/** A whole line (`message`), or the params or result of one method, e.g. `log/load.result`. */
export type SchemaPart = 'message' | `${Method | 'initialize' | 'shutdown'}.${'params' | 'result'}`;
/** What is wrong with `value` as `part`, in one line, or undefined when it conforms. */
export declare function schemaProblem(part: SchemaPart, value: unknown): string | undefined;
