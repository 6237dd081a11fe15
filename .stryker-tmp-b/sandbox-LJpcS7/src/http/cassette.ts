/**
 * The cassette: our JSON Lines record of HTTP exchanges with model providers
 * (docs/CASSETTES.md). Line 1 is the header, every other line one interaction. A request
 * keeps its body exactly as sent (text when the bytes are UTF-8, base64 otherwise) with
 * its sha256; a response keeps its body as the chunks it arrived in, each stamped with the
 * milliseconds since the request started, so a stream replays as it was streamed.
 *
 * Reading is as strict as writing: a header outside the allow-list, a body whose hash
 * does not match, or an unknown format version is refused, never skipped. Format 2 adds
 * the sha256 of every response body, so an edited or cut response is refused too; format 1
 * cassettes (written before) are still read, and their responses cannot be checked.
 */
// @ts-nocheck

import { ReconError, type ErrorLocation } from '../errors.ts';
import type { Provider } from '../wire/index.ts';
import { concatBytes, exactText, sha256, utf8 } from './_internals/bytes.ts';
import { isObject } from './_internals/json.ts';
import { maskHeaderValues, maskKeyBytes, maskKeyPieces, maskKeys, redactUrlFully } from './_internals/redact.ts';
import { CREDENTIAL_HEADERS, allowedHeaders, isAllowedHeader, type HeaderSide } from './headers.ts';

export const CASSETTE_FORMAT = 2;
/** Format 1 is format 2 without response digests. */
const READABLE_FORMATS: readonly number[] = [1, 2];

export type ImportFormat = 'vcr-yaml' | 'har' | 'sse-chunks';

export interface CassetteHeader {
  /** 1 for cassettes written before response digests; every writer writes 2. */
  readonly cassette: 1 | typeof CASSETTE_FORMAT;
  readonly provider: Provider | 'unknown';
  readonly source: 'recorded' | 'imported';
  readonly importedFrom?: { readonly format: ImportFormat; readonly file: string; readonly sha256: string; readonly origin?: string };
  readonly licence?: string;
  /** What a reader must know about fidelity, e.g. bodies re-serialised from parsed JSON. */
  readonly notes?: readonly string[];
}

/** How an importer rebuilt a body whose bytes the source did not keep (it kept parsed JSON). */
export interface Reserialised {
  /** `compact`: no spaces; `python`: Python's json.dumps defaults (", ", ": ", ASCII escapes). */
  readonly style: 'compact' | 'python';
  /** Whether the rebuilt length equals the recorded content-length; absent when none was recorded. */
  readonly lengthMatches?: boolean;
}

export type Chunk = { readonly t: number; readonly text: string } | { readonly t: number; readonly b64: string };

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The body as sent when it is UTF-8 text; `b64` otherwise; neither when empty. */
  readonly body?: string;
  readonly b64?: string;
  readonly sha256: string;
  readonly reserialised?: Reserialised;
}

export interface RecordedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly chunks: readonly Chunk[];
  readonly reserialised?: Reserialised;
  /**
   * How the body broke off, when it did: `reset` (the connection was reset mid-body) or
   * `truncated` (it ended before its declared length). The chunks are what arrived.
   */
  readonly incomplete?: Incomplete;
}

export type Incomplete = 'reset' | 'truncated';

export interface Interaction {
  /** null for a response-only recording (a stream captured without its request). */
  readonly request: RecordedRequest | null;
  readonly response: RecordedResponse;
}

export interface Cassette {
  readonly header: CassetteHeader;
  readonly interactions: readonly Interaction[];
}

/** The 1-based line of interaction `index` in its file. */
export const lineOfInteraction = (index: number): number => index + 2;

export function requestBytes(request: RecordedRequest): Uint8Array {
  return bodyBytes(request.body, request.b64);
}

const bodyBytes = (body: string | undefined, b64: string | undefined): Uint8Array => (b64 !== undefined ? new Uint8Array(Buffer.from(b64, 'base64')) : utf8(body ?? ''));

export function chunkBytes(chunk: Chunk): Uint8Array {
  return 'b64' in chunk ? new Uint8Array(Buffer.from(chunk.b64, 'base64')) : utf8(chunk.text);
}

export function responseBytes(response: RecordedResponse): Uint8Array {
  return concatBytes(response.chunks.map(chunkBytes));
}

export function responseText(response: RecordedResponse): string {
  return Buffer.from(responseBytes(response)).toString('utf8');
}

export interface RequestParts {
  readonly method: string;
  readonly url: string;
  readonly headers: Parameters<typeof allowedHeaders>[1];
  readonly body: Uint8Array;
  readonly reserialised?: Reserialised;
}

/** A request as the cassette stores it: allow-listed headers, credentials out of the URL, exact body, its hash. */
export function recordRequest(parts: RequestParts): RecordedRequest {
  return {
    method: parts.method.toUpperCase(),
    url: redactUrlFully(parts.url),
    headers: allowedHeaders('request', parts.headers),
    ...bodyFields(parts.body),
    sha256: sha256(parts.body),
    ...(parts.reserialised === undefined ? {} : { reserialised: parts.reserialised }),
  };
}

function bodyFields(body: Uint8Array): { body?: string; b64?: string } {
  if (body.byteLength === 0) return {};
  const text = exactText(body);
  return text === undefined ? { b64: Buffer.from(body).toString('base64') } : { body: text };
}

/** A chunk as the cassette stores it: text when its bytes stand alone as UTF-8, base64 when not. */
export function recordChunk(t: number, bytes: Uint8Array): Chunk {
  const text = exactText(bytes);
  const ms = Math.max(0, Math.round(t));
  return text === undefined ? { t: ms, b64: Buffer.from(bytes).toString('base64') } : { t: ms, text };
}

/**
 * The interaction as it may be written: the URL without credentials, allow-listed headers
 * with key shapes masked, and key shapes masked in both bodies (a request's digest follows
 * its masked body). Every writer goes through formatInteraction, so through this.
 */
export function redactInteraction(interaction: Interaction): Interaction {
  const { request, response } = interaction;
  let redactedRequest: RecordedRequest | null = null;
  if (request !== null) {
    const bytes = requestBytes(request);
    const masked = maskKeyBytes(bytes);
    const { body: _body, b64: _b64, ...rest } = request;
    const base: RecordedRequest = masked === bytes ? request : { ...rest, ...bodyFields(masked), sha256: sha256(masked) };
    redactedRequest = { ...base, url: redactUrlFully(request.url), headers: maskHeaderValues(allowedHeaders('request', request.headers)) };
  }
  const pieces = response.chunks.map(chunkBytes);
  const masked = maskKeyPieces(pieces);
  const chunks = masked.every((piece, i) => piece === pieces[i]) ? response.chunks : response.chunks.map((chunk, i) => recordChunk(chunk.t, masked[i]!));
  return { ...interaction, request: redactedRequest, response: { ...response, headers: maskHeaderValues(allowedHeaders('response', response.headers)), chunks } };
}

/** One interaction line, redacted (redactInteraction), its response stamped with the sha256 of its body. */
export function formatInteraction(interaction: Interaction): string {
  const redacted = redactInteraction(interaction);
  const { response } = redacted;
  return `${JSON.stringify({ ...redacted, response: { ...response, sha256: sha256(responseBytes(response)) } })}\n`;
}

export function formatCassette(cassette: Cassette): string {
  return `${formatHeader(cassette.header)}${cassette.interactions.map(formatInteraction).join('')}`;
}

/** The header line, key shapes masked (an origin or a note could quote one). */
export function formatHeader(header: CassetteHeader): string {
  return `${maskKeys(JSON.stringify(header))}\n`;
}

export function parseCassette(text: string, file?: string): Cassette {
  const where = (line: number): ErrorLocation => (file === undefined ? { line } : { file, line });
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  if (lines.length === 0) throw new ReconError('CASSETTE_INVALID', 'the file is empty; line 1 must be the cassette header', { location: where(1) });
  // A last line without its newline that does not parse was cut short: say so, not just "not JSON".
  const cut = text.endsWith('\n') ? undefined : lines.length;
  const header = checkHeader(parseLine(lines[0]!, where(1), cut === 1), where(1));
  const interactions = lines.slice(1).map((line, index) => checkInteraction(parseLine(line, where(index + 2), cut === index + 2), where(index + 2), header.cassette));
  return { header, interactions };
}

function parseLine(line: string, location: ErrorLocation, last = false): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch (error) {
    if (last) throw new ReconError('CASSETTE_INVALID', `the cassette is truncated: its last line ends without a newline and is not complete JSON (${(error as Error).message})`, { location, hint: 'the file was cut short (a full disk, a killed copy); record or import it again' });
    throw new ReconError('CASSETTE_INVALID', `the line is not valid JSON (${(error as Error).message})`, { location });
  }
  if (!isObject(value)) throw new ReconError('CASSETTE_INVALID', 'the line is not a JSON object', { location });
  return value;
}

function checkHeader(value: Record<string, unknown>, location: ErrorLocation): CassetteHeader {
  if (typeof value['cassette'] === 'number' && !READABLE_FORMATS.includes(value['cassette'])) {
    throw new ReconError('CASSETTE_VERSION', `the cassette is format ${value['cassette']}; this reader reads formats ${READABLE_FORMATS.join(' and ')}`, {
      location,
      hint: value['cassette'] > CASSETTE_FORMAT ? 'upgrade reconstructable to read it' : 'import the original recording again',
    });
  }
  assertHeader(value, location);
  return value;
}

/** CASSETTE_INVALID unless `value` has every field a CassetteHeader promises. */
function assertHeader(value: Record<string, unknown>, location: ErrorLocation): asserts value is Record<string, unknown> & CassetteHeader {
  const bad = (what: string) => new ReconError('CASSETTE_INVALID', `the cassette header ${what}`, { location });
  if (!READABLE_FORMATS.includes(value['cassette'] as number)) throw bad(`lacks "cassette": ${CASSETTE_FORMAT}`);
  if (!['deepseek', 'openai', 'anthropic', 'unknown'].includes(value['provider'] as string)) throw bad('has no known "provider"');
  if (value['source'] !== 'recorded' && value['source'] !== 'imported') throw bad('has a "source" other than "recorded" or "imported"');
  const { importedFrom, licence, notes } = value;
  if (importedFrom !== undefined && !isImportedFrom(importedFrom)) throw bad('has an "importedFrom" that is not {format, file, sha256, origin?} with a known format');
  if (licence !== undefined && typeof licence !== 'string') throw bad('has a "licence" that is not a string');
  if (notes !== undefined && !(Array.isArray(notes) && notes.every((note) => typeof note === 'string'))) throw bad('has "notes" that are not a list of strings');
}

const IMPORT_FORMATS: readonly unknown[] = ['vcr-yaml', 'har', 'sse-chunks'] satisfies readonly ImportFormat[];

function isImportedFrom(value: unknown): value is CassetteHeader['importedFrom'] {
  return (
    isObject(value) &&
    IMPORT_FORMATS.includes(value['format']) &&
    typeof value['file'] === 'string' &&
    typeof value['sha256'] === 'string' &&
    (value['origin'] === undefined || typeof value['origin'] === 'string')
  );
}

function isReserialised(value: unknown): value is Reserialised {
  return isObject(value) && (value['style'] === 'compact' || value['style'] === 'python') && (value['lengthMatches'] === undefined || typeof value['lengthMatches'] === 'boolean');
}

function checkInteraction(value: Record<string, unknown>, location: ErrorLocation, format: CassetteHeader['cassette']): Interaction {
  const { request, response } = value;
  if (request !== null) assertRequest(request, location);
  assertResponse(response, location);
  // The digest is a property of the stored line: checked here, computed again when written.
  const { sha256: recorded, ...checked } = response;
  if (recorded === undefined && format >= 2) throw new ReconError('CASSETTE_DIGEST', 'the response has no "sha256": a format 2 cassette digests every response body', { location });
  if (recorded !== undefined) {
    const actual = sha256(responseBytes(response));
    if (recorded !== actual) {
      throw new ReconError('CASSETTE_DIGEST', `the response body has sha256 ${actual}, not the recorded ${String(recorded)}: a chunk was edited, added or removed`, {
        location,
        hint: 'a replay would not be the recorded answer; restore the cassette, or record or import it again',
      });
    }
  }
  return { ...value, request, response: checked };
}

/** CASSETTE_INVALID unless `request` is a RecordedRequest whose sha256 is the digest of its body. */
function assertRequest(request: unknown, location: ErrorLocation): asserts request is RecordedRequest {
  const bad = (what: string) => new ReconError('CASSETTE_INVALID', `the interaction ${what}`, { location });
  if (!isObject(request) || typeof request['method'] !== 'string' || typeof request['url'] !== 'string') throw bad('has no request method and URL');
  checkHeaders('request', request['headers'], location);
  const { body, b64, sha256: recorded, reserialised } = request;
  if (body !== undefined && typeof body !== 'string') throw bad('has a request body that is not a string');
  if (b64 !== undefined && (typeof b64 !== 'string' || body !== undefined)) throw bad('has both "body" and "b64", or a "b64" that is not a string');
  const actual = sha256(bodyBytes(body, b64));
  if (recorded !== actual) throw bad(`request body has sha256 ${actual}, not the recorded ${String(recorded)}: the body was edited`);
  if (reserialised !== undefined && !isReserialised(reserialised)) throw bad('has a request "reserialised" that is not {style, lengthMatches?}');
}

/** CASSETTE_INVALID unless `response` is a RecordedResponse (with the `sha256` of its line, if any, still on it). */
function assertResponse(response: unknown, location: ErrorLocation): asserts response is RecordedResponse & { readonly sha256?: unknown } {
  const bad = (what: string) => new ReconError('CASSETTE_INVALID', `the interaction ${what}`, { location });
  const chunks: unknown = isObject(response) ? response['chunks'] : undefined;
  if (!isObject(response) || !Number.isInteger(response['status']) || !Array.isArray(chunks)) throw bad('has no response status and chunks');
  checkHeaders('response', response['headers'], location);
  let last = 0;
  for (const chunk of chunks) {
    if (!isObject(chunk) || typeof chunk['t'] !== 'number' || chunk['t'] < last || (typeof chunk['text'] === 'string') === (typeof chunk['b64'] === 'string')) {
      throw bad('has a chunk that is not {t, text} or {t, b64} with t not decreasing');
    }
    last = chunk['t'];
  }
  if (response['reserialised'] !== undefined && !isReserialised(response['reserialised'])) throw bad('has a response "reserialised" that is not {style, lengthMatches?}');
  if (response['incomplete'] !== undefined && response['incomplete'] !== 'reset' && response['incomplete'] !== 'truncated') throw bad('has a response "incomplete" other than "reset" or "truncated"');
}

function checkHeaders(side: HeaderSide, headers: unknown, location: ErrorLocation): asserts headers is Readonly<Record<string, string>> {
  if (!isObject(headers)) throw new ReconError('CASSETTE_INVALID', `the ${side} headers are not an object`, { location });
  for (const [name, value] of Object.entries(headers)) {
    if (name !== name.toLowerCase() || typeof value !== 'string') throw new ReconError('CASSETTE_INVALID', `the ${side} header "${name}" is not a lower-case name with a string value`, { location });
    if (!isAllowedHeader(side, name)) {
      const credential = CREDENTIAL_HEADERS.includes(name);
      throw new ReconError('CASSETTE_HEADER', `the ${side} header "${name}" is ${credential ? 'a credential header' : 'not on the allow-list'}; cassettes never store it`, {
        location,
        hint: credential ? 'delete the header from the file and rotate the credential if it was real' : 'import or record the exchange again; the writer drops such headers',
      });
    }
  }
}
