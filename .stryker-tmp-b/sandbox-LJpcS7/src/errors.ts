/**
 * Errors with stable string codes. The codes of the log and fold are part of the
 * conformance protocol: another implementation reports the same code for the same
 * rejection, so `recon check` can compare verdicts without parsing prose.
 */
// @ts-nocheck


/** Codes an implementation reports when it refuses a log or an event. */
export const LOG_ERROR_CODES = {
  FORMAT_VERSION: 'the session header carries a format version this reader does not read',
  SESSION_HEADER_INVALID: 'the session header line is missing or malformed',
  TORN_COMMITTED: 'an unreadable line or a seq gap lies before a later turn/end (committed data is damaged)',
  CHUNK_ROW_INVALID: 'a packed chunk row (text-chunks, reasoning-chunks, tool-call-chunks) is malformed',
  NOT_LOSSLESS_JSON: 'event data is not lossless JSON (-0, NaN, undefined, cycles, sparse arrays, exotic objects)',
  ENVELOPE_INVALID: 'the event envelope has a wrong key, type, seq, time or ignorable marker',
  SEQ_NOT_CONTIGUOUS: 'an event seq differs from its index in the log',
  LEGACY_HEADER_DELTA: 'the log holds a legacy request/header-delta event',
  LEGACY_HEADER_REASON: 'a request/header carries the legacy reason "fallback"',
  LEGACY_MODE_SET: 'the log holds a legacy mode/set event',
  LEGACY_SHAPE_INVALID: 'an event in an older shape cannot be upgraded because it is malformed',
  UNKNOWN_EVENT_TYPE: 'an event type unknown to this reader is not marked ignorable',
  REQUEST_HEADER_INVALID: 'a request/header snapshot lacks provider/model or has invalid fields',
  HEADER_FIELD_UNKNOWN: 'a request/header snapshot holds a field this reader does not know: a rebuilt request would lack it',
  MESSAGE_SHAPE: 'a message event does not have the shape its type requires',
  SURFACE_INVALID: 'surface metadata (surfaceOp, sourceEventSeqs, replace range) is invalid',
  INVALID_BOUNDARY: 'a fork boundary is not an event count of the parent log',
  OPEN_TURN: 'a fork boundary lies inside a turn the parent opened and had not ended',
  SESSION_ALREADY_EXISTS: 'a fork child would take the id of a session that exists',
  EVENT_DATA_INVALID: 'an event of a released format (v1–v4) lacks the data its type has there: an embedded stream, an end-seed marker, image/offload targets, a developer message\'s header binding',
} as const;

/** Codes an implementation reports when it cannot put a request on the wire. */
export const WIRE_ERROR_CODES = {
  UNSUPPORTED_REASONING_EFFORT: 'the provider does not take the requested reasoning effort',
  UNSUPPORTED_CONTENT: 'a content block cannot be carried by this wire format',
} as const;

/**
 * Codes of an attachment store (dsh-eras §5.2–5.3), DSH's own: a read verifies the id, the
 * object's presence, its sha256 and its recorded metadata, and a serializer that reads
 * through the store passes the same code on.
 */
export const ATTACHMENT_ERROR_CODES = {
  INVALID_ATTACHMENT_REF: 'an image block does not carry a valid attachment reference (id sha256:<64 lowercase hex>, media type, bytes, width, height)',
  ATTACHMENT_NOT_FOUND: 'the attachment object a log references is missing from the store',
  ATTACHMENT_READ_FAILED: 'the attachment object could not be read (an I/O error other than its absence)',
  ATTACHMENT_CORRUPT: 'the attachment object fails verification: its sha256 differs from its id, or its header from the recorded media type, bytes, width or height',
  ATTACHMENT_WRITE_FAILED: 'an attachment object could not be stored, or a different object already sits at its address',
} as const;

/** Codes of the harness itself: bad input to a command, the implementation under test, I/O. */
export const HARNESS_ERROR_CODES = {
  USAGE: 'the command line is wrong',
  FILE_UNREADABLE: 'a file could not be read',
  RECONSTRUCTION_MISMATCH: 'a request differs from the one rebuilt from the log',
  CASSETTE_INVALID: 'a cassette line is not valid JSON or does not have the cassette shape',
  CASSETTE_VERSION: 'the cassette header carries a format version this reader does not read',
  CASSETTE_HEADER: 'a cassette holds a header outside the allow-list (credentials are never stored)',
  CASSETTE_MISS: 'in replay, a request matches no recorded interaction (lockdown)',
  CASSETTE_UNUSED: 'recorded interactions were never requested during a replay',
  NET_CONNECT_REFUSED: 'in-process replay refused a request to an origin the cassette does not hold (only loopback may reach the network)',
  IMPORT_UNSUPPORTED: 'a file to import is in no format the importers read',
  IMPL_UNAVAILABLE: 'the implementation under test could not be started, failed its handshake, or is not a valid module or implementation (a declared level without its operations)',
  IMPL_VERSION: 'the implementation declares no version of the Implementation interface, or one this recon does not check',
  IMPL_CRASHED: 'the implementation exited, or threw, instead of answering a call',
  IMPL_TIMEOUT: 'the implementation did not answer a call within the timeout',
  PROTOCOL_ERROR: 'the implementation broke the stdio protocol (a line that is not JSON-RPC, an unknown id, a schema violation)',
  SIMULATOR_SCENARIO: 'a simulator scenario is not a JSON list of scripted replies',
  SIMULATOR_REQUEST: 'the simulator got a request it does not model (route, body, or another provider)',
  PROXY_UPSTREAM: 'the proxy could not reach its upstream, or the exchange broke off',
  NET_TIMEOUT: 'a network wait (connecting, the response headers, the next body bytes) passed its deadline',
  NET_BROKEN: 'a connection could not be made, or a response broke off: the connection was reset, or the body ended before its declared length',
  CASSETTE_PROVIDER: 'a recording would go into a cassette of another provider (one cassette, one provider)',
  E2E_TURN_FAILED: 'an e2e turn ended with an error instead of completing',
  E2E_NO_CACHE_READ: 'an e2e request after the first reported no cache reads',
  E2E_CACHE_BELOW_BOUND: 'an e2e run read less from the cache than the bound the conversation allows (the reference run\'s bound)',
  E2E_WIRE_MISMATCH: 'a request the implementation sent differs from its rebuild from the implementation\'s own log',
  FILE_UNWRITABLE: 'a file or an output stream could not be written',
  PORT_IN_USE: 'the port to listen on is taken by another process',
  CASSETTE_DIGEST: 'a response in a cassette does not match its recorded sha256: the cassette was edited or truncated',
  IMPORT_EMPTY: 'a recording to import holds no model calls',
  LOG_NOT_UTF8: 'a log file holds bytes that are not valid UTF-8',
  ZSTD_FRAME_CORRUPT: 'a complete Zstandard frame of a compressed log fails its content checksum or does not decode, or the bytes where a frame must start are not one',
  ZSTD_FRAME_UNSUPPORTED: 'a Zstandard frame of a compressed log needs a dictionary, or a window larger than the decoder reads',
  ZSTD_TORN_COMMITTED: 'the complete frames of a compressed log end inside a line, or hold a line the torn-tail rule would cut (DSH takes a complete, checksummed frame as committed)',
  SESSION_ENCODING_MIXED: 'a DSH session directory holds its current generation both plain and compressed (session….jsonl and session….jsonl.zstd)',
  REGRESSION_INVALID: 'a stored regression file is damaged (half-written, edited, or not a regression)',
  INTERNAL: 'recon itself failed unexpectedly: a bug, to be reported with the command line',
  RUN_MISMATCH: 'run records to merge come from different runs (seed, budget, implementation, corpus, properties or harness version)',
  SHARDS_INCOMPLETE: 'run records to merge are not exactly the shards 1/n … n/n of one run',
  WIRE_FORMAT_UNKNOWN: 'the audit does not rebuild the wire bytes of a released-format log (v1–v4): recon rebuilds the v0 releases\' wire, and from v3 DSH\'s DeepSeek adapter speaks the Messages API',
  TOKENIZER_MISSING: 'a token estimate needs a tokenizer package that is not installed (an optional dependency)',
  LOG_SHAPE_UNKNOWN: 'a file given to the audit holds records of no shape it reads (a DSH session log, a Claude Code transcript, a Codex rollout, opencode parts, OTLP spans)',
  USAGE_RECORD_MALFORMED: 'a record of a harness transcript is not JSON, or a usage count in it is not a whole number of tokens',
  USAGE_COPIES_DISAGREE: 'lines that copy one API response (the same message or event) report different token counts',
  USAGE_INCONSISTENT: 'a usage record contradicts itself or its format (cache tiers that do not add up, cached input above the input, two spellings with different values)',
} as const;

/** The exit code of a command that stops on a coded error: 2 for a wrong command line, 3 for anything that kept it from running. */
export function exitCodeOf(code: ErrorCode): 2 | 3 {
  return code === 'USAGE' ? 2 : 3;
}

export type LogErrorCode = keyof typeof LOG_ERROR_CODES;
export type WireErrorCode = keyof typeof WIRE_ERROR_CODES;
export type AttachmentErrorCode = keyof typeof ATTACHMENT_ERROR_CODES;
export type HarnessErrorCode = keyof typeof HARNESS_ERROR_CODES;
/** The codes another implementation reports over the conformance protocol. */
export type ProtocolErrorCode = LogErrorCode | WireErrorCode | AttachmentErrorCode;
export type ErrorCode = ProtocolErrorCode | HarnessErrorCode;

/** Where in a log a rejection happened; every part is optional because appends have no file. */
export interface ErrorLocation {
  readonly file?: string;
  readonly line?: number;
  readonly seq?: number;
}

// A registered symbol survives duplicate copies of this package in one process.
const BRAND = Symbol.for('reconstructable.error');

export class ReconError extends Error {
  override readonly name = 'ReconError';
  readonly code: ErrorCode;
  /** The plain-words reason, without code or location. */
  readonly detail: string;
  readonly location: ErrorLocation;
  /** What the user can do about it, when there is something to say. */
  readonly hint: string | undefined;
  /** The id of the validation rule that refused (src/log/rules.ts), when a log rule did. */
  readonly rule: string | undefined;

  constructor(code: ErrorCode, detail: string, options: { location?: ErrorLocation; hint?: string; rule?: string; cause?: unknown } = {}) {
    const location = options.location ?? {};
    super(formatMessage(code, detail, location), options.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.detail = detail;
    this.location = location;
    this.hint = options.hint;
    this.rule = options.rule;
    Object.defineProperty(this, BRAND, { value: true });
  }

  /** The same error, placed in a file and line (locations are known only to the reader). */
  at(location: ErrorLocation): ReconError {
    return new ReconError(this.code, this.detail, {
      location: { ...this.location, ...location },
      ...(this.hint === undefined ? {} : { hint: this.hint }),
      ...(this.rule === undefined ? {} : { rule: this.rule }),
      cause: this.cause,
    });
  }

  static is(value: unknown): value is ReconError {
    return typeof value === 'object' && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}

function formatMessage(code: ErrorCode, detail: string, location: ErrorLocation): string {
  const where: string[] = [];
  if (location.file !== undefined) where.push(location.line === undefined ? location.file : `${location.file}:${location.line}`);
  else if (location.line !== undefined) where.push(`line ${location.line}`);
  if (location.seq !== undefined) where.push(`seq ${location.seq}`);
  return `${where.length > 0 ? `${where.join(': ')}: ` : ''}${code}: ${detail}`;
}
