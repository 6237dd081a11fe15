import { asRefusal, outcome } from "../implementation.js";
import { deepSeekAdapter, streamChunks, withScriptedFetch } from "./deepseek-wire.js";
import { appendAt, growTo, newSession } from "./live-session.js";
import { loadWithDsh } from "./load-path.js";
import { hasLoop, loadDshPackages } from "./packages.js";
import { refusalOf } from "./refusal-codes.js";
import { runDshScenario } from "./run-scenario.js";
import { headerLine, writeStoredLog } from "./storage.js";
/** Runs `body`; an Error DSH throws becomes a refusal with its mapped code. */
const answer = (body) => outcome(body, refusalOf);
const usage = (provider) => ({ ok: false, code: 'USAGE', message: `DSH's adapter speaks the deepseek wire format, not "${provider}"` });
export async function dshImplementation(spec, cwd) {
    return dshImplementationOf(await loadDshPackages(spec, cwd));
}
/** The adapter over packages already loaded (one version's, or a subset of them). */
export function dshImplementationOf(dsh) {
    const info = { name: 'deepseek-harness', version: dsh.version, language: 'typescript', levels: dsh.levels, ...(dsh.deepseek === undefined ? {} : { providers: ['deepseek'] }), inProcess: true };
    const load = (jsonl) => loadWithDsh(dsh, jsonl);
    const has = (level) => dsh.levels.includes(level);
    /** Reads `read` at each prefix of one live session, grown (never rebuilt) through the log. */
    const alongPrefixes = async (jsonl, prefixes, read) => {
        const loaded = await load(jsonl);
        let session = newSession(dsh, loaded.meta);
        return prefixes.map((k) => {
            if (k < session.events.length)
                session = newSession(dsh, loaded.meta);
            growTo(session, loaded.events, k);
            return read(session);
        });
    };
    const log = {
        load: (jsonl) => answer(async () => asOurs(await load(jsonl))),
        append: (jsonl, inputs) => answer(async () => {
            const loaded = await load(jsonl);
            const session = newSession(dsh, loaded.meta);
            growTo(session, loaded.events, loaded.events.length);
            const outcomes = inputs.map((input) => {
                try {
                    return { ok: true, seq: appendAt(session, input).seq };
                }
                catch (error) {
                    return asRefusal(error, refusalOf);
                }
            });
            return { jsonl: writeStoredLog(dsh, session.header, session.events), outcomes };
        }),
    };
    const wire = (adapter) => ({
        serialize: async (request, provider) => (provider === 'deepseek' ? answer(() => serialize(adapter, request)) : usage(provider)),
        parseStream: async (provider, body, cuts) => (provider === 'deepseek' ? answer(() => parseStream(adapter, body, cuts)) : usage(provider)),
    });
    return {
        info,
        ...(has('log') ? log : {}),
        deriveMessages: (jsonl, prefixes) => answer(() => alongPrefixes(jsonl, prefixes, (s) => s.deriveMessages())),
        foldRequestHeader: (jsonl, prefixes) => answer(() => alongPrefixes(jsonl, prefixes, (s) => (s.requestHeader() ?? null))),
        buildRequest: (jsonl, boundaries) => answer(() => alongPrefixes(jsonl, boundaries, (s) => requestAt(dsh, s))),
        ...(has('wire') ? wire(deepSeekAdapter(dsh)) : {}),
        ...(hasLoop(dsh) ? { run: (scenario) => answer(() => runDshScenario(dsh, scenario)) } : {}),
    };
}
/** The request the loop would build from this fold (dsh-agent-loop buildRequest, spec §4.4 item 7). */
function requestAt(dsh, session) {
    const header = session.requestHeader();
    if (header === undefined)
        return null;
    const request = {
        ...header.config,
        messages: session.deriveMessages(),
        ...(header.system === undefined ? {} : { system: header.system }),
        ...(header.tools === undefined ? {} : { tools: header.tools }),
        sessionId: session.id,
    };
    return dsh.llm.deepFreeze(request);
}
/** The HTTP request DSH's adapter sends for `request`; the transport records it and refuses to answer. */
async function serialize(adapter, request) {
    let sent;
    try {
        await withScriptedFetch((wire) => {
            sent = wire;
            return undefined;
        }, () => streamChunks(adapter, request));
    }
    catch (error) {
        if (sent === undefined)
            throw error; // refused before it reached the wire (effort, content)
    }
    if (sent === undefined)
        throw new Error('the DeepSeek adapter sent nothing');
    return sent;
}
/** The chunks DSH's adapter yields for a response body arriving in the given pieces. */
async function parseStream(adapter, body, cuts) {
    const chunks = await withScriptedFetch(() => ({ body: Buffer.from(body), cuts }), () => streamChunks(adapter, { provider: 'deepseek', model: 'deepseek-chat', messages: [] }));
    return chunks;
}
function asOurs(loaded) {
    return { header: headerLine(loaded.meta), events: loaded.events };
}
