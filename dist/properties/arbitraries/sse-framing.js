/**
 * How a server lays out server-sent events: every variation the SSE format allows and
 * providers or proxies send — LF or CRLF line ends, `data:` with or without its space, a
 * payload spread over several `data:` lines, `event:` and `id:` fields, keep-alive
 * comments between events, and a last event with or without its closing blank line.
 * The payloads are the same whatever the framing, so a parser must give the same content.
 */
import fc from 'fast-check';
/** `eventField` says whether `event:` lines are written; streams whose events must be named force it. */
export function framing(eventField) {
    return fc.record({
        lineEnd: fc.constantFrom('\n', '\r\n'),
        end: fc.constantFrom('blank', 'blank', 'line', 'none'),
        multiLine: fc.boolean(),
        compact: fc.boolean(),
        eventField,
        idField: fc.boolean(),
        comments: fc.boolean(),
    });
}
export function frame(messages, f) {
    const field = (name, value) => `${name}:${f.compact ? '' : ' '}${value}${f.lineEnd}`;
    const events = messages.map((m, i) => {
        let out = '';
        if (f.comments && i % 3 === 1)
            out += `: keep-alive${f.lineEnd}${f.lineEnd}`;
        if (f.eventField && m.event !== undefined)
            out += field('event', m.event);
        if (f.idField)
            out += field('id', String(i));
        if (f.comments && i === 2)
            out += `: inside an event${f.lineEnd}`;
        const text = m.literal === true ? String(m.data) : JSON.stringify(m.data, null, f.multiLine ? 1 : undefined);
        for (const line of text.split('\n'))
            out += field('data', line);
        return out;
    });
    const body = events.join(f.lineEnd);
    if (f.end === 'blank')
        return body + f.lineEnd;
    if (f.end === 'line')
        return body;
    return body.slice(0, -f.lineEnd.length);
}
export function framingLabels(f) {
    return {
        CRLF: f.lineEnd === '\r\n',
        'no final blank line': f.end !== 'blank',
        'multi-line data': f.multiLine,
        'data: without space': f.compact,
        'event field': f.eventField,
        comments: f.comments,
    };
}
/** `text` cut into 1–4 pieces between code points, as a model streams it. */
export function pieces(text) {
    const points = Array.from(text);
    if (points.length < 2)
        return fc.constant([text]);
    return fc.uniqueArray(fc.integer({ min: 1, max: points.length - 1 }), { maxLength: 3 }).map((cuts) => {
        const at = [0, ...cuts.sort((a, b) => a - b), points.length];
        return at.slice(1).map((end, i) => points.slice(at[i], end).join(''));
    });
}
/** Byte offsets to cut a body at, some of them inside a UTF-8 sequence, as a network delivers it. */
export function cutsOf(body) {
    const bytes = Buffer.from(body);
    const inside = [...bytes.keys()].filter((i) => (bytes[i] & 0xc0) === 0x80);
    const anywhere = fc.uniqueArray(fc.integer({ min: 1, max: Math.max(1, bytes.length - 1) }), { maxLength: 20 });
    return fc.tuple(anywhere, fc.subarray(inside, { maxLength: Math.min(4, inside.length) })).map(([a, b]) => [...new Set([...a, ...b])].sort((x, y) => x - y));
}
export function cutInsideCharacter(body, cuts) {
    const bytes = Buffer.from(body);
    return cuts.some((c) => (bytes[c] & 0xc0) === 0x80);
}
