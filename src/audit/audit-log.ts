/**
 * `recon audit`: what a real session log says about the rule. Every request is rebuilt
 * from the log prefix before it; every break of the message prefix and every drop of
 * the provider's cache reads is attributed to the logged event that explains it, or
 * flagged `unexplained`.
 */
import { refuseNonRegular } from './_internals/regular-file.ts';
import { createHash } from 'node:crypto';
import { DirectoryAttachmentStore, type AttachmentStore } from '../attachments/index.ts';
import { sessionGeneration, type SessionGeneration } from './dsh-store.ts';
import { ReconError } from '../errors.ts';
import { WIRE_FORMATS, hasImage, type Provider } from '../wire/index.ts';
import { BoundaryTracker, deriveEventMessage, isSessionPrefixEvidence, prefixBreak, requestOf, Session, ToolHistoryFold, type BrokenPart, type Era, type RequestBoundary, type ToolHistory } from '../fold/index.ts';
import {
  generationOf,
  isPlaceholder,
  isTyped,
  loadJsonl,
  loadJsonlFile,
  RELEASED_VERSIONS,
  type AssistantMessageData,
  type EpochHeader,
  type HeaderReason,
  type LoadedLog,
  type LogSource,
  type Message,
  type SessionEvent,
  type SessionLog,
  type TornTail,
} from '../log/index.ts';

/**
 * Why the cache could not read what it read before: the logged event, or nothing. `series`
 * (a header that starts a new message series) and `image-offload` (an image/offload that
 * changed earlier messages) are the released formats' (v2+, v3+).
 */
export type BreakCause = 'first-request' | 'resume' | 'change' | 'series' | 'replace' | 'image-offload' | 'unexplained';

export interface UsagePoint {
  readonly turn: number;
  readonly step: number;
  /** Uncached input (DSH usage is disjoint). */
  readonly inputTokens: number;
  /** Absent when the provider did not report cache reads: unknown, not zero. */
  readonly cacheReadTokens?: number;
  readonly cacheWriteTokens?: number;
}

export interface StepCause {
  readonly turn: number;
  readonly step: number;
  readonly cause: BreakCause;
  /** The line of the event it shows at (a drop: the assistant message; a break: the request boundary), for annotations. */
  readonly line: number;
}

export interface RequestAt {
  readonly turn: number;
  readonly step: number;
  /** The request boundary: the first event its attempt produced. */
  readonly seq: number;
  /** The line that stored that event. */
  readonly line: number;
}

/** One rebuilt request: where it was dispatched and what it is made of. */
export interface RebuiltRequest extends RequestAt {
  /** 0 for a step's first attempt, then one more per retry. */
  readonly attempt: number;
  /** Its messages: the session prefix, then the derived history. */
  readonly messages: number;
  /** How many of them are the header's session prefix (the session-prefix era; 0 otherwise). */
  readonly prefixMessages: number;
  /** A request with images (with `allWire`, every request): its wire bytes, rebuilt with the objects read from the store. */
  readonly wire?: RebuiltWire;
  /** A request with images whose objects could not be read: the store's code, and no bytes. */
  readonly attachmentError?: { readonly code: string; readonly message: string };
}

export interface RebuiltWire {
  readonly provider: Provider;
  readonly url: string;
  readonly bytes: number;
  readonly sha256: string;
  readonly body: string;
  /** Parts of the header a placeholder stands for, left out of the body (see `scrubbed`). */
  readonly without?: readonly string[];
}

export interface AuditOptions {
  /** The DSH home whose attachment store image requests are rebuilt from (`<dir>/attachments/v1/objects`). */
  readonly attachments?: string;
  /** Rebuild the wire bytes of every request, not only of those with images (each is a serialization of the whole history). */
  readonly allWire?: boolean;
}

export interface PrefixBreak extends StepCause {
  /** What differs from the previous request: the route (a provider's cache is per model), the system prompt, the tools, or the messages. */
  readonly part: BrokenPart;
}

/** The DSH log format a file was in, and what reading it in the neutral form involved. */
export interface LogFormatRead {
  /** The session header's format version (dsh-eras §7.3). */
  readonly version: number;
  /** The generation the file's name says (`session.vN.jsonl[.zstd]`; `session.jsonl` is 0), when it says one. */
  readonly generation?: number;
  /** The events had neither seq nor time (DSH's snapshot projection): seqs are their positions, times unknown. */
  readonly projected?: true;
  /**
   * Why no request was rebuilt to its wire bytes, when some would have been (images, or
   * `--attachments`): recon rebuilds the wire of the v0 releases only.
   */
  readonly wire?: { readonly code: 'WIRE_FORMAT_UNKNOWN'; readonly message: string };
}

export interface AuditedLog {
  readonly file: string;
  readonly ok: true;
  readonly format: LogFormatRead;
  /** How the file was stored: plain JSONL, or Zstandard frames (how many, the decoder, a torn last frame). Absent for a log audited from memory. */
  readonly source?: LogSource;
  /** A DSH transcript (`session[.vN].jsonl[.zstd]`): its generation among the session's. */
  readonly session?: SessionGeneration;
  /** The design the log was written in, by its evidence (dsh-eras §0): it decides where each request's messages end. */
  readonly era: Era;
  readonly events: number;
  readonly turns: number;
  readonly steps: number;
  readonly requests: number;
  readonly headers: { readonly initial: number; readonly resume: number; readonly change: number; readonly series: number };
  readonly replaces: number;
  readonly usage: readonly UsagePoint[];
  /** Σ cache reads ÷ Σ billed input over the steps that report cache reads; null when none do. */
  readonly cacheReadRate: number | null;
  readonly drops: readonly StepCause[];
  /** Requests whose system, tools or message prefix differ from the previous request's. */
  readonly breaks: readonly PrefixBreak[];
  /** Requests with no request/header before them: nothing to rebuild them from. */
  readonly unreconstructable: readonly RequestAt[];
  /** Every request rebuilt, in order. */
  readonly rebuilt: readonly RebuiltRequest[];
  /**
   * Header fields a snapshot normaliser replaced by a placeholder (`"{{tools}}"`): the
   * requests are rebuilt with the placeholder as stored, so those parts are not the bytes sent.
   */
  readonly scrubbed: readonly string[];
  readonly upgradedEvents: number;
  readonly tornTail?: TornTail;
  /** Image requests whose objects could not be read from the store. */
  readonly attachmentErrors: number;
}

export interface RefusedLog {
  readonly file: string;
  readonly ok: false;
  readonly session?: SessionGeneration;
  readonly code: string;
  readonly message: string;
  /** The message without code and location (annotations place it themselves). */
  readonly detail: string;
  readonly line?: number;
  readonly seq?: number;
  readonly hint?: string;
}

export type LogAudit = AuditedLog | RefusedLog;

/** Audits a log held in memory; `auditFile` reads the same from a file, streaming. */
export function auditLog(text: string, file: string, options: AuditOptions = {}): LogAudit {
  const auditor = new Auditor(options);
  try {
    return auditor.result(file, loadJsonl(text, { file, retain: 'surface', versions: RELEASED_VERSIONS, observe: auditor.observe }));
  } catch (error) {
    return refused(error, file);
  }
}

/**
 * Audits a log file in one pass without holding its text or its events: memory follows
 * the surface of the log (what the fold keeps), the usage series and the findings.
 */
export async function auditFile(path: string, file: string, progress?: (bytes: number) => void, options: AuditOptions = {}): Promise<LogAudit> {
  const notRegular = refuseNonRegular(path, file);
  if (notRegular !== undefined) return unreadable(file, notRegular);
  const auditor = new Auditor(options);
  const session = sessionGeneration(path);
  const named = session === undefined ? {} : { session };
  try {
    const loaded = await loadJsonlFile(path, { file, retain: 'surface', versions: RELEASED_VERSIONS, observe: auditor.observe, ...(progress === undefined ? {} : { progress }) });
    return { ...auditor.result(file, loaded), source: loaded.source, ...named };
  } catch (error) {
    return { ...refused(error, file), ...named };
  }
}

/** A log refused with a coded error, or unreadable (an I/O error); anything else is a bug and is thrown on. */
export function refused(error: unknown, file: string): RefusedLog {
  if (isFileError(error)) return unreadable(file, error.message);
  if (!ReconError.is(error)) throw error;
  return {
    file,
    ok: false,
    code: error.code,
    message: error.message,
    detail: error.detail,
    ...(error.location.line === undefined ? {} : { line: error.location.line }),
    ...(error.location.seq === undefined ? {} : { seq: error.location.seq }),
    ...(error.hint === undefined ? {} : { hint: error.hint }),
  };
}

const unreadable = (file: string, detail: string): RefusedLog => ({ file, ok: false, code: 'FILE_UNREADABLE', message: `${file}: FILE_UNREADABLE: ${detail}`, detail });

function isFileError(error: unknown): error is NodeJS.ErrnoException {
  return error instanceof Error && typeof (error as NodeJS.ErrnoException).code === 'string' && typeof (error as NodeJS.ErrnoException).syscall === 'string';
}

/** What explains a break or a drop, among the events of a stretch of the log: the first header snapshot and the first replace. */
interface Stretch {
  header?: HeaderReason;
  replace?: true;
  /** An image/offload (v3+): it changes messages already sent, as a replace does. */
  offload?: true;
  /** Whichever came first. */
  first?: BreakCause;
}

/** The previous reconstructable request, kept as little as a comparison needs. */
interface Previous {
  readonly header: EpochHeader;
  /** The fold's own message array and how much of it was this request's. */
  readonly messages: readonly Message[];
  readonly count: number;
  readonly toolHistory: ToolHistory | undefined;
}

const NO_MESSAGES: readonly Message[] = Object.freeze([]);

/**
 * Sees each event just before the log adopts it, so the log and the cached fold hold
 * exactly the events before it: at a request boundary, the request it rebuilds is the one
 * dispatched. Attribution follows the events between boundaries as they pass.
 */
class Auditor {
  readonly #store: AttachmentStore | undefined;
  readonly #allWire: boolean;
  #session: Session | undefined;
  readonly #tracker = new BoundaryTracker();
  readonly #headers = { initial: 0, resume: 0, change: 0, series: 0 };
  #turns = 0;
  #steps = 0;
  #requests = 0;
  readonly #usage: UsagePoint[] = [];
  readonly #drops: StepCause[] = [];
  readonly #breaks: PrefixBreak[] = [];
  readonly #unreconstructable: RequestAt[] = [];
  #previous: Previous | undefined;
  readonly #rebuilt: Array<RebuiltRequest & { readonly atStepStart: number }> = [];
  readonly #scrubbed = new Set<string>();
  #era: Era = 'current';
  #attachmentErrors = 0;
  /** Whether a surface event so far held an image: until one does, no request needs its wire bytes. */
  #sawImage = false;
  /** Format v4: the tool history its requests carry. */
  #toolHistory: ToolHistoryFold | undefined;
  /** A released format (v1+), whose wire recon does not rebuild. */
  #released = false;
  #wireSkipped = false;

  constructor(options: AuditOptions) {
    this.#store = options.attachments === undefined ? undefined : new DirectoryAttachmentStore(options.attachments);
    this.#allWire = options.allWire === true;
  }
  /** The fold's messages as the latest step/start found them, and how many: the session-prefix era's boundary. */
  #atStepStart: { readonly messages: readonly Message[]; readonly count: number } = { messages: NO_MESSAGES, count: 0 };
  /** Events since the latest boundary (from seq 0 before the first). */
  #stretch: Stretch = {};
  /** Closed stretches since the boundary of the previous usage point: what explains a drop. */
  #sinceUsage: BreakCause | undefined;

  readonly observe = (event: SessionEvent, log: SessionLog, line: number): void => {
    if (this.#session === undefined) {
      this.#released = log.format.version !== 0;
      if (log.format.toolRole) this.#toolHistory = new ToolHistoryFold();
    }
    const session = (this.#session ??= new Session(log));
    // The header fold reads each event as it arrives: the log keeps only the latest.
    session.requestHeader();
    if (this.#era === 'current' && isSessionPrefixEvidence(event)) this.#era = 'session-prefix';
    if (!this.#sawImage && event.surfaceOp !== undefined) this.#sawImage = hasImage(deriveEventMessage(event)?.content ?? []);
    if (event.type === 'step/start') {
      const messages = session.derivedMessages();
      this.#atStepStart = { messages, count: messages.length };
    }
    const boundary = this.#tracker.next(event);
    if (boundary !== undefined) this.#request(boundary, session, line);
    // A type the log's format does not know is kept as stored and read as nothing (spec §5.3 item 5).
    if (isTyped(event) && log.format.isKnownType(event.type)) switch (event.type) {
      case 'turn/start':
        this.#turns++;
        break;
      case 'step/start':
        this.#steps++;
        break;
      case 'request/header': {
        const reason = event.data.reason;
        this.#noteScrubbed(event.data.header);
        this.#headers[reason]++;
        this.#stretch.header ??= reason;
        this.#stretch.first ??= HEADER_CAUSE[reason];
        break;
      }
      case 'assistant/message':
        this.#usagePoint(event.data, line);
        break;
      case 'system/message':
        if (event.data.message.content.some((block) => block.type === 'text' && isPlaceholder(block.text))) this.#scrubbed.add('system');
        break;
      case 'image/offload':
        this.#stretch.offload = true;
        this.#stretch.first ??= 'image-offload';
        break;
    }
    if (typeof event.surfaceOp === 'object') {
      this.#stretch.replace = true;
      this.#stretch.first ??= 'replace';
    }
    // After the boundary: the request this event is the boundary of was sent before it.
    this.#toolHistory?.next(event);
  };

  #request(boundary: RequestBoundary, session: Session, line: number): void {
    this.#requests++;
    const stretch = this.#stretch;
    this.#sinceUsage ??= stretch.first;
    this.#stretch = {};
    const header = session.requestHeader();
    if (header === undefined) {
      this.#unreconstructable.push({ turn: boundary.turn, step: boundary.step, seq: boundary.seq, line });
      return;
    }
    // The session-prefix era sent the messages of the events before step/start (dsh-eras §4.1).
    const atDispatch = countedMessages(session);
    const { messages, count } = this.#era === 'session-prefix' ? this.#atStepStart : atDispatch;
    const prefixMessages = header.messagePrefix?.length ?? 0;
    // Both counts are kept: evidence of the era may come after this request, and the last word decides.
    this.#rebuilt.push({
      turn: boundary.turn,
      step: boundary.step,
      attempt: boundary.attempt,
      seq: boundary.seq,
      line,
      messages: prefixMessages + atDispatch.count,
      prefixMessages,
      atStepStart: prefixMessages + this.#atStepStart.count,
      ...this.#wire(header, messages, count, session.id),
    });
    const previous = this.#previous;
    const toolHistory = this.#toolHistory?.snapshot();
    this.#previous = { header, messages, count, toolHistory };
    if (previous === undefined) return;
    // The same array: nothing was replaced, so these messages extend the previous ones and only the header can differ.
    const same = previous.messages === messages;
    const id = session.id;
    // A recomposed session prefix is a header change: a resume snapshot explains it, a replace does not.
    const part = !sameJson(previous.header.messagePrefix, header.messagePrefix) ? 'prefix' : prefixBreak(
      requestOf(previous.header, same ? NO_MESSAGES : previous.messages.slice(0, previous.count), id, previous.toolHistory),
      requestOf(header, same ? NO_MESSAGES : messages.slice(0, count), id, toolHistory),
    );
    if (part === undefined) return;
    const found = part === 'messages' ? (stretch.replace ? 'replace' : stretch.offload ? 'image-offload' : undefined) : stretch.header === undefined ? undefined : HEADER_CAUSE[stretch.header];
    this.#breaks.push({ turn: boundary.turn, step: boundary.step, part, cause: found ?? 'unexplained', line });
  }

  /** The wire bytes of a request with images, read through the store; nothing for a text-only request. */
  #wire(header: EpochHeader, messages: readonly Message[], count: number, id: string): Pick<RebuiltRequest, 'wire' | 'attachmentError'> {
    // Text-only so far and no store asked for: nothing to rebuild, and no pass over the history.
    if (!this.#sawImage && !this.#allWire) return {};
    // A released format's wire is not the v0 releases' (from v3 DSH's DeepSeek adapter speaks the Messages API): said once, never guessed.
    if (this.#released) {
      this.#wireSkipped = true;
      return {};
    }
    // A scrubbed prefix ("{{messagePrefix}}") is no message to serialize: such a log says so in `scrubbed`.
    if (header.messagePrefix?.some(isPlaceholder) === true) return {};
    const request = requestOf(header, messages.slice(0, count), id);
    const images = request.messages.some((m) => hasImage(m.content));
    if (!images && !this.#allWire) return {};
    const provider = wireProvider(header.config.provider);
    const fail = (code: string, message: string) => {
      this.#attachmentErrors++;
      return { attachmentError: { code, message } };
    };
    if (provider === undefined) return images ? fail('UNSUPPORTED_CONTENT', `no wire format is known for provider "${header.config.provider}"`) : {};
    if (images && this.#store === undefined) return fail('ATTACHMENT_NOT_FOUND', 'no attachment store was given (recon audit --attachments DIR)');
    const without = isPlaceholder(request.tools) ? ['tools'] : [];
    try {
      // The log says the model took the images: the audit does not second-guess the route's catalog.
      const wire = WIRE_FORMATS[provider].serialize(without.length > 0 ? { ...request, tools: [] } : request, this.#store === undefined ? {} : { images: { attachments: this.#store, acceptsImages: () => true } });
      const sha256 = createHash('sha256').update(wire.body).digest('hex');
      return { wire: { provider, url: wire.url, bytes: Buffer.byteLength(wire.body), sha256, body: wire.body, ...(without.length > 0 ? { without } : {}) } };
    } catch (error) {
      if (!ReconError.is(error)) throw error;
      return fail(error.code, error.detail);
    }
  }

  #noteScrubbed(header: EpochHeader): void {
    if (isPlaceholder(header.tools)) this.#scrubbed.add('tools');
    if (header.messagePrefix?.some(isPlaceholder) === true) this.#scrubbed.add('messagePrefix');
  }

  #usagePoint(data: AssistantMessageData, line: number): void {
    if (data.usage === undefined) return;
    const { inputTokens, cacheReadTokens, cacheWriteTokens } = data.usage;
    const before = this.#usage.at(-1)?.cacheReadTokens;
    if (before !== undefined && cacheReadTokens !== undefined && cacheReadTokens < before) {
      this.#drops.push({ turn: data.turn, step: data.step, cause: this.#sinceUsage ?? 'unexplained', line });
    }
    this.#sinceUsage = undefined;
    this.#usage.push({
      turn: data.turn,
      step: data.step,
      inputTokens,
      ...(cacheReadTokens === undefined ? {} : { cacheReadTokens }),
      ...(cacheWriteTokens === undefined ? {} : { cacheWriteTokens }),
    });
  }

  result(file: string, loaded: LoadedLog): AuditedLog {
    const version = loaded.log.header.version;
    const generation = generationOf(file);
    const format: LogFormatRead = {
      version,
      ...(generation === undefined ? {} : { generation }),
      ...(loaded.projected ? { projected: true as const } : {}),
      ...(this.#wireSkipped ? { wire: { code: 'WIRE_FORMAT_UNKNOWN' as const, message: `the requests of a format v${version} log are not rebuilt to their wire bytes: recon rebuilds the wire of the v0 releases, and from v3 DSH's DeepSeek adapter speaks the Messages API` } } : {}),
    };
    return {
      file,
      ok: true,
      format,
      era: this.#era,
      events: loaded.log.length,
      turns: this.#turns,
      steps: this.#steps,
      requests: this.#requests,
      headers: this.#headers,
      replaces: loaded.log.surface.replaceGeneration,
      usage: this.#usage,
      cacheReadRate: cacheReadRate(this.#usage),
      drops: this.#drops,
      breaks: this.#breaks,
      unreconstructable: this.#unreconstructable,
      rebuilt: this.#rebuilt.map(({ atStepStart, ...request }) => (this.#era === 'session-prefix' ? { ...request, messages: atStepStart } : request)),
      scrubbed: [...this.#scrubbed],
      upgradedEvents: loaded.upgradedSeqs.length,
      attachmentErrors: this.#attachmentErrors,
      ...(loaded.tornTail === undefined ? {} : { tornTail: loaded.tornTail }),
    };
  }
}

/** The wire a provider name of a header speaks (DSH names routes `deepseek-official`, …); undefined when none is known. */
function wireProvider(name: string): Provider | undefined {
  for (const provider of ['deepseek', 'openai', 'anthropic'] as const) if (name === provider || name.startsWith(`${provider}-`)) return provider;
  return undefined;
}

function countedMessages(session: Session): { readonly messages: readonly Message[]; readonly count: number } {
  const messages = session.derivedMessages();
  return { messages, count: messages.length };
}

function sameJson(a: readonly unknown[] | undefined, b: readonly unknown[] | undefined): boolean {
  return a === b || JSON.stringify(a ?? []) === JSON.stringify(b ?? []);
}

/** Token-weighted: Σ reads ÷ Σ (uncached + reads + writes), over steps that report reads. */
export function cacheReadRate(usage: readonly UsagePoint[]): number | null {
  let read = 0;
  let billed = 0;
  for (const point of usage) {
    if (point.cacheReadTokens === undefined) continue;
    read += point.cacheReadTokens;
    billed += point.inputTokens + point.cacheReadTokens + (point.cacheWriteTokens ?? 0);
  }
  return billed === 0 ? null : read / billed;
}

const HEADER_CAUSE: Record<HeaderReason, BreakCause> = { initial: 'first-request', resume: 'resume', change: 'change', series: 'series' };
