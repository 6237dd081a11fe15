/**
 * `recon audit`: what a real session log says about the rule. Every request is rebuilt
 * from the log prefix before it; every break of the message prefix and every drop of
 * the provider's cache reads is attributed to the logged event that explains it, or
 * flagged `unexplained`.
 */
import { ReconError } from "../errors.js";
import { BoundaryTracker, prefixBreak, requestOf, Session } from "../fold/index.js";
import { loadJsonl, loadJsonlFile, } from "../log/index.js";
/** Audits a log held in memory; `auditFile` reads the same from a file, streaming. */
export function auditLog(text, file) {
    const auditor = new Auditor();
    try {
        return auditor.result(file, loadJsonl(text, { file, retain: 'surface', observe: auditor.observe }));
    }
    catch (error) {
        return refused(error, file);
    }
}
/**
 * Audits a log file in one pass without holding its text or its events: memory follows
 * the surface of the log (what the fold keeps), the usage series and the findings.
 */
export async function auditFile(path, file, progress) {
    const auditor = new Auditor();
    try {
        return auditor.result(file, await loadJsonlFile(path, { file, retain: 'surface', observe: auditor.observe, ...(progress === undefined ? {} : { progress }) }));
    }
    catch (error) {
        if (isFileError(error))
            return { file, ok: false, code: 'FILE_UNREADABLE', message: `${file}: FILE_UNREADABLE: ${error.message}` };
        return refused(error, file);
    }
}
function refused(error, file) {
    if (!ReconError.is(error))
        throw error;
    return {
        file,
        ok: false,
        code: error.code,
        message: error.message,
        ...(error.location.line === undefined ? {} : { line: error.location.line }),
        ...(error.location.seq === undefined ? {} : { seq: error.location.seq }),
        ...(error.hint === undefined ? {} : { hint: error.hint }),
    };
}
function isFileError(error) {
    return error instanceof Error && typeof error.code === 'string' && typeof error.syscall === 'string';
}
const NO_MESSAGES = Object.freeze([]);
/**
 * Sees each event just before the log adopts it, so the log and the cached fold hold
 * exactly the events before it: at a request boundary, the request it rebuilds is the one
 * dispatched. Attribution follows the events between boundaries as they pass.
 */
class Auditor {
    #session;
    #tracker = new BoundaryTracker();
    #headers = { initial: 0, resume: 0, change: 0 };
    #turns = 0;
    #steps = 0;
    #requests = 0;
    #usage = [];
    #drops = [];
    #breaks = [];
    #unreconstructable = [];
    #previous;
    /** Events since the latest boundary (from seq 0 before the first). */
    #stretch = {};
    /** Closed stretches since the boundary of the previous usage point: what explains a drop. */
    #sinceUsage;
    observe = (event, log) => {
        const session = (this.#session ??= new Session(log));
        // The header fold reads each event as it arrives: the log keeps only the latest.
        session.requestHeader();
        const boundary = this.#tracker.next(event);
        if (boundary !== undefined)
            this.#request(boundary, session);
        switch (event.type) {
            case 'turn/start':
                this.#turns++;
                break;
            case 'step/start':
                this.#steps++;
                break;
            case 'request/header': {
                const reason = event.data.reason;
                this.#headers[reason]++;
                this.#stretch.header ??= reason;
                this.#stretch.first ??= HEADER_CAUSE[reason];
                break;
            }
            case 'assistant/message':
                this.#usagePoint(event.data);
                break;
        }
        if (typeof event.surfaceOp === 'object') {
            this.#stretch.replace = true;
            this.#stretch.first ??= 'replace';
        }
    };
    #request(boundary, session) {
        this.#requests++;
        const stretch = this.#stretch;
        this.#sinceUsage ??= stretch.first;
        this.#stretch = {};
        const header = session.requestHeader();
        if (header === undefined) {
            this.#unreconstructable.push({ turn: boundary.turn, step: boundary.step, seq: boundary.seq });
            return;
        }
        const messages = session.derivedMessages();
        const previous = this.#previous;
        this.#previous = { header, messages, count: messages.length };
        if (previous === undefined)
            return;
        // The same array: nothing was replaced, so these messages extend the previous ones and only the header can differ.
        const same = previous.messages === messages;
        const id = session.id;
        const part = prefixBreak(requestOf(previous.header, same ? NO_MESSAGES : previous.messages.slice(0, previous.count), id), requestOf(header, same ? NO_MESSAGES : messages, id));
        if (part === undefined)
            return;
        const found = part === 'messages' ? (stretch.replace ? 'replace' : undefined) : stretch.header === undefined ? undefined : HEADER_CAUSE[stretch.header];
        this.#breaks.push({ turn: boundary.turn, step: boundary.step, part, cause: found ?? 'unexplained' });
    }
    #usagePoint(data) {
        if (data.usage === undefined)
            return;
        const { inputTokens, cacheReadTokens, cacheWriteTokens } = data.usage;
        const before = this.#usage.at(-1)?.cacheReadTokens;
        if (before !== undefined && cacheReadTokens !== undefined && cacheReadTokens < before) {
            this.#drops.push({ turn: data.turn, step: data.step, cause: this.#sinceUsage ?? 'unexplained' });
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
    result(file, loaded) {
        return {
            file,
            ok: true,
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
            upgradedEvents: loaded.upgradedSeqs.length,
            ...(loaded.tornTail === undefined ? {} : { tornTail: loaded.tornTail }),
        };
    }
}
/** Token-weighted: Σ reads ÷ Σ (uncached + reads + writes), over steps that report reads. */
export function cacheReadRate(usage) {
    let read = 0;
    let billed = 0;
    for (const point of usage) {
        if (point.cacheReadTokens === undefined)
            continue;
        read += point.cacheReadTokens;
        billed += point.inputTokens + point.cacheReadTokens + (point.cacheWriteTokens ?? 0);
    }
    return billed === 0 ? null : read / billed;
}
const HEADER_CAUSE = { initial: 'first-request', resume: 'resume', change: 'change' };
