/**
 * What parsed stream chunks say, read the way the log reads them (spec §4.5, §8.2): each
 * block announced once by `block-start` before any of its deltas, indices numbered
 * 0, 1, 2… in first-seen order, deltas of the block's own type, one `block-end` whose
 * block is exactly what its deltas spelled, then at most one `usage` and one `finish`,
 * last. Anything else is a failure; what passes is the content to compare with the
 * generator's.
 */
import type { StreamChunk } from '../../src/log/index.ts';
import type { ExpectedStream } from '../arbitraries/provider-stream.ts';
export declare function streamContent(chunks: readonly StreamChunk[]): ExpectedStream;
/** The parsed content equals the content the generator put in the stream. */
export declare function sameContent(expected: ExpectedStream, actual: ExpectedStream): void;
