// @ts-nocheck
import { Agent } from 'undici';
import { ReconError } from '../../errors.ts';
import { HttpModel, dispatcherFetch, type FetchLike } from '../../http/index.ts';
import { SessionLog, fork, isEvent, loadJsonl, newSessionHeader, saveJsonl, type ForkOptions, type LlmCallConfig, type Message, type SessionLogOptions } from '../../log/index.ts';
import type { GenerateRequest, WireRequest } from '../../wire/index.ts';
import { AgentLoop, ScriptedModel, ToolRegistry, counterIds, textMessage, type AgentLoopOptions, type ModelAdapter, type ScriptedReply, type SentRequest } from '../../loop/index.ts';
import type { ForkedParent, LoopRun } from '../../contract/implementation.ts';
import { FALLBACK_REPLY, scenarioToolOutput, type HeaderChange, type RouteConfig, type Scenario, type ScenarioReply, type ScriptedToolOutput } from '../../contract/scenario.ts';

export interface ScenarioRunOptions {
  /** Builds the loop: mutants swap in their own. */
  readonly createLoop?: (options: AgentLoopOptions) => AgentLoop;
  /** The wire format the scripted route writes (DeepSeek's by default). */
  readonly serialize?: (request: GenerateRequest) => WireRequest;
  readonly logOptions?: SessionLogOptions;
  /** Feature `liveModel`: wraps the HTTP client's fetch (a mutant's client may send other bytes than its loop built). */
  readonly wrapFetch?: (fetch: FetchLike) => FetchLike;
  /** Feature `fork`: how the session forks (src/log/fork.ts; mutants swap in their own). */
  readonly fork?: (parent: SessionLog, options: ForkOptions) => SessionLog;
}

/** Thrown into the loop where the process of a `crash` stops; nothing the loop does after it persists. */
class ProcessStopped extends Error {}

/** What a request gets once the process stopped: nothing it does then is kept, and it consumes no reply. */
const AFTER_STOP: ScriptedReply = { finish: 'error', error: { message: 'the process stopped', code: 'STOPPED' } };

/** Plays a scenario into the reference loop (see scenario.ts for the contract, every feature included). */
export async function runScenario(scenario: Scenario, options: ScenarioRunOptions = {}): Promise<LoopRun> {
  let now = scenario.clock.start;
  const clock = () => {
    const t = now;
    now += scenario.clock.step;
    return t;
  };
  const logOptions = { ...options.logOptions, clock };
  let log = SessionLog.create(newSessionHeader(scenario.session.id, scenario.session.createdAt), logOptions);

  // Replies are served in request order; every tool call gets its id here, so a scripted output finds its call.
  const outputs = new Map<string, ScriptedToolOutput>();
  let served = 0;
  let calls = 0;
  let crash: 'armed' | 'armed-tool' | { readonly persisted: string; readonly sent: number } | undefined;
  // The process stops here: the log as it stands is all that persists.
  const stop = (): never => {
    crash = { persisted: saveJsonl(log), sent: loop.sent.length };
    throw new ProcessStopped('the process stopped');
  };
  const nextReply = (): ScriptedReply => {
    if (typeof crash === 'object') return AFTER_STOP;
    const scripted: ScenarioReply = scenario.replies[served++] ?? FALLBACK_REPLY;
    const { toolCalls, whole, ...reply } = scripted;
    const withIds = toolCalls?.map(({ output, ...call }) => {
      const id = call.id ?? `call-${++calls}`;
      if (output !== undefined) outputs.set(id, output);
      return { ...call, id };
    });
    // The reply a crash interrupts streams: its first chunk must reach the log.
    return { ...reply, ...(withIds === undefined ? {} : { toolCalls: withIds }), ...(whole === true && crash !== 'armed' ? { whole } : {}) };
  };
  const scripted = new ScriptedModel({
    provider: scenario.route.provider,
    defaults: scenario.defaults,
    replies: nextReply,
    ...(options.serialize === undefined ? {} : { serialize: options.serialize }),
  });
  // Feature liveModel: the same requests go out over HTTP, and the answer comes back from there.
  const live = scenario.model === undefined ? undefined : liveModel(scenario.model, scenario.defaults, options.wrapFetch);
  const model: ModelAdapter = {
    provider: scripted.provider,
    prepare: (proposal) => scripted.prepare(proposal),
    serialize: (request) => (live === undefined ? scripted.serialize(request) : live.rebase(scripted.serialize(request))),
    stream(request, wire) {
      const armed = crash === 'armed';
      // A live request still walks the script here: the tool outputs find their calls by the ids the upstream gives them.
      const reply = live === undefined || typeof crash === 'object' ? scripted.stream(request) : (nextReply(), live.model.stream(request, wire));
      if (!armed) return reply;
      // The process stops once the first chunk is logged: the log as it stands then is all that persists.
      return {
        async *[Symbol.asyncIterator]() {
          for await (const chunk of reply) {
            yield chunk;
            stop();
          }
        },
      };
    },
  };

  const tools = new ToolRegistry();
  const register = (spec: Scenario['tools'][number]) =>
    tools.register({
      spec,
      run: (args, call) => {
        if (crash === 'armed-tool') stop();
        const output = outputs.get(call.id);
        return output === undefined ? { content: [{ type: 'text', text: scenarioToolOutput(spec.name, args) }] } : { content: output.content, ...(output.isError === true ? { isError: true } : {}) };
      },
    });
  scenario.tools.forEach(register);

  let route: RouteConfig = scenario.route;
  let system = scenario.system;
  let override: Partial<LlmCallConfig> | null = null;
  const change = (action: HeaderChange) => {
    if (action.do === 'setSystem') system = action.text;
    else if (action.do === 'registerTool') register(action.tool);
    else override = action.config === null ? null : (action.config as Partial<LlmCallConfig>);
  };
  let prompt: Extract<Scenario['actions'][number], { do: 'prompt' }> | undefined;
  let turnRequests = 0;
  const sent: SentRequest[] = [];
  const ids = counterIds('m');
  const create = options.createLoop ?? ((o: AgentLoopOptions) => new AgentLoop(o));
  // Feature sessionPrefix: the k-th composition of the run takes the contributions scenario.sessionPrefix[k] (cycling).
  let compositions = 0;
  const composePrefix = (seed: readonly Message[]) => {
    const k = compositions++;
    const texts = scenario.sessionPrefix![k % scenario.sessionPrefix!.length] ?? [];
    return [...texts.map((text, i) => textMessage(`prefix-${k}-${i}`, text, { kind: 'plugin', plugin: 'session-prefix' })), ...seed];
  };
  const newLoop = () =>
    create({
      log,
      model,
      config: route,
      system: () => system,
      tools,
      ids,
      ...(scenario.sessionPrefix === undefined || scenario.sessionPrefix.length === 0 ? {} : { sessionPrefix: composePrefix }),
      ...(scenario.maxRetries === undefined ? {} : { maxRetries: scenario.maxRetries }),
      requestHook: (_at, proposed) => (override === null ? undefined : ({ ...proposed, ...override } as LlmCallConfig)),
      onDispatch: () => {
        if (typeof crash === 'object') return;
        // A crash meant for the tools of the request before, which called none, does not happen.
        crash = undefined;
        const n = ++turnRequests;
        if (n === prompt?.inject?.duringRequest) loop.inject(prompt.inject.text);
        if (n === prompt?.change?.duringRequest) change(prompt.change.action);
        if (n === prompt?.crash?.duringRequest) crash = prompt.crash.inTool === true ? 'armed-tool' : 'armed';
      },
    });
  let loop = newLoop();
  const restart = (persisted: string) => {
    log = loadJsonl(persisted, logOptions).log;
    loop = newLoop();
  };
  const forks: ForkedParent[] = [];

  try {
    await play();
  } finally {
    await live?.close();
  }
  sent.push(...loop.sent);
  return { requests: sent.map((s) => s.request), wire: sent.map((s) => s.wire), jsonl: saveJsonl(log), ...(forks.length === 0 ? {} : { forks }) };

  async function play(): Promise<void> {
    for (const action of scenario.actions) {
      switch (action.do) {
        case 'prompt':
          prompt = action;
          turnRequests = 0;
          loop.followup(action.text);
          await loop.runUntilIdle();
          if (typeof crash === 'object') {
            // What the stopped process did after the crash never happened: drop it, and go on from the log it left.
            const stopped = crash;
            sent.push(...loop.sent.slice(0, stopped.sent));
            crash = undefined;
            restart(stopped.persisted);
          }
          crash = undefined;
          prompt = undefined;
          break;
        case 'setSystem':
        case 'registerTool':
        case 'override':
          change(action);
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
          if (action.route !== undefined) route = action.route;
          if (action.system !== undefined) system = action.system;
          restart(saveJsonl(log));
          break;
        case 'fork': {
          sent.push(...loop.sent);
          const boundary = action.afterTurn === undefined ? undefined : afterTurnEnd(log, action.afterTurn);
          forks.push({ jsonl: saveJsonl(log), boundary: boundary ?? log.length, requests: sent.length });
          const child = (options.fork ?? fork)(log, { childId: action.childId, createdAt: clock(), log: logOptions, ...(boundary === undefined ? {} : { boundary }) });
          if (action.route !== undefined) route = action.route;
          if (action.system !== undefined) system = action.system;
          // The child is a session of its own: a new process opens it from its file.
          restart(saveJsonl(child));
          break;
        }
      }
    }
  }
}

/** The event count right after the `turn/end` of `turn`, or undefined when the log holds none. */
function afterTurnEnd(log: SessionLog, turn: number): number | undefined {
  const end = log.events.find((e) => isEvent(e, 'turn/end') && e.data.turn === turn);
  return end === undefined ? undefined : end.seq + 1;
}

interface LiveModel {
  readonly model: HttpModel;
  /** The request as sent to the live base URL: the same bytes, another host. */
  rebase(wire: WireRequest): WireRequest;
  close(): Promise<void>;
}

/** The reference's model client over HTTP: undici's fetch on an Agent of its own, to the scenario's base URL. */
function liveModel(target: NonNullable<Scenario['model']>, defaults: Scenario['defaults'], wrap: ScenarioRunOptions['wrapFetch']): LiveModel {
  const agent = new Agent();
  const network = dispatcherFetch(agent);
  const model = new HttpModel({ provider: 'deepseek', fetch: wrap === undefined ? network : wrap(network), baseUrl: target.baseUrl, defaults, ...(target.apiKey === undefined ? {} : { apiKey: target.apiKey }) });
  const base = target.baseUrl.replace(/\/$/, '');
  return {
    model,
    rebase: (wire) => ({ ...wire, url: base + new URL(wire.url).pathname }),
    close: () => agent.close(),
  };
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
