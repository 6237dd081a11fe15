import { CASSETTE_FORMAT, HttpModel, SIMULATOR_HEADER, accountCache, openCassetteWriter, recordingFetch, } from "../http/index.js";
import { SessionLog, newSessionHeader } from "../log/index.js";
import { AgentLoop, ToolRegistry, counterIds } from "../loop/index.js";
import { E2E_PROMPTS, E2E_TOOLS, e2eSystem } from "./conversation.js";
export async function runE2e(options) {
    const now = options.now ?? Date.now;
    const header = { cassette: CASSETTE_FORMAT, provider: options.provider, source: 'recorded' };
    const interactions = [];
    const file = await openCassetteWriter(options.cassette, header);
    let simulated = false;
    const network = async (input, init) => {
        const response = await options.fetch(input, init);
        simulated ||= response.headers.has(SIMULATOR_HEADER);
        return response;
    };
    const recording = recordingFetch(network, { append: (interaction) => (interactions.push(interaction), file.append(interaction)) });
    const model = new HttpModel({
        provider: options.provider,
        fetch: recording,
        ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
        ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    });
    const log = SessionLog.create(newSessionHeader(options.sessionId, now()), { clock: now });
    const loop = (options.createLoop ?? ((o) => new AgentLoop(o)))({
        log,
        model,
        config: { provider: options.provider, model: options.model },
        system: e2eSystem(options.sessionId),
        tools: new ToolRegistry(E2E_TOOLS),
        ids: counterIds('m'),
        checkReconstruction: options.checkReconstruction ?? true,
    });
    for (const prompt of E2E_PROMPTS) {
        loop.followup(prompt);
        await loop.runUntilIdle();
    }
    await recording.settled();
    const problems = [];
    for (const event of log.events) {
        const { turn, reason } = event.data;
        if (event.type === 'turn/end' && reason?.kind !== 'completed')
            problems.push({ code: 'E2E_TURN_FAILED', message: `turn ${turn} ended with ${reason?.kind}${reason?.error?.message === undefined ? '' : `: ${reason.error.message}`}` });
    }
    const account = await accountCache({ header, interactions });
    for (const [i, request] of account.requests.entries()) {
        if (i > 0 && !(request.cacheRead > 0))
            problems.push({ code: 'E2E_NO_CACHE_READ', message: `request ${i + 1} of ${account.requests.length} read ${request.cacheRead ?? 'no reported'} cached tokens` });
    }
    if (account.requests.length < 2)
        problems.push({ code: 'E2E_NO_CACHE_READ', message: `the conversation made ${account.requests.length} model call(s); the cache check needs at least two` });
    return { account, problems, simulated };
}
