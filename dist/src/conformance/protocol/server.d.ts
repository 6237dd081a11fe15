/**
 * The implementation side of the stdio protocol: answers JSON-RPC calls on `input` by
 * calling an `Implementation`, one response line per request line (docs/PROTOCOL.md).
 */
import type { Readable, Writable } from 'node:stream';
import { type Implementation } from '../implementation.ts';
/** Serves `impl` until `input` ends or a `shutdown` call is answered. */
export declare function serveProtocol(impl: Implementation, input: Readable, output: Writable): Promise<void>;
