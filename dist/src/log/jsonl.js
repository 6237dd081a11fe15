/**
 * The JSONL storage form of a log (spec §5.3): line 1 is the session header, every
 * other line one event or one packed chunk row. Two kinds of rule apply, and a damaged
 * file gets the code of the first kind wherever it lies, whichever is checked first:
 *
 *  1. storage, line by line: JSON syntax and torn tail, chunk rows, the envelope,
 *     lossless JSON, legacy refusals, upgrade of older shapes;
 *  2. the log rules, event by event: seq, known type, payload shape, surface.
 *
 * Both run in one pass over the lines (so a file can be streamed): a storage error
 * throws at once, the first log-rule error is held until the last line is read.
 * A torn last line is cut. Damage (an unparsable line or a seq gap) followed by a
 * later `turn/end` lies in committed data and is refused with TORN_COMMITTED.
 */
import { createReadStream } from 'node:fs';
import { ReconError } from "../errors.js";
import { expandChunkRow, packChunkRuns } from "./chunk-rows.js";
import { decodeLogBytes } from "./decode-utf8.js";
import { refusal, refuse } from "./rules.js";
import { adoptParsedJson } from "./json.js";
import { checkSessionHeader } from "./session-header.js";
import { SessionLog } from "./session-log.js";
import { LegacyUpgrader } from "./upgrade.js";
import { checkEnvelope, checkNotLegacy } from "./validate-event.js";
export function loadJsonl(text, options = {}) {
    const reader = new JsonlReader(options);
    // The text is in memory already; one split is cheaper than a search per line.
    const lines = text.split('\n');
    const last = lines.length - 1;
    for (let i = 0; i < last; i++)
        reader.line(lines[i], true);
    if (lines[last] !== '')
        reader.line(lines[last], false);
    return reader.end();
}
/**
 * Loads a log from a file without holding its text: lines are read in blocks and fed to
 * the reader `loadJsonl` uses. `progress` hears the bytes read so far.
 */
export async function loadJsonlFile(path, options = {}) {
    const reader = new JsonlReader(options);
    // Parts of a line that spans blocks, joined once its newline arrives: linear in the line.
    let parts = [];
    let bytes = 0;
    let lineNumber = 1;
    for await (const block of createReadStream(path, { highWaterMark: 1 << 20 })) {
        let start = 0;
        for (let end = block.indexOf(10); end >= 0; end = block.indexOf(10, start)) {
            const piece = block.subarray(start, end);
            reader.line(utf8Line(parts.length === 0 ? piece : Buffer.concat([...parts, piece]), lineNumber++, options.file ?? path), true);
            parts = [];
            start = end + 1;
        }
        if (start < block.length)
            parts.push(block.subarray(start));
        bytes += block.length;
        options.progress?.(bytes);
    }
    if (parts.length > 0)
        reader.line(utf8Line(Buffer.concat(parts), lineNumber, options.file ?? path), false);
    return reader.end();
}
/** One line's bytes as text, refused with LOG_NOT_UTF8 (and its line) when they are not UTF-8. */
function utf8Line(bytes, line, file) {
    try {
        return decodeLogBytes(bytes);
    }
    catch (error) {
        throw ReconError.is(error) ? error.at({ file, line }) : error;
    }
}
/**
 * The loader, one line at a time. Storage errors throw at once; the first log-rule error
 * is held until the end, so a storage error anywhere in the file still wins, as if the
 * whole file were checked for storage first. After a cut, the rest is only scanned for a
 * `turn/end` that would prove the damage committed.
 */
class JsonlReader {
    #options;
    #legacy;
    #line = 0;
    #log;
    #upgrader;
    /** The seq the next stored event must carry. */
    #next = 0;
    /** The first log-rule error (or the header the log refused), thrown by `end`. */
    #held;
    #cut;
    constructor(options) {
        this.#options = options;
        this.#legacy = options.rules?.legacy ?? checkNotLegacy;
    }
    line(raw, terminated) {
        const n = ++this.#line;
        if (this.#cut !== undefined)
            return this.#afterCut(raw, terminated);
        if (n === 1)
            return this.#header(raw);
        if (!terminated)
            return this.#tear(n, undefined, 'torn.unparsable-committed', 'the last line has no newline (a write was cut short)', raw, terminated);
        let value;
        try {
            value = JSON.parse(raw);
        }
        catch {
            return this.#tear(n, undefined, 'torn.unparsable-committed', raw === '' ? 'an empty line' : 'a line that is not valid JSON', raw, terminated);
        }
        try {
            if (isChunkRow(value)) {
                for (const event of expandChunkRow(value))
                    if (!this.#take(event, n, undefined, raw))
                        break;
            }
            else {
                checkEnvelope(value, this.#next);
                adoptParsedJson(value, 'event');
                this.#take(value, n, value.seq, raw);
            }
        }
        catch (error) {
            throw this.#place(error, n, isSeqHolder(value) ? value.seq : undefined);
        }
    }
    end() {
        if (this.#line === 0)
            throw this.#place(refusal('session.present', 'the file is empty; line 1 must be the session header'), 1);
        if (this.#held !== undefined)
            throw this.#held;
        const cut = this.#cut;
        return {
            log: this.#log,
            tornTail: cut === undefined ? undefined : { line: cut.line, reason: cut.reason, droppedLines: cut.lines, droppedBytes: cut.bytes },
            upgradedSeqs: this.#upgrader.upgraded,
        };
    }
    #header(raw) {
        if (raw.startsWith('\uFEFF')) {
            throw this.#place(refusal('session.bom', 'the file starts with a byte order mark (BOM, U+FEFF, bytes EF BB BF); a session log is UTF-8 without a BOM, so line 1 must start with the header\'s "{"', { hint: 'remove the first three bytes; the editor or tool that wrote the file added them' }), 1);
        }
        let header;
        try {
            const value = parseLine(raw);
            checkSessionHeader(value);
            header = value;
        }
        catch (error) {
            throw this.#place(error, 1);
        }
        this.#upgrader = new LegacyUpgrader(header.id, (seq) => this.#log?.eventAt(seq));
        try {
            this.#log = SessionLog.create(header, this.#options);
        }
        catch (error) {
            this.#held = error;
        }
    }
    /** Adds a stored event, or starts a torn tail at a seq gap (and says so). */
    #take(event, line, seq, raw) {
        if (event.seq !== this.#next) {
            this.#tear(line, seq, 'torn.seq-gap-committed', `a seq gap: expected seq ${this.#next}, found ${event.seq}`, raw, true);
            // A seq gap shows on an intact line after the lost one: when that line is a turn/end, the loss is committed.
            if (isTurnEnd(raw))
                this.#committed(line);
            return false;
        }
        this.#legacy(event);
        const upgraded = this.#upgrader.upgrade(event);
        this.#next++;
        if (this.#held !== undefined)
            return true;
        const log = this.#log;
        this.#options.observe?.(upgraded, log);
        try {
            log.adopt(upgraded);
        }
        catch (error) {
            this.#held = this.#place(error, line, upgraded.seq);
        }
        return true;
    }
    /** Cuts the log at `line`: a torn tail, unless a later line proves the damage committed. */
    #tear(line, seq, rule, reason, raw, terminated) {
        this.#cut = { line, seq, rule, reason, lines: 1, bytes: Buffer.byteLength(raw) + (terminated ? 1 : 0) };
    }
    /** The damage at the cut is followed by (or sits on) the turn/end on line `at`: it is committed. */
    #committed(at) {
        const cut = this.#cut;
        throw this.#place(refusal(cut.rule, `${cut.reason}, but line ${at}${at === cut.line ? '' : ' later'} holds a turn/end: committed data is damaged`, {
            hint: 'the log was changed after it was written; restore it from a copy',
        }), cut.line, cut.seq);
    }
    #afterCut(raw, terminated) {
        const cut = this.#cut;
        // Only complete lines count (those a newline follows): an unterminated line was never committed.
        if (terminated && isTurnEnd(raw))
            this.#committed(this.#line);
        cut.lines++;
        cut.bytes += Buffer.byteLength(raw) + (terminated ? 1 : 0);
    }
    #place(error, line, seq) {
        const file = this.#options.file;
        return ReconError.is(error) ? error.at({ ...(file === undefined ? {} : { file }), ...(line === undefined ? {} : { line }), ...(seq === undefined ? {} : { seq }) }) : error;
    }
}
/** The JSONL text of a log; `saveJsonl(loadJsonl(text).log) === text` for any text this wrote. */
export function saveJsonl(log) {
    let out = `${JSON.stringify(log.header)}\n`;
    for (const record of packChunkRuns(log.events))
        out += `${JSON.stringify(record)}\n`;
    return out;
}
function parseLine(raw) {
    try {
        return JSON.parse(raw);
    }
    catch {
        return refuse('session.json', 'session header line is not valid JSON');
    }
}
function isChunkRow(value) {
    if (typeof value !== 'object' || value === null)
        return false;
    // A switch, not a Set: a parsed type string is not interned, so a Set must hash it first.
    switch (value.type) {
        case 'text-chunks':
        case 'reasoning-chunks':
        case 'tool-call-chunks':
            return true;
        default:
            return false;
    }
}
function isSeqHolder(value) {
    return typeof value === 'object' && value !== null && Number.isSafeInteger(value.seq);
}
function isTurnEnd(line) {
    if (!line.includes('turn/end'))
        return false;
    try {
        const value = JSON.parse(line);
        return typeof value === 'object' && value !== null && value.type === 'turn/end';
    }
    catch {
        // An unparsable line is damage, not a commit marker.
        return false;
    }
}
