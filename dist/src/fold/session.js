import { deriveEventMessage } from "./derive-event-message.js";
import { snapshotOf } from "./request-header.js";
/**
 * The live fold over a log. `deriveMessages()` projects each surface node once and
 * rebuilds from scratch only when a replace changed the surface generation; every call
 * returns a fresh array over shared, deep-frozen messages.
 */
export class Session {
    log;
    counters = { nodesProjected: 0, rebuilds: 0, headerEventsScanned: 0 };
    #derived = [];
    #derivedNodes = 0;
    #generation = 0;
    #header;
    #headerWatermark = 0;
    constructor(log) {
        this.log = log;
    }
    get id() {
        return this.log.header.id;
    }
    deriveMessages() {
        return this.#fold().slice();
    }
    /**
     * The cached messages themselves, without the copy: read them, never change them. The
     * array grows as the log does and is dropped, not changed, when a replace forces a
     * rebuild, so an array taken earlier still holds the messages of its time as a prefix.
     */
    derivedMessages() {
        return this.#fold();
    }
    #fold() {
        const surface = this.log.surface;
        if (surface.replaceGeneration !== this.#generation) {
            this.#derived = [];
            this.#derivedNodes = 0;
            this.#generation = surface.replaceGeneration;
            this.counters.rebuilds++;
        }
        const size = surface.size;
        for (let i = this.#derivedNodes; i < size; i++) {
            const message = deriveEventMessage(this.log.eventAt(surface.nodeAt(i)));
            if (message !== null)
                this.#derived.push(message);
        }
        this.counters.nodesProjected += size - this.#derivedNodes;
        this.#derivedNodes = size;
        return this.#derived;
    }
    /** The folded request header (latest canonical snapshot), deep-frozen; undefined before the first. */
    requestHeader() {
        const length = this.log.length;
        for (let seq = this.#headerWatermark; seq < length; seq++) {
            const event = this.log.eventAt(seq);
            if (event.type === 'request/header')
                this.#header = snapshotOf(event);
        }
        this.counters.headerEventsScanned += length - this.#headerWatermark;
        this.#headerWatermark = length;
        return this.#header;
    }
}
