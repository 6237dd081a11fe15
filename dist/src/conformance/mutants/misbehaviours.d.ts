/**
 * Faults of a process rather than of logic, served by `recon serve --misbehave <kind>`:
 * the reference with one way of not answering. They prove the driver tells a crash, a
 * hang and a protocol error apart from a wrong answer, and from each other.
 */
import type { Writable } from 'node:stream';
import type { Implementation } from '../implementation.ts';
export declare const MISBEHAVIOURS: {
    readonly crash: "exits when it loads a log holding a surface replace (an assertion in its replace path)";
    readonly hang: "never answers wire/parseStream for a body fed in pieces (it waits for an end it never sees)";
    readonly malformed: "prints a debug line on stdout, meant for protocol messages only, before answering request/build";
};
export type Misbehaviour = keyof typeof MISBEHAVIOURS;
export declare function misbehave(impl: Implementation, kind: Misbehaviour, stdout: Writable): Implementation;
