/** Splits, version-checks and decodes a log; a torn last line is cut, damage before a later turn/end throws. */
export function readStoredLog(dsh, text) {
    const headerEnd = text.indexOf('\n');
    if (headerEnd === -1)
        throw new Error('empty or header-less session log');
    const meta = parseHeaderLine(dsh, text.slice(0, headerEnd));
    const lines = text.slice(headerEnd + 1).split('\n');
    lines.pop(); // after the last newline: empty, or a torn fragment that was never committed
    const events = [];
    let damage;
    for (const [i, line] of lines.entries()) {
        let decoded;
        try {
            decoded = dsh.session.decodeStorageRecord(JSON.parse(line));
        }
        catch {
            damage ??= new Error(`corrupt session log: unparsable committed event at line ${i + 1}`);
            continue;
        }
        const commits = decoded.some((event) => event.type === 'turn/end');
        if (damage !== undefined) {
            if (commits)
                throw damage;
            continue;
        }
        const gap = decoded.findIndex((event, k) => event.seq !== events.length + k);
        if (gap !== -1) {
            damage = new Error(`corrupt session log: seq gap in committed region at line ${i + 1} (expected ${events.length + gap}, got ${decoded[gap].seq})`);
            if (commits)
                throw damage;
            continue;
        }
        events.push(...decoded);
    }
    return { meta, events };
}
function parseHeaderLine(dsh, line) {
    let parsed;
    try {
        parsed = JSON.parse(line);
    }
    catch {
        throw new Error('corrupt session log: header line is not valid JSON');
    }
    const record = (typeof parsed === 'object' && parsed !== null ? parsed : {});
    // The version is read before the shape: a newer header need not look like today's.
    if (typeof record['version'] === 'number' && record['version'] !== dsh.session.SESSION_FORMAT_VERSION) {
        const id = String(record['id']);
        // The refusal is worded by the persistence package; a version without one gets the same words.
        if (dsh.persistence === undefined)
            throw new Error(`session "${id}" uses log format v${record['version']}, this build reads only v${dsh.session.SESSION_FORMAT_VERSION}`);
        throw new dsh.persistence.SessionFormatUnsupportedError(dsh.persistence.sessionFormatVersionRefusal(id, record['version']));
    }
    if (!isHeaderLine(record))
        throw new Error('corrupt session log: first line is not a session header');
    if (Object.hasOwn(record, 'sandboxMode') || Object.hasOwn(record, 'approvalPolicy'))
        throw new Error('session header uses retired policy baseline fields');
    // Only the known fields are kept, in this order; anything else on the line is dropped.
    const { type: _tag, ...meta } = headerLine(record);
    return meta;
}
const nonNegative = (value) => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && !Object.is(value, -0);
function isHeaderLine(r) {
    return (r['type'] === 'session' &&
        typeof r['version'] === 'number' &&
        typeof r['id'] === 'string' &&
        nonNegative(r['createdAt']) &&
        nonNegative(r['delegationDepth']) &&
        (r['origin'] === undefined || r['origin'] === 'subagent') &&
        (r['agentPreset'] === undefined || typeof r['agentPreset'] === 'string'));
}
/** The header line as DSH writes it: tagged, optional fields omitted, `delegationDepth` always present. */
export function headerLine(meta) {
    const optional = (key) => (meta[key] === undefined ? {} : { [key]: meta[key] });
    return {
        type: 'session',
        version: meta.version,
        id: meta.id,
        createdAt: meta.createdAt,
        ...optional('cwd'),
        ...optional('parentSession'),
        ...optional('seedLength'),
        ...optional('origin'),
        delegationDepth: meta.delegationDepth ?? 0,
        ...optional('agentPreset'),
    };
}
export function writeStoredLog(dsh, meta, events) {
    let out = `${JSON.stringify(headerLine(meta))}\n`;
    for (const record of dsh.session.packChunkRuns(events))
        out += `${JSON.stringify(record)}\n`;
    return out;
}
