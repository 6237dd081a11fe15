import { FALLBACK_REPLY, scenarioToolOutput } from "../scenario.js";
import { withScriptedFetch } from "./deepseek-wire.js";
import { loopModelAdapter } from "./loop-model.js";
import { loadWithDsh } from "./load-path.js";
import { usePlugin } from "./packages.js";
import { sseBody } from "./scripted-stream.js";
import { writeStoredLog } from "./storage.js";
export async function runDshScenario(dsh, scenario) {
    const ctx = new dsh.cordis.Context();
    const unload = [
        await usePlugin(ctx, dsh.llm.default),
        await usePlugin(ctx, dsh.session.default),
        await usePlugin(ctx, dsh.systemPrompt.default, { includeHarnessIdentity: false }),
        await usePlugin(ctx, dsh.tools.default),
        await usePlugin(ctx, dsh.agent.default),
        await usePlugin(ctx, dsh.agentLoop.default, { agents: [] }),
        await usePlugin(ctx, dsh.tokenMeter.default),
    ];
    // Manual only: a scenario says when to compact; no pressure-driven compaction on top. Published from rc.8 on.
    if (dsh.compactionBasic !== undefined)
        unload.push(await usePlugin(ctx, dsh.compactionBasic.default, { auto: false }));
    const services = ctx;
    const on = (name, listener) => ctx.on.call(ctx, name, listener);
    const providers = new Set([scenario.route.provider, ...scenario.actions.flatMap((a) => (a.do === 'restart' && a.route !== undefined ? [a.route.provider] : []))]);
    services.llm.registerAdapter([...providers], loopModelAdapter(dsh, scenario.defaults));
    let dropSystem;
    const setSystem = (text) => {
        dropSystem?.();
        dropSystem = text === '' ? undefined : services.systemPrompt.section({ name: 'recon:scenario-system', order: 0, text });
    };
    setSystem(scenario.system);
    // A name registered again replaces the earlier tool, as in the reference (DSH refuses duplicates).
    const registered = new Map();
    const registerTool = (tool) => {
        registered.get(tool.name)?.();
        const drop = services.tools.register({
            ...tool,
            output: { schema: { type: 'string' }, render: (_args, value) => [{ type: 'text', text: String(value) }] },
            execute: async (args) => scenarioToolOutput(tool.name, JSON.stringify(args)),
        });
        registered.set(tool.name, drop);
    };
    scenario.tools.forEach(registerTool);
    let override = null;
    on('agent/request', (async (_payload, next) => {
        const proposed = await next();
        return override === null ? proposed : { ...proposed, ...override };
    }));
    const requests = [];
    const wire = [];
    let handle;
    let injection;
    let turnRequests = 0;
    const dispatched = []; // per request on its way to the transport: a loop request, or a one-shot
    on('llm/stream', ((options, next) => {
        const loopRequest = dsh.llm.isAgentLoopRequest(options);
        dispatched.push(loopRequest);
        if (loopRequest) {
            requests.push(neutralRequest(options));
            if (++turnRequests === injection?.duringRequest)
                handle?.agent.inject(userMessage(dsh, injection.text));
        }
        return next();
    }));
    let served = 0;
    let calls = 0;
    const respond = (request) => {
        if (dispatched.shift() === true)
            wire.push(request);
        const reply = scenario.replies[served++] ?? FALLBACK_REPLY;
        return { body: Buffer.from(sseBody(reply, () => `call-${++calls}`)) };
    };
    const start = async (route, seed) => {
        const agentOptions = { provider: route.provider, model: route.model, ...(route.maxTokens === undefined ? {} : { maxTokens: route.maxTokens }) };
        return services.agents.create({ sessionId: dsh.session.SessionId(scenario.session.id), agentOptions, ...(seed === undefined ? {} : { seed }) });
    };
    try {
        return await withScriptedFetch(respond, async () => {
            let route = scenario.route;
            handle = await start(route);
            for (const action of scenario.actions) {
                switch (action.do) {
                    case 'prompt':
                        injection = action.inject;
                        turnRequests = 0;
                        handle.agent.followup(userMessage(dsh, action.text));
                        await handle.agent.whenIdle();
                        break;
                    case 'setSystem':
                        setSystem(action.text);
                        break;
                    case 'registerTool':
                        registerTool(action.tool);
                        break;
                    case 'override':
                        override = action.config;
                        break;
                    case 'restart': {
                        const { session } = handle.agent;
                        const text = writeStoredLog(dsh, session.header, session.events);
                        await handle.dispose();
                        const loaded = await loadWithDsh(dsh, text);
                        if (action.system !== undefined)
                            setSystem(action.system);
                        // A restart without a route keeps the one in force, as the reference does: no drift.
                        route = action.route ?? route;
                        handle = await start(route, [...loaded.events, ...loaded.closers]);
                        break;
                    }
                    case 'compact':
                        if (dsh.compactionBasic !== undefined)
                            await compact(services.compaction, handle.agent);
                        break;
                    case 'trim':
                        break;
                }
            }
            const { session } = handle.agent;
            return { requests, wire, jsonl: writeStoredLog(dsh, session.header, session.events) };
        });
    }
    finally {
        await handle?.dispose();
        for (const drop of unload.reverse())
            await drop();
    }
}
/** `compactNow` keeps the newest balanced surface unit (it cannot keep exactly `keep` nodes); a refused attempt is in the log. */
async function compact(compaction, agent) {
    try {
        await compaction.compactNow(agent, new AbortController().signal);
    }
    catch (error) {
        if (error.name !== 'ManualCompactionError')
            throw error;
    }
}
function userMessage(dsh, text) {
    return dsh.llm.createUserMessage({ content: [{ type: 'text', text }], source: { kind: 'user' } });
}
/**
 * The request as DSH dispatched it, minus the live `signal` (not part of what a log can
 * hold). Key order and the shared frozen parts stay; the shell is frozen iff DSH's was.
 */
function neutralRequest(options) {
    const { signal: _signal, ...rest } = options;
    return (Object.isFrozen(options) ? Object.freeze(rest) : rest);
}
