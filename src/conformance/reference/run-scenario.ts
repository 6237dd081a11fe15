import { ReconError } from '../../errors.ts';
import { SessionLog, loadJsonl, newSessionHeader, saveJsonl, type LlmCallConfig, type SessionLogOptions } from '../../log/index.ts';
import type { GenerateRequest, WireRequest } from '../../wire/index.ts';
import { AgentLoop, ScriptedModel, ToolRegistry, counterIds, type AgentLoopOptions, type SentRequest } from '../../loop/index.ts';
import type { LoopRun } from '../../contract/implementation.ts';
import { FALLBACK_REPLY, scenarioToolOutput, type RouteConfig, type Scenario } from '../../contract/scenario.ts';

export interface ScenarioRunOptions {
  /** Builds the loop: mutants swap in their own. */
  readonly createLoop?: (options: AgentLoopOptions) => AgentLoop;
  /** The wire format the scripted route writes (DeepSeek's by default). */
  readonly serialize?: (request: GenerateRequest) => WireRequest;
  readonly logOptions?: SessionLogOptions;
}

/** Plays a scenario into the reference loop (see scenario.ts for the contract). */
export async function runScenario(scenario: Scenario, options: ScenarioRunOptions = {}): Promise<LoopRun> {
  let now = scenario.clock.start;
  const clock = () => {
    const t = now;
    now += scenario.clock.step;
    return t;
  };
  const logOptions = { ...options.logOptions, clock };
  let log = SessionLog.create(newSessionHeader(scenario.session.id, scenario.session.createdAt), logOptions);
  const tools = new ToolRegistry();
  const register = (spec: Scenario['tools'][number]) => tools.register({ spec, run: (args) => ({ content: [{ type: 'text', text: scenarioToolOutput(spec.name, args) }] }) });
  scenario.tools.forEach(register);
  const model = new ScriptedModel({
    provider: scenario.route.provider,
    defaults: scenario.defaults,
    replies: (index) => scenario.replies[index] ?? FALLBACK_REPLY,
    ...(options.serialize === undefined ? {} : { serialize: options.serialize }),
  });

  let route: RouteConfig = scenario.route;
  let system = scenario.system;
  let override: Partial<LlmCallConfig> | null = null;
  let injection: { readonly text: string; readonly duringRequest: number } | undefined;
  let turnRequests = 0;
  const sent: SentRequest[] = [];
  const ids = counterIds('m');
  const create = options.createLoop ?? ((o: AgentLoopOptions) => new AgentLoop(o));
  const newLoop = () =>
    create({
      log,
      model,
      config: route,
      system: () => system,
      tools,
      ids,
      requestHook: (_at, proposed) => (override === null ? undefined : ({ ...proposed, ...override } as LlmCallConfig)),
      onDispatch: () => {
        if (++turnRequests === injection?.duringRequest) loop.inject(injection.text);
      },
    });
  let loop = newLoop();

  for (const action of scenario.actions) {
    switch (action.do) {
      case 'prompt':
        injection = action.inject;
        turnRequests = 0;
        loop.followup(action.text);
        await loop.runUntilIdle();
        break;
      case 'setSystem':
        system = action.text;
        break;
      case 'registerTool':
        register(action.tool);
        break;
      case 'override':
        override = action.config === null ? null : (action.config as Partial<LlmCallConfig>);
        break;
      case 'compact':
        await loop.compact(action.keep === undefined ? {} : { keep: action.keep });
        break;
      case 'trim': {
        const callId = nthToolCall(log, action.call);
        if (callId !== undefined) trimIfCurrent(loop, callId, action.text);
        break;
      }
      case 'restart':
        sent.push(...loop.sent);
        log = loadJsonl(saveJsonl(log), logOptions).log;
        if (action.route !== undefined) route = action.route;
        if (action.system !== undefined) system = action.system;
        loop = newLoop();
        break;
    }
  }
  sent.push(...loop.sent);
  return { requests: sent.map((s) => s.request), wire: sent.map((s) => s.wire), jsonl: saveJsonl(log) };
}

function nthToolCall(log: SessionLog, n: number): string | undefined {
  const calls = log.events.filter((e) => e.type === 'tool/call');
  return (calls[n - 1]?.data as { callId?: string } | undefined)?.callId;
}

/** A call with no current result (compacted away, or never answered) has nothing to trim: the loop refuses it with USAGE. */
function trimIfCurrent(loop: AgentLoop, callId: string, text: string): void {
  try {
    loop.trimToolResult(callId, [{ type: 'text', text }]);
  } catch (error) {
    if (!ReconError.is(error) || error.code !== 'USAGE') throw error;
  }
}
