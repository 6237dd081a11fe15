/**
 * HAR 1.2 logs (Polly.js persists them): `log.entries[].request.postData.text` and
 * `response.content.text`, the latter already decoded even when a content-encoding header
 * says the wire was compressed. HAR keeps timings but no chunk boundaries, so every chunk
 * of an entry is stamped with its time to first byte.
 */
import { type Interaction } from '../cassette.ts';
export declare function interactionsFromHar(document: unknown): Interaction[];
