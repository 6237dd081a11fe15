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
import { ReconError } from "../errors.js";
import { concatBytes, exactText, sha256, utf8 } from "./_internals/bytes.js";
import { isObject } from "./_internals/json.js";
import { redactUrl } from "./_internals/redact-url.js";
import { CREDENTIAL_HEADERS, allowedHeaders, isAllowedHeader } from "./headers.js";
export const CASSETTE_FORMAT = 2;
/** Format 1 is format 2 without response digests. */
const READABLE_FORMATS = [1, 2];
/** The 1-based line of interaction `index` in its file. */
export const lineOfInteraction = (index) => index + 2;
export function requestBytes(request) {
    return request.b64 !== undefined ? new Uint8Array(Buffer.from(request.b64, 'base64')) : utf8(request.body ?? '');
}
export function chunkBytes(chunk) {
    return 'b64' in chunk ? new Uint8Array(Buffer.from(chunk.b64, 'base64')) : utf8(chunk.text);
}
export function responseBytes(response) {
    return concatBytes(response.chunks.map(chunkBytes));
}
export function responseText(response) {
    return Buffer.from(responseBytes(response)).toString('utf8');
}
/** A request as the cassette stores it: allow-listed headers, credentials out of the URL, exact body, its hash. */
export function recordRequest(parts) {
    const text = exactText(parts.body);
    return {
        method: parts.method.toUpperCase(),
        url: redactUrl(parts.url),
        headers: allowedHeaders('request', parts.headers),
        ...(parts.body.byteLength === 0 ? {} : text === undefined ? { b64: Buffer.from(parts.body).toString('base64') } : { body: text }),
        sha256: sha256(parts.body),
        ...(parts.reserialised === undefined ? {} : { reserialised: parts.reserialised }),
    };
}
/** A chunk as the cassette stores it: text when its bytes stand alone as UTF-8, base64 when not. */
export function recordChunk(t, bytes) {
    const text = exactText(bytes);
    const ms = Math.max(0, Math.round(t));
    return text === undefined ? { t: ms, b64: Buffer.from(bytes).toString('base64') } : { t: ms, text };
}
/** One interaction line, its response stamped with the sha256 of its body. */
export function formatInteraction(interaction) {
    const { response } = interaction;
    return `${JSON.stringify({ ...interaction, response: { ...response, sha256: sha256(responseBytes(response)) } })}\n`;
}
export function formatCassette(cassette) {
    return `${JSON.stringify(cassette.header)}\n${cassette.interactions.map(formatInteraction).join('')}`;
}
export function parseCassette(text, file) {
    const where = (line) => (file === undefined ? { line } : { file, line });
    const lines = text.split('\n');
    if (lines.at(-1) === '')
        lines.pop();
    if (lines.length === 0)
        throw new ReconError('CASSETTE_INVALID', 'the file is empty; line 1 must be the cassette header', { location: where(1) });
    // A last line without its newline that does not parse was cut short: say so, not just "not JSON".
    const cut = text.endsWith('\n') ? undefined : lines.length;
    const header = checkHeader(parseLine(lines[0], where(1), cut === 1), where(1));
    const interactions = lines.slice(1).map((line, index) => checkInteraction(parseLine(line, where(index + 2), cut === index + 2), where(index + 2), header.cassette));
    return { header, interactions };
}
function parseLine(line, location, last = false) {
    let value;
    try {
        value = JSON.parse(line);
    }
    catch (error) {
        if (last)
            throw new ReconError('CASSETTE_INVALID', `the cassette is truncated: its last line ends without a newline and is not complete JSON (${error.message})`, { location, hint: 'the file was cut short (a full disk, a killed copy); record or import it again' });
        throw new ReconError('CASSETTE_INVALID', `the line is not valid JSON (${error.message})`, { location });
    }
    if (!isObject(value))
        throw new ReconError('CASSETTE_INVALID', 'the line is not a JSON object', { location });
    return value;
}
function checkHeader(value, location) {
    if (typeof value['cassette'] === 'number' && !READABLE_FORMATS.includes(value['cassette'])) {
        throw new ReconError('CASSETTE_VERSION', `the cassette is format ${value['cassette']}; this reader reads formats ${READABLE_FORMATS.join(' and ')}`, {
            location,
            hint: value['cassette'] > CASSETTE_FORMAT ? 'upgrade reconstructable to read it' : 'import the original recording again',
        });
    }
    const bad = (what) => new ReconError('CASSETTE_INVALID', `the cassette header ${what}`, { location });
    if (!READABLE_FORMATS.includes(value['cassette']))
        throw bad(`lacks "cassette": ${CASSETTE_FORMAT}`);
    if (!['deepseek', 'openai', 'anthropic', 'unknown'].includes(value['provider']))
        throw bad('has no known "provider"');
    if (value['source'] !== 'recorded' && value['source'] !== 'imported')
        throw bad('has a "source" other than "recorded" or "imported"');
    return value;
}
function checkInteraction(value, location, format) {
    const bad = (what) => new ReconError('CASSETTE_INVALID', `the interaction ${what}`, { location });
    const { request, response } = value;
    if (request !== null) {
        if (!isObject(request) || typeof request['method'] !== 'string' || typeof request['url'] !== 'string')
            throw bad('has no request method and URL');
        checkHeaders('request', request['headers'], location);
        if (request['body'] !== undefined && typeof request['body'] !== 'string')
            throw bad('has a request body that is not a string');
        if (request['b64'] !== undefined && (typeof request['b64'] !== 'string' || request['body'] !== undefined))
            throw bad('has both "body" and "b64", or a "b64" that is not a string');
        const actual = sha256(requestBytes(request));
        if (request['sha256'] !== actual)
            throw bad(`request body has sha256 ${actual}, not the recorded ${String(request['sha256'])}: the body was edited`);
    }
    if (!isObject(response) || !Number.isInteger(response['status']) || !Array.isArray(response['chunks']))
        throw bad('has no response status and chunks');
    checkHeaders('response', response['headers'], location);
    let last = 0;
    for (const chunk of response['chunks']) {
        if (!isObject(chunk) || typeof chunk['t'] !== 'number' || chunk['t'] < last || (typeof chunk['text'] === 'string') === (typeof chunk['b64'] === 'string')) {
            throw bad('has a chunk that is not {t, text} or {t, b64} with t not decreasing');
        }
        last = chunk['t'];
    }
    // The digest is a property of the stored line: checked here, computed again when written.
    const { sha256: recorded, ...checked } = response;
    if (recorded === undefined && format >= 2)
        throw new ReconError('CASSETTE_DIGEST', 'the response has no "sha256": a format 2 cassette digests every response body', { location });
    if (recorded !== undefined) {
        const actual = sha256(responseBytes(response));
        if (recorded !== actual) {
            throw new ReconError('CASSETTE_DIGEST', `the response body has sha256 ${actual}, not the recorded ${String(recorded)}: a chunk was edited, added or removed`, {
                location,
                hint: 'a replay would not be the recorded answer; restore the cassette, or record or import it again',
            });
        }
    }
    return { ...value, response: checked };
}
function checkHeaders(side, headers, location) {
    if (!isObject(headers))
        throw new ReconError('CASSETTE_INVALID', `the ${side} headers are not an object`, { location });
    for (const [name, value] of Object.entries(headers)) {
        if (name !== name.toLowerCase() || typeof value !== 'string')
            throw new ReconError('CASSETTE_INVALID', `the ${side} header "${name}" is not a lower-case name with a string value`, { location });
        if (!isAllowedHeader(side, name)) {
            const credential = CREDENTIAL_HEADERS.includes(name);
            throw new ReconError('CASSETTE_HEADER', `the ${side} header "${name}" is ${credential ? 'a credential header' : 'not on the allow-list'}; cassettes never store it`, {
                location,
                hint: credential ? 'delete the header from the file and rotate the credential if it was real' : 'import or record the exchange again; the writer drops such headers',
            });
        }
    }
}
