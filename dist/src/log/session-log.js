/**
 * The append-only session log: a session header and a list of validated, deep-frozen
 * events whose seq equals their index, with the surface they fold into.
 *
 * Unlike DSH, `append` runs every check that loading runs (append/load parity), so a
 * log this class wrote always loads again. A rejected append changes nothing.
 */
import { ReconError } from "../errors.js";
import { refuse } from "./rules.js";
import { deepFreeze, snapshotJson } from "./json.js";
import { checkSessionHeader } from "./session-header.js";
import { Surface } from "./surface.js";
import { LegacyUpgrader } from "./upgrade.js";
import { checkEnvelope, checkEventPayload, checkKnownType, checkNotLegacy } from "./validate-event.js";
const DEFAULT_EVENT_RULES = { legacy: checkNotLegacy, knownType: checkKnownType, payload: checkEventPayload };
export class SessionLog {
    header;
    #events = [];
    /** With `retain: 'surface'`: the events still kept, by seq (`#events` stays empty). */
    #kept;
    #length = 0;
    #surface = new Surface();
    #clock;
    #rules;
    #eventAt = (seq) => this.eventAt(seq);
    #view;
    constructor(header, options) {
        checkSessionHeader(header);
        this.header = deepFreeze(snapshotJson(header, 'header'));
        this.#clock = options.clock ?? Date.now;
        this.#rules = { ...DEFAULT_EVENT_RULES, ...options.rules };
        this.#kept = options.retain === 'surface' ? new Map() : undefined;
    }
    /** An empty log. */
    static create(header, options = {}) {
        return new SessionLog(header, options);
    }
    /**
     * A log seeded with events from memory. Each is copied, so the caller's objects stay
     * theirs; every rule of load applies, and the first failure throws with its seq.
     */
    static fromEvents(header, events, options = {}) {
        const log = new SessionLog(header, options);
        events.forEach((value, index) => {
            checkEnvelope(value, index);
            const event = deepFreeze(snapshotJson(value, 'event'));
            log.#rules.legacy(event);
            log.adopt(event);
        });
        return log;
    }
    /**
     * Takes an event that the caller owns and has already checked for envelope, lossless
     * JSON and legacy vocabulary (the loader does that for a whole file first), and runs
     * the log rules on it: how the loader, and whoever replays a loaded log's events, grows a log.
     */
    adopt(event) {
        const expected = this.#length;
        if (event.seq !== expected) {
            refuse('seq.contiguous', `event at index ${expected} has seq ${event.seq}; seqs must be contiguous from 0`, { location: { seq: event.seq } });
        }
        this.#rules.knownType(event);
        this.#rules.payload(event);
        const shadowed = this.#surface.add(event, this.#eventAt);
        if (this.#kept === undefined)
            this.#events.push(event);
        else
            keepSurface(this.#kept, event, shadowed);
        this.#length++;
        this.#view = undefined;
    }
    get length() {
        return this.#length;
    }
    /** The events, as a frozen array that does not grow when the log does. */
    get events() {
        if (this.#kept !== undefined)
            throw new Error('a log that retains only its surface has no list of events');
        return (this.#view ??= Object.freeze(this.#events.slice()));
    }
    /** The event at `seq`; with `retain: 'surface'`, only a current surface node or the latest event. */
    eventAt(seq) {
        return this.#kept === undefined ? this.#events[seq] : this.#kept.get(seq);
    }
    get surface() {
        return this.#surface;
    }
    /**
     * Appends one event with `seq` = the current length and `time` from the clock. Throws
     * a ReconError (and leaves the log as it was) if the event would not load again.
     */
    append(type, data, options = {}) {
        const seq = this.#length;
        if (typeof type !== 'string' || type === '')
            refuse('envelope.type', 'event type must be a non-empty string', { location: { seq } });
        if (Object.hasOwn(options, 'ignorable') && options.ignorable !== true)
            refuse('envelope.ignorable', 'ignorable may only be true', { location: { seq } });
        let event;
        try {
            // Key order is the order DSH writes: type, seq, time, data, sourceEventSeqs, surfaceOp.
            const draft = { type, seq, time: this.#clock(), data: snapshotJson(data, 'data') };
            if (Object.hasOwn(options, 'sourceEventSeqs'))
                draft['sourceEventSeqs'] = snapshotJson(options.sourceEventSeqs, 'sourceEventSeqs');
            if (Object.hasOwn(options, 'surfaceOp'))
                draft['surfaceOp'] = snapshotJson(options.surfaceOp, 'surfaceOp');
            if (options.ignorable === true)
                draft['ignorable'] = true;
            event = deepFreeze(draft);
        }
        catch (error) {
            throw ReconError.is(error) ? error.at({ seq }) : error;
        }
        checkEnvelope(event, seq);
        this.#rules.legacy(event);
        // An older shape is stored as load would read it back: upgraded, or refused when malformed.
        const upgraded = new LegacyUpgrader(this.header.id, this.#eventAt).upgrade(event);
        this.adopt(upgraded);
        return upgraded;
    }
}
/** Keeps `event`; lets go of the previous latest event unless it is on the surface, and of what a replace shadowed. */
function keepSurface(kept, event, shadowed) {
    const previous = kept.get(event.seq - 1);
    if (previous !== undefined && previous.surfaceOp === undefined)
        kept.delete(previous.seq);
    if (shadowed !== undefined)
        for (const seq of shadowed)
            kept.delete(seq);
    kept.set(event.seq, event);
}
