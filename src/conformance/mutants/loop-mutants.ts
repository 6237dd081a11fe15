/** Mutants of the loop: each overrides one extension point of the reference `AgentLoop`. */
import { buildRequest, foldRequestHeader, headerEquals, type NeutralRequest } from '../../fold/index.ts';
import { eventsOf, isEvent, type ContentBlock, type ToolSpec, type EpochHeader, type EventOf, type FinishReason, type HeaderReason, type InboxSpliceData, type JsonValue, type LlmCallConfig, type Message, type SessionLog, type StreamChunk } from '../../log/index.ts';
import { AgentLoop, Inbox, TOOL_NOT_STARTED, type InboxTarget, type ModelAdapter, ToolRegistry, createToolResultMessage, type AgentLoopOptions, type OneShotEnvelope, type SentRequest, type StepResult, type Tool } from '../../loop/index.ts';
import { inProcess } from './define.ts';
import { issue } from './mutant.ts';
import { UNFROZEN_REQUEST_PART } from './fold-mutants.ts';

/** A deterministic stand-in for the wall clock a real harness would read. */
function fakeClock(): () => string {
  let tick = 0;
  return () => new Date(1_700_000_000_000 + 60_000 * tick++).toISOString();
}

// A dated header, as many harnesses write it: the first bytes of every request change.
const dated = (system: string | undefined, now: string) => `Current time: ${now}\n${system ?? ''}`;

class ClockInSystemLoop extends AgentLoop {
  readonly #now = fakeClock();
  protected override renderSystem(): string {
    return dated(super.renderSystem(), this.#now());
  }
}

const requestClock = fakeClock();
export const CLOCK_IN_SYSTEM_PROMPT = inProcess('clock-in-system-prompt', 'the system prompt starts with the current time (a dated header), so every step has a new header and the prefix cache never hits', { bugClass: 'clock in the system prompt', citation: issue('earendil-works/pi', 1873) }, {
  parts: {
    loop: (options) => new ClockInSystemLoop(options),
    request: (header, messages, sessionId) => buildRequest({ ...header, system: dated(header.system, requestClock()) }, messages, sessionId),
  },
});

class ResortedToolsLoop extends AgentLoop {
  protected override buildLoopRequest(header: EpochHeader, messages: readonly Message[]): NeutralRequest {
    const tools = header.tools === undefined ? undefined : [...header.tools].sort((a, b) => a.name.localeCompare(b.name));
    return buildRequest(tools === undefined ? header : { ...header, tools }, messages, this.log.header.id);
  }
}

class HeaderEveryStepLoop extends AgentLoop {
  protected override headerReason(folded: EpochHeader | undefined, built: EpochHeader, first: boolean): HeaderReason | undefined {
    return super.headerReason(folded, built, first) ?? 'change';
  }
}

class HeaderNotLoggedOnChangeLoop extends AgentLoop {
  protected override headerReason(folded: EpochHeader | undefined, built: EpochHeader, first: boolean): HeaderReason | undefined {
    const reason = super.headerReason(folded, built, first);
    return reason === 'change' ? undefined : reason;
  }
  protected override requestHeader(built: EpochHeader): EpochHeader {
    return built;
  }
}

class LateInjectionJoinsCurrentLoop extends AgentLoop {
  protected override afterDispatch(sent: SentRequest): SentRequest {
    const late = this.inbox.claim('next-step');
    if (late.length === 0) return sent;
    for (const message of late) this.log.append('user/message', message, { surfaceOp: 'append' });
    return this.prepareRequest(sent.turn, sent.step, this.renderSystem(), this.toolSpecs());
  }
}

class UnfrozenRequestLoop extends AgentLoop {
  protected override buildLoopRequest(header: EpochHeader, messages: readonly Message[]): NeutralRequest {
    return UNFROZEN_REQUEST_PART(header, messages, this.log.header.id);
  }
}

class NoEnvelopeLoop extends AgentLoop {
  protected override oneShotEnvelope(_config: LlmCallConfig): OneShotEnvelope {
    return {};
  }
}

class ResumeResortsToolsLoop extends AgentLoop {
  protected override toolSpecs(): EpochHeader['tools'] {
    const tools = super.toolSpecs() ?? [];
    return this.resumed ? [...tools].sort((a, b) => a.name.localeCompare(b.name)) : tools;
  }
}

class StepEndSkippedLoop extends AgentLoop {
  protected override endStep(turn: number, step: number, failed: boolean): void {
    if (!failed) super.endStep(turn, step, failed);
  }
}

export const TOOLS_RESORTED = inProcess('tools-resorted', 'the request sorts the tools by name while the logged header keeps registration order', 'tool order drift', { parts: { loop: (o) => new ResortedToolsLoop(o) } });
export const HEADER_EVERY_STEP = inProcess('header-every-step', 'a request/header "change" is logged before every request, changed or not', 'header discipline', { parts: { loop: (o) => new HeaderEveryStepLoop(o) } });
export const HEADER_NOT_LOGGED_ON_CHANGE = inProcess('header-not-logged-on-change', 'a changed system prompt, tool list or config is sent without logging a new request/header', 'unlogged block', { parts: { loop: (o) => new HeaderNotLoggedOnChangeLoop(o) } });
export const LATE_INJECTION_JOINS_CURRENT = inProcess('late-injection-joins-current', 'context injected while a request is being dispatched is claimed into that same request', 'late injection', { parts: { loop: (o) => new LateInjectionJoinsCurrentLoop(o) } });
export const UNFROZEN_REQUEST = inProcess('unfrozen-request', 'requests are mutable after they are built, so a listener can change what is sent after it was logged', 'mutable request', {
  parts: { loop: (o) => new UnfrozenRequestLoop(o), request: UNFROZEN_REQUEST_PART },
});
export const ONE_SHOT_ENVELOPE_MISSING = inProcess('one-shot-envelope-missing', 'a compaction summary does not log the provider and model of the call that wrote it', 'unlogged block', { parts: { loop: (o) => new NoEnvelopeLoop(o) } });
export const RESUME_RESORTS_TOOLS = inProcess('resume-resorts-tools', 'a resumed loop reloads its tools sorted by name, so a restart without drift changes the header', 'tool order drift', { parts: { loop: (o) => new ResumeResortsToolsLoop(o) } });
export const STEP_END_SKIPPED_ON_ERROR = inProcess('step-end-skipped-on-error', 'a failed step never writes step/end, leaving the turn closed over an open step', 'malformed trace', { parts: { loop: (o) => new StepEndSkippedLoop(o) } });


// --- Blind-bug hunt: departures written without looking at which property would notice ---

type ToolCallBlock = Extract<ContentBlock, { type: 'tool-call' }>;

/** Parallel tool calls whose results are appended as they finish; here the call started last finishes first. */
class ResultsInCompletionOrderLoop extends AgentLoop {
  protected override async runToolCalls(turn: number, step: number, calls: readonly ToolCallBlock[]): Promise<void> {
    const callSeqs = calls.map((call) => this.logToolCall(turn, step, call));
    for (let i = calls.length - 1; i >= 0; i--) await this.answerToolCall(turn, step, calls[i]!, callSeqs[i]!);
  }
}

/** A retry rebuilds its attempt from the inbox as a new step would, so context steered during the failed attempt rides in the retry. */
class SteerJoinsRetryLoop extends AgentLoop {
  protected override prepareRequest(turn: number, step: number, system: string, tools: EpochHeader['tools']): SentRequest {
    const last = this.log.eventAt(this.log.length - 1);
    if (last !== undefined && isEvent(last, 'llm/retry-started')) for (const message of this.inbox.claim('next-step')) this.log.append('user/message', message, { surfaceOp: 'append' });
    return super.prepareRequest(turn, step, system, tools);
  }
}

/** The header change is written when the reply comes back (with the response metadata), after the request that used it went out. */
class HeaderLoggedAfterRequestLoop extends AgentLoop {
  #pending: EpochHeader | undefined;
  protected override headerReason(folded: EpochHeader | undefined, built: EpochHeader, first: boolean): HeaderReason | undefined {
    const reason = super.headerReason(folded, built, first);
    if (reason !== 'change') return reason;
    this.#pending = built;
    return undefined;
  }
  protected override requestHeader(built: EpochHeader): EpochHeader {
    return this.#pending ?? super.requestHeader(built);
  }
  protected override stepResult(finish: FinishReason, calls: number): StepResult {
    if (this.#pending !== undefined) this.log.append('request/header', { header: this.#pending, reason: 'change' });
    this.#pending = undefined;
    return super.stepResult(finish, calls);
  }
}

/** A resumed loop skips its snapshot when the header equals the folded one, as a dedup would. */
class ResumeHeaderDedupedLoop extends AgentLoop {
  protected override headerReason(folded: EpochHeader | undefined, built: EpochHeader, first: boolean): HeaderReason | undefined {
    if (first && folded !== undefined && headerEquals(folded, built)) return undefined;
    return super.headerReason(folded, built, first);
  }
}

/** A retry replays the step from its start: the step's prompts are appended again, each with a fresh message id. */
class RetryRepeatsPromptLoop extends AgentLoop {
  protected override prepareRequest(turn: number, step: number, system: string, tools: EpochHeader['tools']): SentRequest {
    const events = this.log.events;
    const last = events.at(-1);
    if (last !== undefined && isEvent(last, 'llm/retry-started')) {
      const start = events.findLastIndex((e) => isEvent(e, 'step/start'));
      const prompts = events.slice(start).filter((e): e is EventOf<'user/message'> => isEvent(e, 'user/message') && e.surfaceOp === 'append');
      for (const { data } of prompts) this.log.append('user/message', { ...data, id: `${data.id}-retry-${last.data.retry}` }, { surfaceOp: 'append' });
    }
    return super.prepareRequest(turn, step, system, tools);
  }
}

/** An inbox restored from its insertions only: a message claimed before the restart is delivered again. */
class InsertsOnlyInbox extends Inbox {
  protected override restore(data: InboxSpliceData): void {
    if (data.inserted.length > 0) super.restore(data);
  }
}
class InboxClaimsLostLoop extends AgentLoop {
  protected override createInbox(log: SessionLog): Inbox {
    return new InsertsOnlyInbox(log);
  }
}

/** Crash repair that answers the calls of the turn's last reply, though that reply belongs to an earlier, closed step. */
class RepairAnswersEarlierStepLoop extends AgentLoop {
  protected override repairInterruptedTurn(): void {
    const events = this.log.events;
    const turnStart = events.findLastIndex((e) => isEvent(e, 'turn/start'));
    const ended = events.findLastIndex((e) => isEvent(e, 'turn/end'));
    const stepStart = events.findLast(eventsOf('step/start'));
    const stepEnd = events.findLast(eventsOf('step/end'));
    const openStep = stepStart !== undefined && (stepEnd === undefined || stepEnd.seq < stepStart.seq) ? stepStart : undefined;
    if (turnStart >= 0 && ended < turnStart && openStep !== undefined && !events.slice(openStep.seq).some((e) => isEvent(e, 'assistant/message'))) {
      // The open step has no reply yet: the "last reply" found is the previous step's, whose calls were answered there.
      const reply = events.slice(turnStart).findLast(eventsOf('assistant/message'));
      for (const block of reply?.data.message.content ?? []) {
        if (block.type !== 'tool-call') continue;
        const message = createToolResultMessage(`interrupted-tool-result-${block.id}-${this.log.length}`, block.id, [{ type: 'text', text: 'Error: the tool call was not started before the session stopped' }], true);
        this.log.append('tool/result', { ...openStep.data, message, error: { name: 'InterruptedError', code: TOOL_NOT_STARTED } }, { surfaceOp: 'append', sourceEventSeqs: [reply!.seq] });
      }
    }
    super.repairInterruptedTurn();
  }
}

/** A tool whose description says when the tool list was assembled (a cache-busting "as of"), re-rendered every step. */
class DatedToolDescriptionLoop extends AgentLoop {
  readonly #now = fakeClock();
  protected override toolSpecs(): EpochHeader['tools'] {
    const [first, ...rest] = super.toolSpecs() ?? [];
    return first === undefined ? [] : [{ ...first, description: `${first.description} (index as of ${this.#now()})` }, ...rest];
  }
}

/** The loop goes on while the reply has tool calls, whatever its finish: a reply cut at max tokens runs its (possibly truncated) calls. */
class MaxTokensRunsToolsLoop extends AgentLoop {
  protected override keptBlocks(_finish: FinishReason, blocks: ContentBlock[]): ContentBlock[] {
    return blocks;
  }
  protected override stepResult(finish: FinishReason, calls: number): StepResult {
    return calls > 0 ? 'tools' : super.stepResult(finish, calls);
  }
}

/** The summary call reads the whole conversation, the kept tail included, while the log says it summarized only the nodes it shadows. */
class SummaryReadsKeptLoop extends AgentLoop {
  protected override compactionMessages(shadowedSeqs: readonly number[], keptSeqs: readonly number[]): Message[] {
    return super.compactionMessages([...shadowedSeqs, ...keptSeqs], []);
  }
}

export const TOOL_RESULTS_COMPLETION_ORDER = inProcess('tool-results-completion-order', 'parallel tool calls append their results as they finish, so with two calls the results can follow the calls in the other order', 'malformed trace', { parts: { loop: (o) => new ResultsInCompletionOrderLoop(o) } });
export const STEER_JOINS_RETRY = inProcess('steer-joins-retry', 'a retry claims the next-step inbox as a new step would, so context steered while the failed attempt was in flight joins the retried request of the same step', 'late injection', { parts: { loop: (o) => new SteerJoinsRetryLoop(o) } });
export const HEADER_LOGGED_AFTER_REQUEST = inProcess('header-logged-after-request', 'a changed header is logged after the request that first used it went out, so at its boundary the log still folds to the old header', 'header discipline', { parts: { loop: (o) => new HeaderLoggedAfterRequestLoop(o) } });
export const RESUME_HEADER_DEDUPED = inProcess('resume-header-deduped', 'a resumed loop logs no snapshot when its header equals the folded one, so the new instance has no resume header', 'header discipline', { parts: { loop: (o) => new ResumeHeaderDedupedLoop(o) } });
export const RETRY_REPEATS_PROMPT = inProcess('retry-repeats-prompt', 'a retry replays the step from its start and appends the step’s prompt again with a fresh message id, so the history holds it twice', 'recovery path rewrites prefix', { parts: { loop: (o) => new RetryRepeatsPromptLoop(o) } });
export const INBOX_CLAIMS_LOST_ON_RESTART = inProcess('inbox-claims-lost-on-restart', 'a new loop instance rebuilds its inbox from the logged insertions only, so a prompt claimed before the restart is delivered again', 'history rewritten on reload', { parts: { loop: (o) => new InboxClaimsLostLoop(o) } });
export const REPAIR_ANSWERS_EARLIER_STEP = inProcess('repair-answers-earlier-step', 'crash repair answers the tool calls of the turn’s last reply, so a crash before the open step’s reply answers the previous step’s calls a second time', 'malformed trace', { parts: { loop: (o) => new RepairAnswersEarlierStepLoop(o) } });
export const DATED_TOOL_DESCRIPTION = inProcess('dated-tool-description', 'one tool’s description carries the time the tool list was assembled, re-rendered every step, so the tools change before every request', 'per-turn data in the cached block', { parts: { loop: (o) => new DatedToolDescriptionLoop(o) } });
export const MAX_TOKENS_RUNS_TOOLS = inProcess('max-tokens-runs-tools', 'the loop continues while a reply holds tool calls, so a reply cut at max tokens runs its calls and the turn goes on instead of ending max-tokens', 'malformed trace', { parts: { loop: (o) => new MaxTokensRunsToolsLoop(o) } });
export const SUMMARY_READS_KEPT = inProcess('summary-reads-kept', 'a compaction’s summary call is sent the whole conversation, the messages it keeps included, while its log entry names only the nodes it shadows', 'unlogged block', { parts: { loop: (o) => new SummaryReadsKeptLoop(o) } });

/**
 * A loop that, over a fork child no instance has run yet, takes its route and system prompt
 * from the header the child inherited, as a harness that resumes a fork from its log would:
 * the fork override never reaches a request or the child's snapshot.
 */
function overrideDroppingLoop(options: AgentLoopOptions): AgentLoop {
  const { log } = options;
  const seed = log.header.seedLength;
  const fresh = log.header.parentSession !== undefined && seed !== undefined && log.events.slice(seed).every((e) => e.type === 'session/end-seed');
  const inherited = fresh ? foldRequestHeader(log.events) : undefined;
  if (inherited === undefined) return new AgentLoop(options);
  return new AgentLoop({ ...options, config: { ...options.config, provider: inherited.config.provider, model: inherited.config.model }, system: inherited.system ?? '' });
}

export const FORK_OVERRIDE_DROPPED = inProcess('fork-override-dropped', 'a loop over a fork child takes its route and system prompt from the header the child inherited, so a fork override never reaches a request or the child’s snapshot', 'header discipline', {
  parts: { loop: overrideDroppingLoop },
});

// --- The request as it goes out: headers and one-shots (issue 21, whole-object oracles) ---

/** The loop keeps its own copy of each serialized request with the headers it knows of, so the session id never reaches the wire. */
class KnownHeadersOnlyLoop extends AgentLoop {
  protected override afterDispatch(sent: SentRequest): SentRequest {
    const kept = Object.fromEntries(Object.entries(sent.wire.headers).filter(([name]) => name === 'content-type' || name === 'accept'));
    return { ...sent, wire: { ...sent.wire, headers: kept } };
  }
}

/** The summary's envelope logs the max tokens the agent asked for, not the one its route resolved (an adapter default). */
class EnvelopeUnresolvedMaxTokensLoop extends AgentLoop {
  protected override oneShotEnvelope(config: LlmCallConfig): OneShotEnvelope {
    return { provider: config.provider, model: config.model, ...(this.config.maxTokens === undefined ? {} : { maxTokens: this.config.maxTokens }) };
  }
}

export const LOOP_WIRE_HEADERS_FILTERED = inProcess('loop-wire-headers-filtered', 'the loop copies each serialized request keeping only the headers it knows (content-type, accept), so the x-deepseek-harness-session-id header never goes out', 'wire field mis-mapped', {
  parts: { loop: (o) => new KnownHeadersOnlyLoop(o) },
});
export const CLIENT_DROPS_HARNESS_HEADERS = inProcess('client-drops-harness-headers', 'the HTTP client sends its own default headers (content-type, accept, the key) and drops the per-request x-deepseek-harness-* headers the serializer set; what the loop reports still has them', 'wire field mis-mapped', {
  parts: {
    client: (fetch) => (input, init) => {
      const headers = Object.fromEntries(Object.entries((init?.headers ?? {}) as Record<string, string>).filter(([name]) => !name.toLowerCase().startsWith('x-deepseek-harness-')));
      return fetch(input, { ...init, headers });
    },
  },
});
export const CLIENT_HEADERS_ACCUMULATE = inProcess('client-headers-accumulate', 'the HTTP client merges each call’s headers into one shared default set, so after a compaction’s summary call every loop request still goes out marked x-deepseek-harness-compact: 1', 'wire field mis-mapped', {
  parts: {
    client: (fetch) => {
      const defaults: Record<string, string> = {};
      return (input, init) => fetch(input, { ...init, headers: Object.assign(defaults, init?.headers as Record<string, string> | undefined) });
    },
  },
});
export const ENVELOPE_UNRESOLVED_MAX_TOKENS = inProcess('envelope-unresolved-max-tokens', 'a compaction’s summary logs the max tokens the agent asked for instead of the one its route resolved, so when an adapter default fills it the summary call sends a max_tokens its envelope does not hold', 'unlogged block', {
  parts: { loop: (o) => new EnvelopeUnresolvedMaxTokensLoop(o) },
});
// --- Timing between attempts, re-registration (issue 21) ---

/** Each attempt renders the system prompt and tools again, as a retry that re-enters the step from its top would. */
class RetryRerendersHeaderLoop extends AgentLoop {
  protected override prepareRequest(turn: number, step: number, _system: string, _tools: EpochHeader['tools']): SentRequest {
    return super.prepareRequest(turn, step, this.renderSystem(), this.toolSpecs());
  }
}

/** Tools kept as a list, one entry per registration: a name registered twice is sent twice. */
class ListRegistry extends ToolRegistry {
  readonly #list: Tool[] = [];
  override register(tool: Tool): void {
    super.register(tool);
    this.#list.push(tool);
  }
  override specs(): ToolSpec[] {
    return this.#list.map((tool) => tool.spec);
  }
}

/** The per-call config hook is asked once per step and its answer reused for the step's retries, as a loop that builds its call options at the top of the step would. */
function configOncePerStep(options: AgentLoopOptions): AgentLoop {
  const hook = options.requestHook;
  if (hook === undefined) return new AgentLoop(options);
  let step: string | undefined;
  let kept: LlmCallConfig | undefined;
  return new AgentLoop({
    ...options,
    requestHook: (at, proposed) => {
      if (`${at.turn}.${at.step}` !== step) {
        step = `${at.turn}.${at.step}`;
        kept = hook(at, proposed);
      }
      return kept;
    },
  });
}

export const RETRY_RERENDERS_HEADER = inProcess('retry-rerenders-header', 'every attempt renders the system prompt and tools again, so the retry of a failed attempt picks up a change made while that attempt was in flight instead of sending what the step’s first attempt sent', 'header discipline', { parts: { loop: (o) => new RetryRerendersHeaderLoop(o) } });
export const RETRY_REUSES_CONFIG = inProcess('retry-reuses-config', 'the per-call config hook is asked once per step and its answer reused for every retry, so a config override made while the failed attempt was in flight never reaches the retry', 'header discipline', { parts: { loop: configOncePerStep } });
export const REREGISTER_ADDS_TOOL = inProcess('reregister-adds-tool', 'tools are kept as a list of registrations, so registering a name again adds a second tool of that name to every later request', 'header discipline', { parts: { tools: () => new ListRegistry() } });

/** A reply streamed the way a buffering client reads it: each block's text deltas joined into one. */
function coalesced(model: ModelAdapter): ModelAdapter {
  return {
    provider: model.provider,
    prepare: (proposal) => model.prepare(proposal),
    serialize: (request) => model.serialize(request),
    stream(request, wire) {
      const reply = model.stream(request, wire);
      async function* joined(): AsyncGenerator<StreamChunk> {
        let text: Extract<StreamChunk, { type: 'text-delta' | 'reasoning-delta' }> | undefined;
        for await (const chunk of reply) {
          if ((chunk.type === 'text-delta' || chunk.type === 'reasoning-delta') && (text === undefined || text.index === chunk.index)) {
            text = text === undefined ? chunk : { ...text, text: text.text + chunk.text };
            continue;
          }
          if (text !== undefined) yield text;
          text = undefined;
          yield chunk;
        }
        if (text !== undefined) yield text;
      }
      return Object.assign(joined(), reply.whole === undefined ? {} : { whole: reply.whole });
    },
  };
}

export const DELTAS_COALESCED = inProcess('deltas-coalesced', 'the model client buffers a block’s text and reasoning deltas and hands the loop one delta per block, so the assistant/chunk events no longer show the stream as it came', 'malformed trace', {
  parts: { loop: (o) => new AgentLoop({ ...o, model: coalesced(o.model) }) },
});

/** An inbox that logs every claim, an empty one too. */
class EmptyClaimsInbox extends Inbox {
  readonly #log: SessionLog;
  constructor(log: SessionLog) {
    super(log);
    this.#log = log;
  }
  override claim(target: InboxTarget, count?: number): Message[] {
    if (this.size(target) === 0 || count === 0) this.#log.append('agent/inbox/spliced', { target, start: 0, removedCount: 0, inserted: [] });
    return super.claim(target, count);
  }
}

class EmptyClaimsLoggedLoop extends AgentLoop {
  protected override createInbox(log: SessionLog): Inbox {
    return new EmptyClaimsInbox(log);
  }
}

export const EMPTY_CLAIMS_LOGGED = inProcess('empty-claims-logged', 'the inbox logs an agent/inbox/spliced for every claim, one that removes nothing too, so the log holds splices that change no list', 'malformed trace', {
  parts: { loop: (o) => new EmptyClaimsLoggedLoop(o) },
});

export const LOOP_MUTANTS = [
  DELTAS_COALESCED,
  EMPTY_CLAIMS_LOGGED,
  CLOCK_IN_SYSTEM_PROMPT,
  TOOLS_RESORTED,
  HEADER_EVERY_STEP,
  HEADER_NOT_LOGGED_ON_CHANGE,
  LATE_INJECTION_JOINS_CURRENT,
  UNFROZEN_REQUEST,
  ONE_SHOT_ENVELOPE_MISSING,
  RESUME_RESORTS_TOOLS,
  STEP_END_SKIPPED_ON_ERROR,
  TOOL_RESULTS_COMPLETION_ORDER,
  STEER_JOINS_RETRY,
  HEADER_LOGGED_AFTER_REQUEST,
  RESUME_HEADER_DEDUPED,
  RETRY_REPEATS_PROMPT,
  INBOX_CLAIMS_LOST_ON_RESTART,
  REPAIR_ANSWERS_EARLIER_STEP,
  DATED_TOOL_DESCRIPTION,
  MAX_TOKENS_RUNS_TOOLS,
  SUMMARY_READS_KEPT,
  FORK_OVERRIDE_DROPPED,
  LOOP_WIRE_HEADERS_FILTERED,
  CLIENT_DROPS_HARNESS_HEADERS,
  CLIENT_HEADERS_ACCUMULATE,
  ENVELOPE_UNRESOLVED_MAX_TOKENS,
  RETRY_RERENDERS_HEADER,
  RETRY_REUSES_CONFIG,
  REREGISTER_ADDS_TOOL,
];
