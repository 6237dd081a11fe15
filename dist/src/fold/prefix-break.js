export function prefixBreak(previous, next) {
    // A provider's cache is per model: another route reads nothing.
    if (previous.provider !== next.provider || previous.model !== next.model)
        return 'model';
    if (previous.system !== next.system)
        return 'system';
    if (previous.tools !== next.tools && JSON.stringify(previous.tools ?? []) !== JSON.stringify(next.tools ?? []))
        return 'tools';
    if (previous.messages.length > next.messages.length)
        return 'messages';
    for (let i = 0; i < previous.messages.length; i++) {
        const a = previous.messages[i];
        const b = next.messages[i];
        if (a !== b && JSON.stringify(a) !== JSON.stringify(b))
            return 'messages';
    }
    return undefined;
}
/**
 * The first logged event in `events[from, to)` that explains a break of `part`: a
 * `request/header` snapshot for the route, system or tools; a surface replace for the
 * messages; either one when the part is not known (a drop in cache reads).
 */
export function explainingEvent(events, from, to, part) {
    for (let seq = from; seq < to; seq++) {
        const event = events[seq];
        if (event.type === 'request/header' && part !== 'messages')
            return { event, cause: event.data.reason };
        if (typeof event.surfaceOp === 'object' && (part === 'messages' || part === 'any'))
            return { event, cause: 'replace' };
    }
    return undefined;
}
