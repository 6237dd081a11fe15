export function newSession(dsh, meta) {
    return dsh.session.Session.create(meta.id, undefined, meta);
}
/** `session.append` with `Date.now()` pinned to `time`; throws what DSH throws. */
export function appendAt(session, event) {
    const intent = {
        ...(event.surfaceOp === undefined ? {} : { surfaceOp: event.surfaceOp }),
        ...(event.sourceEventSeqs === undefined ? {} : { sourceEventSeqs: event.sourceEventSeqs }),
    };
    const append = session.append;
    const realNow = Date.now;
    Date.now = () => event.time;
    try {
        // Non-surface types take no intent argument; pass one only when there is something in it.
        return Object.keys(intent).length === 0 ? append.call(session, event.type, event.data) : append.call(session, event.type, event.data, intent);
    }
    finally {
        Date.now = realNow;
    }
}
/** Grows `session` to `length` events of `events`. */
export function growTo(session, events, length) {
    while (session.events.length < Math.min(length, events.length))
        appendAt(session, events[session.events.length]);
}
