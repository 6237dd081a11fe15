/**
 * Anthropic messages SSE bodies: named events (`message_start`, `content_block_start`,
 * `_delta`, `_stop`, `message_delta`, `message_stop`, `ping`, `error`); thinking blocks
 * (with their signature delta), text of every class, several tool_use blocks whose input
 * streams as partial JSON, in any order; every stop reason, an `error` event, and a
 * stream cut before its `message_delta`; usage on `message_start` with the cache fields
 * present, null or absent and the final output count (legacy) or the cumulative counts
 * (current API) on `message_delta`, or no usage at all.
 */
import fc from 'fast-check';
import { type GeneratedStream } from './provider-stream.ts';
export declare const anthropicStream: fc.Arbitrary<GeneratedStream>;
