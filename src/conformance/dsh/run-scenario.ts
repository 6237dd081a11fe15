/**
 * A scenario played into DSH's real agent loop (`dsh-agent-loop`), composed as DSH's own
 * tests compose it: LlmRuntime, SessionStore, SystemPrompt, ToolRuntime, AgentRegistry,
 * AgentLoop, plus TokenMeter and dsh-compaction-basic for `compact`. The model route is
 * DSH's DeepSeek adapter on the scripted transport, so each request is serialized by DSH
 * (the wire bytes are captured) and each scripted reply is streamed back as DeepSeek SSE
 * and translated by DSH. A version without that adapter gets a stand-in (loop-model.ts).
 *
 * Mapping of scenario actions (see scenario.ts):
 *   prompt     `agent.followup`, then `whenIdle`; an injection is `agent.inject` from an
 *              `llm/stream` listener when the turn's n-th request is dispatched
 *   setSystem  the system prompt is one SystemPrompt section (harness identity off)
 *   registerTool  `ctx.tools.register` (DSH orders tools by name)
 *   override   an `agent/request` waterfall listener merging the fields into the proposal
 *   restart    dispose the agent, write the log with DSH's storage form, read it back
 *              through DSH's load path and create a new agent seeded with it
 *   compact    `ctx.compaction.compactNow` of dsh-compaction-basic (automatic compaction
 *              off). Its summary is a one-shot through `llm/stream`, answered by the next
 *              scripted reply. It keeps the newest balanced surface unit: `keep` is not mapped.
 *              Skipped for a version that does not publish dsh-compaction-basic (before rc.8)
 *   trim       NOT MAPPED, skipped: DSH prunes tool results only in a plugin
 *              (dsh-compaction-tool-result-pruner) driven by token pressure, with no call
 *              that rewrites the n-th tool result
 *   route.reasoningEffort on restart: NOT MAPPED (AgentOptions has no effort)
 *
 * Optional features (DSH_SCENARIO_FEATURES, declared in the handshake):
 *   headerChangeMidTurn  applied from the same `llm/stream` listener as an injection
 *   liveModel        DSH's DeepSeek adapter pointed at `model.baseUrl` (and `model.apiKey`), on
 *              the real fetch; the requests are noted on their way out (only from rc.8)
 *   retries, restartMidTurn, toolOutputs, wholeReplies: declined. The composition loads no
 *              retry plugin; a crash would have to stop DSH between two chunks of one
 *              transport body; DSH's tool `execute` is not told which call it answers;
 *              the DeepSeek route always streams.
 */
import type { AgentHandle } from '@deepseek-ai/dsh-agent';
import type { CompactionEngine, ManualCompactAgentContext } from '@deepseek-ai/dsh-compaction';
import type { GenerateOptions } from '@deepseek-ai/dsh-llm';
import type { SessionEvent as DshEvent } from '@deepseek-ai/dsh-session';
// Their augmentations of cordis' Context: ctx.systemPrompt, ctx.tools.
import type {} from '@deepseek-ai/dsh-system-prompt';
import type {} from '@deepseek-ai/dsh-tools';
import type { NeutralRequest } from '../../fold/index.ts';
import type { WireRequest } from '../../wire/index.ts';
import type { LoopRun } from '../../contract/implementation.ts';
import { FALLBACK_REPLY, scenarioToolOutput, type HeaderChange, type RouteConfig, type Scenario, type ScenarioFeature } from '../../contract/scenario.ts';
import { ours } from './boundary.ts';
import { withObservedFetch, withScriptedFetch } from './deepseek-wire.ts';
import { loopModelAdapter } from './loop-model.ts';
import { loadWithDsh } from './load-path.ts';
import { usePlugin, type DshLoopPackages, type DshPackages } from './packages.ts';
import { scriptedSse } from '../../http/index.ts';
import { writeStoredLog } from './storage.ts';

/** The optional scenario features this adapter plays (see the mapping above). */
export const DSH_SCENARIO_FEATURES: readonly ScenarioFeature[] = ['headerChangeMidTurn'];

/** liveModel too where DSH publishes its DeepSeek adapter (the stand-in of older versions talks to no URL of ours). */
export function dshScenarioFeatures(dsh: DshPackages): readonly ScenarioFeature[] {
  return dsh.deepseek === undefined ? DSH_SCENARIO_FEATURES : [...DSH_SCENARIO_FEATURES, 'liveModel'];
}

export async function runDshScenario(dsh: DshLoopPackages, scenario: Scenario): Promise<LoopRun> {
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
  if (dsh.compactionBasic !== undefined) unload.push(await usePlugin(ctx, dsh.compactionBasic.default, { auto: false }));
  const providers = new Set([scenario.route.provider, ...scenario.actions.flatMap((a) => (a.do === 'restart' && a.route !== undefined ? [a.route.provider] : []))]);
  ctx.llm.registerAdapter([...providers], loopModelAdapter(dsh, scenario.defaults, scenario.model));

  let dropSystem: (() => void) | undefined;
  const setSystem = (text: string) => {
    dropSystem?.();
    dropSystem = text === '' ? undefined : ctx.systemPrompt.section({ name: 'recon:scenario-system', order: 0, text });
  };
  setSystem(scenario.system);
  // A name registered again replaces the earlier tool, as in the reference (DSH refuses duplicates).
  const registered = new Map<string, () => void>();
  /** The arguments each served tool call streamed, by call id. */
  const sentArguments = new Map<string, string>();
  const registerTool = (tool: Scenario['tools'][number]) => {
    registered.get(tool.name)?.();
    const drop = ctx.tools.register({
      ...tool,
      output: { schema: { type: 'string' }, render: (_args: unknown, value: unknown) => [{ type: 'text', text: String(value) }] },
      // DSH hands a tool its arguments parsed; the scenario's output quotes them as the model sent them.
      execute: async (args: unknown, exec: { callId: string }) => scenarioToolOutput(tool.name, sentArguments.get(exec.callId) ?? JSON.stringify(args)),
    });
    registered.set(tool.name, drop);
  };
  scenario.tools.forEach(registerTool);

  let override: object | null = null;
  const change = (action: HeaderChange) => {
    if (action.do === 'setSystem') setSystem(action.text);
    else if (action.do === 'registerTool') registerTool(action.tool);
    else override = action.config;
  };
  ctx.on('agent/request', async (_payload, next) => {
    const proposed = await next();
    return override === null ? proposed : { ...proposed, ...override };
  });

  const requests: NeutralRequest[] = [];
  const wire: WireRequest[] = [];
  let handle: AgentHandle | undefined;
  let prompt: Extract<Scenario['actions'][number], { do: 'prompt' }> | undefined;
  let turnRequests = 0;
  const dispatched: boolean[] = []; // per request on its way to the transport: a loop request, or a one-shot
  ctx.on('llm/stream', (options, next) => {
    const loopRequest = dsh.llm.isAgentLoopRequest(options);
    dispatched.push(loopRequest);
    if (loopRequest) {
      requests.push(neutralRequest(options));
      const n = ++turnRequests;
      if (n === prompt?.inject?.duringRequest) handle?.agent.inject(userMessage(dsh, prompt.inject.text));
      if (n === prompt?.change?.duringRequest) change(prompt.change.action);
    }
    return next();
  });

  let served = 0;
  let calls = 0;
  const respond = (request: WireRequest) => {
    if (dispatched.shift() === true) wire.push(request);
    const reply = scenario.replies[served++] ?? FALLBACK_REPLY;
    const toolCalls = reply.toolCalls?.map((call) => ({ ...call, id: call.id ?? `call-${++calls}` }));
    for (const call of toolCalls ?? []) sentArguments.set(call.id, call.arguments);
    return { body: Buffer.from(scriptedSse(toolCalls === undefined ? reply : { ...reply, toolCalls }, () => `call-${++calls}`)) };
  };

  const start = async (route: RouteConfig, seed?: readonly DshEvent[]) => {
    const agentOptions = { provider: route.provider, model: route.model, ...(route.maxTokens === undefined ? {} : { maxTokens: route.maxTokens }) };
    return ctx.agents.create({ sessionId: dsh.session.SessionId(scenario.session.id), agentOptions, ...(seed === undefined ? {} : { seed }) });
  };

  try {
    // Feature liveModel: DSH's adapter sends every request over HTTP to the scenario's base URL, and the answer comes from there.
    const transport = scenario.model === undefined ? <T>(body: () => Promise<T>) => withScriptedFetch(respond, body) : <T>(body: () => Promise<T>) => withObservedFetch((request) => void (dispatched.shift() === true && wire.push(request)), body);
    return await transport(async () => {
      let route = scenario.route;
      handle = await start(route);
      for (const action of scenario.actions) {
        switch (action.do) {
          case 'prompt':
            prompt = action;
            turnRequests = 0;
            handle.agent.followup(userMessage(dsh, action.text));
            await handle.agent.whenIdle();
            prompt = undefined;
            break;
          case 'setSystem':
          case 'registerTool':
          case 'override':
            change(action);
            break;
          case 'restart': {
            const { session } = handle.agent;
            const text = writeStoredLog(dsh, session.header, session.events);
            await handle.dispose();
            const loaded = await loadWithDsh(dsh, text);
            if (action.system !== undefined) setSystem(action.system);
            // A restart without a route keeps the one in force, as the reference does: no drift.
            route = action.route ?? route;
            handle = await start(route, [...loaded.events, ...loaded.closers]);
            break;
          }
          case 'compact':
            if (dsh.compactionBasic !== undefined) await compact(ctx.compaction, handle.agent);
            break;
          case 'trim':
            break;
        }
      }
      const { session } = handle.agent;
      return { requests, wire, jsonl: writeStoredLog(dsh, session.header, session.events) };
    });
  } finally {
    await handle?.dispose();
    for (const drop of unload.reverse()) await drop();
  }
}

/** `compactNow` keeps the newest balanced surface unit (it cannot keep exactly `keep` nodes); a refused attempt is in the log. */
async function compact(compaction: CompactionEngine, agent: ManualCompactAgentContext): Promise<void> {
  try {
    await compaction.compactNow(agent, new AbortController().signal);
  } catch (error) {
    if ((error as Error).name !== 'ManualCompactionError') throw error;
  }
}

function userMessage(dsh: DshPackages, text: string) {
  return dsh.llm.createUserMessage({ content: [{ type: 'text', text }], source: { kind: 'user' } });
}

/**
 * The request as DSH dispatched it, minus the live `signal` (not part of what a log can
 * hold). Key order and the shared frozen parts stay; the shell is frozen iff DSH's was.
 */
function neutralRequest(options: GenerateOptions): NeutralRequest {
  const { signal: _signal, ...rest } = options;
  return ours(Object.isFrozen(options) ? Object.freeze(rest) : rest);
}
