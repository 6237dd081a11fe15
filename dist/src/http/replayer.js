/**
 * Matching sent requests to recorded interactions. Strict by default: method, URL and
 * every body byte. Interactions answer in recording order, each once, so a loop that
 * sends the same request twice must have recorded it twice. A request with no match is
 * refused (lockdown) with the first differing byte against the nearest recording,
 * because "no match" alone sends a reader diffing two 10 kB bodies by eye.
 */
import { ReconError } from "../errors.js";
import { sha256 } from "./_internals/bytes.js";
import { excerpt, firstDifference } from "./_internals/diff.js";
import { redactUrl } from "./_internals/redact-url.js";
import { lineOfInteraction, requestBytes } from "./cassette.js";
export class Replayer {
    cassette;
    #options;
    #used;
    #bodies;
    constructor(cassette, options = {}) {
        this.cassette = cassette;
        this.#options = options;
        this.#used = cassette.interactions.map(() => false);
        this.#bodies = cassette.interactions.map((i) => (i.request === null ? new Uint8Array(0) : requestBytes(i.request)));
    }
    /** The index of the first interaction that matches `sent` and may still answer. */
    find(sent) {
        const index = this.cassette.interactions.findIndex((_, i) => (this.#options.repeat || !this.#used[i]) && this.#sameTarget(i, sent) && this.#sameBody(i, sent.body));
        return index < 0 ? undefined : index;
    }
    /** The interaction answering `sent`, marked used; a CASSETTE_MISS error when there is none. */
    take(sent) {
        const index = this.find(sent);
        if (index === undefined)
            throw this.#miss(sent);
        this.#used[index] = true;
        return this.cassette.interactions[index];
    }
    unused() {
        return this.cassette.interactions.flatMap((interaction, index) => this.#used[index] || interaction.request === null ? [] : [{ index, line: lineOfInteraction(index), method: interaction.request.method, url: redactUrl(interaction.request.url) }]);
    }
    /** Throws CASSETTE_UNUSED naming every recorded request that was never sent. */
    assertAllUsed() {
        const unused = this.unused();
        if (unused.length === 0)
            return;
        throw new ReconError('CASSETTE_UNUSED', `${unused.length} recorded interaction(s) were never requested: ${unused.map((u) => `#${u.index} (line ${u.line}) ${u.method} ${u.url}`).join('; ')}`, {
            location: this.#where(),
            hint: 'the client sent fewer requests than were recorded; record the cassette again if that is intended',
        });
    }
    #sameTarget(index, sent) {
        const request = this.cassette.interactions[index].request;
        return request !== null && request.method === sent.method.toUpperCase() && this.#target(request.url) === this.#target(sent.url);
    }
    /** Credentials never reach a cassette, so a sent URL is compared (and named in errors) without them. */
    #target(url) {
        const bare = redactUrl(url);
        if (!this.#options.ignoreOrigin)
            return bare;
        const parsed = new URL(bare);
        return parsed.pathname + parsed.search;
    }
    #sameBody(index, body) {
        const recorded = this.#bodies[index];
        if (firstDifference(recorded, body) === undefined)
            return true;
        if (this.#options.body !== 'json')
            return false;
        const canonical = canonicalJson(recorded);
        return canonical !== undefined && canonical === canonicalJson(body);
    }
    #miss(sent) {
        const what = `${sent.method.toUpperCase()} ${redactUrl(sent.url)} (body ${sent.body.byteLength} bytes, sha256 ${sha256(sent.body).slice(0, 16)}…)`;
        const candidates = this.cassette.interactions.flatMap((interaction, index) => {
            if (interaction.request === null)
                return [];
            const offset = firstDifference(this.#bodies[index], sent.body);
            return [{ index, target: this.#sameTarget(index, sent), common: offset ?? Infinity, offset }];
        });
        candidates.sort((a, b) => Number(b.target) - Number(a.target) || b.common - a.common || a.index - b.index);
        const nearest = candidates[0];
        const hint = 'record the missing exchange with mode "update", or change the client so its request is byte-identical to the recording';
        if (nearest === undefined)
            return new ReconError('CASSETTE_MISS', `${what} matches no recorded interaction: the cassette records no requests`, { location: this.#where(), hint });
        const recorded = this.cassette.interactions[nearest.index].request;
        const name = `interaction #${nearest.index} (line ${lineOfInteraction(nearest.index)})`;
        let why;
        if (!nearest.target)
            why = `no recording has that method and URL; nearest is ${name}, ${recorded.method} ${redactUrl(recorded.url)}`;
        else if (nearest.offset === undefined)
            why = `${name} has the same request but has already answered (each interaction answers once; allow repeats to reuse it)`;
        else {
            const recordedBody = this.#bodies[nearest.index];
            why =
                `nearest is ${name}: the bodies first differ at byte offset ${nearest.offset} ` +
                    `(recorded ${recordedBody.byteLength} bytes, sent ${sent.body.byteLength})\n` +
                    `  recorded: ${excerpt(recordedBody, nearest.offset)}\n` +
                    `  sent:     ${excerpt(sent.body, nearest.offset)}`;
        }
        return new ReconError('CASSETTE_MISS', `${what} matches no recorded interaction; ${why}`, { location: this.#where(), hint });
    }
    #where() {
        return this.#options.file === undefined ? {} : { file: this.#options.file };
    }
}
/** JSON with object keys sorted, so two serialisations of one value compare equal; undefined when not JSON. */
function canonicalJson(bytes) {
    let value;
    try {
        value = JSON.parse(Buffer.from(bytes).toString('utf8'));
    }
    catch {
        return undefined;
    }
    return JSON.stringify(value, (_, v) => typeof v === 'object' && v !== null && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v);
}
