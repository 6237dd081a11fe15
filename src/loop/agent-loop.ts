/**
 * The reference agent loop (spec §4): every request it sends is a pure function of the
 * log. Messages are the fold of the log; system prompt, tools and call config reach
 * the request only through a logged `request/header` snapshot.
 */
import { ReconError } from '../errors.ts';
import { Session, buildRequest, canonicalHeader, deriveEventMessage, headerEquals, type Era, type NeutralRequest } from '../fold/index.ts';
import {
  deepFreeze,
  type ContentBlock,
  type EpochHeader,
  type HeaderReason,
  isEvent,
  type AssistantMessageData,
  type CompactionSummaryData,
  type EventOf,
  type FinishReason,
  type LlmCallConfig,
  type LlmFailure,
  type Message,
  type SessionLog,
  type StreamChunk,
  type ToolResultData,
  type TurnEndReason,
} from '../log/index.ts';
import type { Mutable } from '../_internals/mutable.ts';
import type { GenerateRequest, WireRequest } from '../wire/index.ts';
import { BlockAssembler } from './block-assembler.ts';
import { Inbox } from './inbox.ts';
import { counterIds, createAssistantMessage, createToolResultMessage, textMessage, type IdSource } from './messages.ts';
import type { ModelAdapter } from './model.ts';
import { checkReconstruction } from './reconstruction-check.ts';
import { closeInterruptedTurn } from './repair.ts';
import { ToolRegistry } from './tools.ts';

/** What the agent asks for; the route may fill in more (adapter defaults). */
export interface LoopConfig {
  readonly provider: string;
  readonly model: string;
  readonly maxTokens?: number;
  readonly reasoningEffort?: string;
}

/** The one per-call knob (spec §4.4 item 3): may replace the proposed config, never the messages. */
export type RequestHook = (at: { readonly turn: number; readonly step: number }, proposed: LlmCallConfig) => LlmCallConfig | undefined;

export type PreStepOutcome = { readonly kind: 'enter'; readonly messages: readonly Message[] } | { readonly kind: 'reject' };
export type PreStepHook = (at: { readonly turn: number; readonly step: number }, messages: readonly Message[]) => PreStepOutcome;

export interface SentRequest {
  readonly request: NeutralRequest;
  readonly wire: WireRequest;
  /** The request was dispatched when the log held this many events. */
  readonly boundarySeq: number;
  readonly turn: number;
  readonly step: number;
}

export interface OneShotSent {
  readonly purpose: 'compaction';
  readonly request: GenerateRequest;
  readonly wire: WireRequest;
}

export interface AgentLoopOptions {
  readonly log: SessionLog;
  readonly model: ModelAdapter;
  readonly config: LoopConfig;
  /** The system prompt, rendered once per step. */
  readonly system?: string | (() => string);
  readonly tools?: ToolRegistry;
  readonly ids?: IdSource;
  readonly requestHook?: RequestHook;
  readonly preStep?: PreStepHook;
  /** Called after a request is built and before it is streamed: where tests inject mid-request. */
  readonly onDispatch?: (sent: SentRequest) => void;
  /** Rebuild every request from a fresh fold of the log and fail loudly on a difference (default on). */
  readonly checkReconstruction?: boolean;
  /** Attempts repeated in the same step after an error finish (default 0). */
  readonly maxRetries?: number;
  /** The live fold over the log (default: a `Session`). */
  readonly createSession?: (log: SessionLog) => Session;
  /**
   * The session-prefix era (dsh-eras §4.1): composes the request-only messages sent before
   * the whole derived history, once per loop instance, from a frozen empty seed. With it the
   * loop records the prefix in its header snapshots, appends a step's entered messages before
   * its `step/start` (the reconstruction boundary), and sends injections as `context/message`.
   */
  readonly sessionPrefix?: (seed: readonly Message[]) => readonly Message[] | Promise<readonly Message[]>;
}

/** How a step ended: its tool calls ran, the reply was final, or it was cut at max tokens. */
export type StepResult = 'tools' | 'done' | 'max-tokens';

type ToolCallBlock = Extract<ContentBlock, { type: 'tool-call' }>;

/** Ends the turn with reason `error` and this failure. */
class TurnError extends Error {
  constructor(readonly failure: LlmFailure) {
    super(failure.message);
  }
}

export class AgentLoop {
  readonly log: SessionLog;
  readonly session: Session;
  readonly inbox: Inbox;
  readonly tools: ToolRegistry;
  readonly sent: SentRequest[] = [];
  /** Whether this instance continues a persisted log (its first header is a `resume`). */
  readonly resumed: boolean;
  // Stryker disable next-line ArrayDeclaration: the loop's record of its one-shots, read only by test/loop/agent-loop.test.ts; no log byte or request depends on it
  readonly oneShots: OneShotSent[] = [];
  config: LoopConfig;
  system: string | (() => string);
  readonly #model: ModelAdapter;
  readonly #ids: IdSource;
  readonly #options: AgentLoopOptions;
  readonly #marked = new WeakSet<object>();
  #headerLogged = false;
  /** This instance's session prefix, once composed (the session-prefix era only). */
  protected composedPrefix: readonly Message[] | undefined;
  /** The messages of the events before the open step's step/start (the session-prefix era only). */
  #boundaryMessages: readonly Message[] = [];
  /** Trims asked for since the last turn began, by the seq of the result they rewrite. */
  #pendingTrims = new Map<number, readonly ContentBlock[]>();

  constructor(options: AgentLoopOptions) {
    this.#options = options;
    this.log = options.log;
    this.#model = options.model;
    this.config = options.config;
    this.system = options.system ?? '';
    this.tools = options.tools ?? new ToolRegistry();
    this.#ids = options.ids ?? counterIds('msg');
    // A loop over a persisted log closes a turn a crash left open, and marks where the seed ends.
    this.resumed = this.log.length > 0;
    if (this.resumed) {
      this.repairInterruptedTurn();
      if (this.log.eventAt(this.log.length - 1)!.type !== 'session/end-seed') this.log.append('session/end-seed', {});
    }
    this.session = options.createSession?.(this.log) ?? new Session(this.log);
    this.inbox = this.createInbox(this.log);
  }

  /** Whether `request` was built by this loop (one-shots are not). */
  isLoopRequest(request: object): boolean {
    return this.#marked.has(request);
  }

  /** Queues a message for the next turn. */
  followup(content: string | Message): Message {
    const message = this.#message(content);
    this.inbox.insert('next-turn', message);
    return message;
  }

  /** Queues a message for the next step of the running turn (or starts a turn). */
  steer(content: string | Message): Message {
    const message = this.#message(content);
    this.inbox.insert('next-step', message);
    return message;
  }

  /** Which design of the rule this loop follows: the session-prefix era when it composes a prefix. */
  get era(): Era {
    return this.#options.sessionPrefix === undefined ? 'current' : 'session-prefix';
  }

  /**
   * Queues context for the next step without waking the loop; it never joins a request
   * already built. In the session-prefix era it is a `context/message` at once: after the
   * boundary of a request in flight, so it joins the next one.
   */
  inject(content: string | Message): Message {
    if (this.era === 'current') return this.steer(content);
    const message = this.#message(content);
    this.log.append('context/message', { message }, { surfaceOp: 'append' });
    return message;
  }

  /** Rewrites a tool result's content at the start of the next turn, as a single-node replace. */
  trimToolResult(callId: string, content: readonly ContentBlock[]): void {
    const seq = this.log.surface.nodes.find((s) => {
      const event = this.log.eventAt(s)!;
      return isEvent(event, 'tool/result') && event.data.message.source['callId'] === callId;
    });
    if (seq === undefined) throw new ReconError('USAGE', `no current tool/result answers call "${callId}"`);
    // A second trim of the same result before the turn supersedes the first: one replace of
    // the current node, never a replace of a node an earlier replace already shadowed (spec §2.4).
    this.#pendingTrims.delete(seq);
    this.#pendingTrims.set(seq, content);
  }

  /** Runs turns until both inbox lists are empty. */
  async runUntilIdle(): Promise<void> {
    while (this.inbox.size('next-turn') > 0 || this.inbox.size('next-step') > 0) await this.#runTurn();
  }

  /**
   * Compaction (spec §2.3): a one-shot summarize call over the current surface, whose
   * envelope is logged, then a `user/message` that replaces the summarized nodes.
   * `keep` surface nodes at the end stay as they are.
   */
  async compact(options: { readonly keep?: number; readonly maxTokens?: number } = {}): Promise<void> {
    const nodes = this.log.surface.nodes;
    const shadowedSeqs = nodes.slice(0, Math.max(0, nodes.length - (options.keep ?? 0)));
    if (shadowedSeqs.length === 0) return;
    const compactionId = this.#ids();
    const startSeq = this.log.append('compaction/start', { compactionId, turn: null }).seq;
    const messages = this.compactionMessages(shadowedSeqs, nodes.slice(shadowedSeqs.length));
    const maxTokens = options.maxTokens ?? this.config.maxTokens;
    const prepared = this.#model.prepare({ provider: this.config.provider, model: this.config.model, ...(maxTokens === undefined ? {} : { maxTokens }) });
    const request: GenerateRequest = deepFreeze({ ...prepared.config, messages, system: SUMMARY_INSTRUCTIONS, purpose: 'compaction' });
    const wire = this.#model.serialize(request);
    // Stryker disable next-line ObjectLiteral,StringLiteral: the loop's record of its one-shots, read only by test/loop/agent-loop.test.ts; no log byte or request depends on it
    this.oneShots.push({ purpose: 'compaction', request, wire });
    const assembler = new BlockAssembler();
    for await (const chunk of this.#model.stream(request, wire)) assembler.push(chunk);
    const summary = assembler.blocks().filter((block) => block.type === 'text');
    const range = { start: shadowedSeqs[0]!, end: shadowedSeqs[shadowedSeqs.length - 1]! };
    const summaryData: CompactionSummaryData = {
      compactionId,
      summary,
      shadowedRange: range,
      shadowedSeqs,
      shadowedTokenCount: estimateTokens(messages),
      ...this.oneShotEnvelope(prepared.config),
      ...(assembler.usage === undefined ? {} : { usage: assembler.usage }),
    };
    const summarySeq = this.log.append('compaction/summary', summaryData).seq;
    // Stryker disable next-line StringLiteral: a scripted reply streams at most one text block (scripted-model.ts), so the separator is never written
    const text = summary.map((block) => block.text).join('');
    const replacement = textMessage(this.#ids(), `Summary of the conversation so far:\n${text}`, { kind: 'plugin', plugin: 'compact', compactionId });
    this.log.append('user/message', replacement, { surfaceOp: { op: 'replace', ...range }, sourceEventSeqs: [startSeq, summarySeq, ...shadowedSeqs] });
    this.log.append('compaction/end', { compactionId, turn: null });
  }

  async #runTurn(): Promise<void> {
    const turn = lastTurn(this.log) + 1;
    this.log.append('turn/start', { turn });
    this.#applyTrims();
    let reason: TurnEndReason = { kind: 'completed' };
    let fatal: unknown;
    for (let step = 1; ; step++) {
      const claimed = [...(step === 1 ? this.inbox.claim('next-turn', 1) : []), ...this.inbox.claim('next-step')];
      const outcome = this.#options.preStep?.({ turn, step }, claimed) ?? { kind: 'enter', messages: claimed };
      if (outcome.kind === 'reject') {
        reason = { kind: 'blocked' };
        break;
      }
      if (outcome.messages.length === 0 && step === 1) break;
      // The session-prefix era's boundary is step/start: what the step enters comes before it.
      const entersFirst = this.era === 'session-prefix';
      if (entersFirst) {
        for (const message of outcome.messages) this.log.append('user/message', message, { surfaceOp: 'append' });
        // Snapshotted before step/start: every attempt of the step sends these; later appends join the next step.
        this.#boundaryMessages = this.session.deriveMessages();
      }
      this.log.append('step/start', { turn, step });
      let result: StepResult;
      try {
        if (!entersFirst) for (const message of outcome.messages) this.log.append('user/message', message, { surfaceOp: 'append' });
        result = await this.#runStep(turn, step);
      } catch (error) {
        const failure = error instanceof TurnError ? error.failure : { message: errorText(error), code: ReconError.is(error) ? error.code : 'UNKNOWN' };
        reason = { kind: 'error', error: failure };
        // A reconstruction mismatch is a broken invariant: logged as the turn's end, then thrown.
        if (ReconError.is(error) && error.code === 'RECONSTRUCTION_MISMATCH') fatal = error;
        this.endStep(turn, step, true);
        break;
      }
      this.endStep(turn, step, false);
      // Sticky (spec §4.5): the turn ends max-tokens once nothing waits for a step; a steer that came during the cut request still gets its step.
      if (result === 'max-tokens') reason = { kind: 'max-tokens' };
      if (result !== 'tools' && this.inbox.size('next-step') === 0) break;
    }
    this.log.append('turn/end', { turn, reason });
    if (fatal !== undefined) throw fatal;
  }

  async #runStep(turn: number, step: number): Promise<StepResult> {
    const system = this.renderSystem();
    const tools = this.toolSpecs();
    await this.composePrefix();
    for (let attempt = 0; ; attempt++) {
      let sent = this.prepareRequest(turn, step, system, tools);
      this.#options.onDispatch?.(sent);
      sent = this.afterDispatch(sent);
      this.sent.push(sent);
      const { request, wire } = sent;

      const assembler = new BlockAssembler();
      const chunkSeqs: number[] = [];
      const reply = this.#model.stream(request, wire);
      // A reply that came whole has no chunks to log; its message cites none (spec §2.4: `[]`).
      const held: StreamChunk[] = [];
      for await (const chunk of reply) {
        if (reply.whole === true) held.push(chunk);
        else chunkSeqs.push(this.log.append('assistant/chunk', { turn, step, chunk }).seq);
        assembler.push(chunk);
      }
      const finish = assembler.finish ?? { kind: 'error', failure: { message: 'the stream ended without a finish chunk', code: 'INCOMPLETE_STREAM' } };
      if (finish.kind === 'error' || finish.kind === 'aborted') {
        // A failed whole reply leaves no message: its chunks are logged so the log still shows the request went out.
        for (const chunk of held) this.log.append('assistant/chunk', { turn, step, chunk });
        const failure = finish.kind === 'error' ? finish.failure : { message: 'the stream was aborted', code: 'ABORTED' };
        if (attempt < (this.#options.maxRetries ?? 0)) {
          this.#logRetry(turn, step, attempt + 1, failure);
          continue;
        }
        throw new TurnError(failure);
      }
      const blocks = this.keptBlocks(finish, assembler.blocks());
      const message = createAssistantMessage(this.#ids(), blocks, request.provider, request.model);
      const data: AssistantMessageData = { turn, step, message, ...(assembler.usage === undefined ? {} : { usage: assembler.usage }) };
      this.log.append('assistant/message', data, { surfaceOp: 'append', sourceEventSeqs: chunkSeqs });
      const calls = blocks.filter((block) => block.type === 'tool-call');
      const result = this.stepResult(finish, calls.length);
      if (result === 'tools') await this.runToolCalls(turn, step, calls);
      return result;
    }
  }

  /**
   * Builds the request of one attempt (spec §4.4): the messages first, then the header the
   * request needs — the seed or the proposal from the folded header, the request hook, the
   * route's resolution — logged when owed, then the frozen, marked request and its bytes.
   */
  protected prepareRequest(turn: number, step: number, system: string, tools: EpochHeader['tools']): SentRequest {
    const messages = this.requestMessages();
    const folded = this.session.requestHeader();
    const proposal = deepFreeze(this.#headerLogged && folded !== undefined ? requestProposal(folded) : this.#seedConfig(folded));
    const hooked = this.#options.requestHook?.({ turn, step }, proposal);
    const config = hooked === undefined ? proposal : deepFreeze(structuredClone(hooked));
    if (config.provider === '' || config.model === '') throw new TurnError({ message: 'the agent has no provider/model', code: 'NO_ROUTE' });
    const prepared = this.#model.prepare(config);
    // canonicalHeader drops what marks nothing: an empty system, no tools, no adapter defaults.
    const built = deepFreeze(canonicalHeader({ ...prepared, system, tools: tools ?? [], ...this.headerPrefix() }));
    const reason = this.headerReason(folded, built, !this.#headerLogged);
    if (reason !== undefined) this.log.append('request/header', { header: built, reason });
    this.#headerLogged = true;
    const request = this.buildLoopRequest(this.requestHeader(built), messages);
    this.#marked.add(request);
    if (this.#options.checkReconstruction !== false) checkReconstruction(this.log, request, this.era);
    return { request, wire: this.#model.serialize(request), boundarySeq: this.log.length, turn, step };
  }

  // Extension points. The reference's choices are the spec's; the mutant catalog overrides
  // them one at a time to prove that the property suite notices each departure.

  /**
   * Composes the session prefix once per instance (the session-prefix era), frozen; a
   * composition that fails is not kept, so the next step composes again.
   */
  protected async composePrefix(): Promise<void> {
    const compose = this.#options.sessionPrefix;
    if (compose === undefined || this.composedPrefix !== undefined) return;
    this.composedPrefix = deepFreeze(structuredClone(await compose(deepFreeze([]))));
  }

  /** The prefix the header snapshot records: this instance's composition (empty, like absent, is left out). */
  protected headerPrefix(): { readonly messagePrefix?: readonly Message[] } {
    return this.composedPrefix === undefined ? {} : { messagePrefix: this.composedPrefix };
  }

  /** The messages a request sends after its header's prefix: the derivation now, or (session-prefix era) at the step's start. */
  protected requestMessages(): readonly Message[] {
    return this.era === 'session-prefix' ? this.#boundaryMessages : this.session.deriveMessages();
  }

  /** The system prompt, rendered once per step. */
  protected renderSystem(): string {
    return typeof this.system === 'function' ? this.system() : this.system;
  }

  /** The tools of a step's requests, in registration order. */
  protected toolSpecs(): EpochHeader['tools'] {
    return this.tools.specs();
  }

  /** The reason a snapshot is owed (spec §4.4 item 5): the first of an instance always, later only on a real change. */
  protected headerReason(folded: EpochHeader | undefined, built: EpochHeader, firstOfInstance: boolean): HeaderReason | undefined {
    if (firstOfInstance) return folded === undefined ? 'initial' : 'resume';
    return headerEquals(folded, built) ? undefined : 'change';
  }

  /** The header a request is built from: the one the log now folds to, so the request is a function of the log. */
  protected requestHeader(_built: EpochHeader): EpochHeader {
    return this.session.requestHeader()!;
  }

  protected buildLoopRequest(header: EpochHeader, messages: readonly Message[]): NeutralRequest {
    return buildRequest(header, messages, this.log.header.id);
  }

  /** After the dispatch hooks ran: the request goes out as it was built. */
  protected afterDispatch(sent: SentRequest): SentRequest {
    return sent;
  }

  /** Closes a step; `step/end` is written whatever happened in it. */
  protected endStep(turn: number, step: number, _failed: boolean): void {
    this.log.append('step/end', { turn, step });
  }

  /** A crash left a turn open in the persisted log: close it as a clean stop would have (spec §4.5). */
  protected repairInterruptedTurn(): void {
    closeInterruptedTurn(this.log);
  }

  /** The inbox, rebuilt from the splices the log holds. */
  protected createInbox(log: SessionLog): Inbox {
    return new Inbox(log);
  }

  /** The blocks a finished reply's message keeps: none of the tool calls of one cut at max tokens, which may be cut short (spec §4.5). */
  protected keptBlocks(finish: FinishReason, blocks: ContentBlock[]): ContentBlock[] {
    return finish.kind === 'max-tokens' ? blocks.filter((block) => block.type !== 'tool-call') : blocks;
  }

  /** What a finished reply makes of its step (spec §4.5): a max-tokens finish ends the turn. */
  protected stepResult(finish: FinishReason, calls: number): StepResult {
    if (finish.kind === 'max-tokens') return 'max-tokens';
    return calls > 0 ? 'tools' : 'done';
  }

  /** Runs a reply's tool calls one after another, so their results commit in the model's order (spec §4.5). */
  protected async runToolCalls(turn: number, step: number, calls: readonly ToolCallBlock[]): Promise<void> {
    for (const call of calls) await this.answerToolCall(turn, step, call, this.logToolCall(turn, step, call));
  }

  /** Logs that a tool call started; its seq is what the result cites. */
  protected logToolCall(turn: number, step: number, call: ToolCallBlock): number {
    return this.log.append('tool/call', { turn, step, callId: call.id, name: call.name, arguments: call.arguments }).seq;
  }

  /** The messages a compaction's summary call reads: those of the nodes it shadows, never of those it keeps. */
  protected compactionMessages(shadowedSeqs: readonly number[], _keptSeqs: readonly number[]): Message[] {
    return shadowedSeqs.map((seq) => deriveEventMessage(this.log.eventAt(seq)!)).filter((m): m is Message => m !== null);
  }

  /** What a one-shot call logs so its request can be rebuilt: provider, model, maxTokens. */
  protected oneShotEnvelope(config: LlmCallConfig): OneShotEnvelope {
    return { provider: config.provider, model: config.model, ...(config.maxTokens === undefined ? {} : { maxTokens: config.maxTokens }) };
  }

  /** The first request of a loop instance: its own route, plus what it may keep from the log. */
  #seedConfig(folded: EpochHeader | undefined): LlmCallConfig {
    const seed: Mutable<LlmCallConfig> = { provider: this.config.provider, model: this.config.model };
    const effort = this.config.reasoningEffort ?? keptEffort(folded, this.config);
    if (effort !== undefined) seed.reasoningEffort = effort;
    if (this.config.maxTokens !== undefined) seed.maxTokens = this.config.maxTokens;
    return seed;
  }

  /** Runs one logged tool call and appends its result, citing the call. */
  protected async answerToolCall(turn: number, step: number, call: ToolCallBlock, callSeq: number): Promise<void> {
    const tool = this.tools.get(call.name);
    let content: readonly ContentBlock[];
    let isError = false;
    let error: { name: string; code: string } | undefined;
    if (tool === undefined) {
      content = [{ type: 'text', text: `Error: no tool named "${call.name}"` }];
      isError = true;
      error = { name: 'ToolError', code: 'UNKNOWN_TOOL' };
    } else {
      try {
        const outcome = await tool.run(call.arguments, { id: call.id });
        content = outcome.content;
        isError = outcome.isError === true;
      } catch (thrown) {
        content = [{ type: 'text', text: `Error: ${errorText(thrown)}` }];
        isError = true;
        error = { name: thrown instanceof Error ? thrown.name : 'Error', code: 'TOOL_FAILED' };
      }
    }
    const message = createToolResultMessage(this.#ids(), call.id, content, isError);
    const data: ToolResultData = { turn, step, message, ...(error === undefined ? {} : { error }) };
    this.log.append('tool/result', data, { surfaceOp: 'append', sourceEventSeqs: [callSeq] });
  }

  #logRetry(turn: number, step: number, retry: number, failure: LlmFailure): void {
    const retryId = this.#ids();
    const maxRetries = this.#options.maxRetries ?? 0;
    this.log.append('llm/retry', { retryId, turn, step, provider: this.config.provider, mode: 'normal', policyKey: 'scripted', retry, maxRetries, delayMs: 0, failure });
    this.log.append('llm/retry-started', { retryId, turn, step, retry });
  }

  #applyTrims(): void {
    if (this.#pendingTrims.size === 0) return;
    const current = new Set(this.log.surface.nodes);
    // A compaction since the trim was asked for may have shadowed the result already.
    for (const [seq, content] of [...this.#pendingTrims].filter(([trimmed]) => current.has(trimmed))) {
      const { data: original } = this.#toolResultAt(seq);
      const block = original.message.content[0] as Extract<ContentBlock, { type: 'tool-result' }>;
      const message = { ...original.message, content: [{ ...block, content }] };
      this.log.append('compaction/prune', { shadowedRange: { start: seq, end: seq }, shadowedSeqs: [seq], shadowedTokenCount: estimateTokens([original.message]) });
      this.log.append('tool/result', { ...original, message }, { surfaceOp: { op: 'replace', start: seq, end: seq }, sourceEventSeqs: [seq] });
    }
    this.#pendingTrims.clear();
  }

  /** The current surface node `seq`, which #applyTrims only ever names for a tool result. */
  #toolResultAt(seq: number): EventOf<'tool/result'> {
    const event = this.log.eventAt(seq);
    if (event === undefined || !isEvent(event, 'tool/result')) throw new ReconError('INTERNAL', `seq ${seq} is not a tool/result`);
    return event;
  }

  #message(content: string | Message): Message {
    return typeof content === 'string' ? textMessage(this.#ids(), content) : content;
  }
}

/** What a one-shot call logs so its request can be rebuilt (spec §2.3). */
export type OneShotEnvelope = Pick<CompactionSummaryData, 'provider' | 'model' | 'maxTokens'>;

const SUMMARY_INSTRUCTIONS = 'Summarize the conversation so far for the agent that continues it. Keep every fact it needs.';

/** The folded config minus the fields the route filled in, so the current route fills them again. */
export function requestProposal(header: EpochHeader): LlmCallConfig {
  const config: Mutable<LlmCallConfig> = { ...header.config };
  if (header.adapterDefaults?.reasoningEffort === true) delete config.reasoningEffort;
  if (header.adapterDefaults?.maxTokens === true) delete config.maxTokens;
  return config;
}

/** An explicit effort survives a restart only on the same provider and model. */
function keptEffort(folded: EpochHeader | undefined, config: LoopConfig): string | undefined {
  if (folded === undefined || folded.adapterDefaults?.reasoningEffort === true) return undefined;
  if (folded.config.provider !== config.provider || folded.config.model !== config.model) return undefined;
  return folded.config.reasoningEffort;
}

function lastTurn(log: SessionLog): number {
  // Stryker disable next-line EqualityOperator: seq 0 is never a turn/start: a turn's prompt is spliced into the inbox before it
  for (let seq = log.length - 1; seq >= 0; seq--) {
    const event = log.eventAt(seq)!;
    if (event.type === 'turn/start') return (event.data as { turn: number }).turn;
  }
  return 0;
}

/** A stable, provider-free estimate (four characters a token) for the logged shadowed token count. */
function estimateTokens(messages: readonly Message[]): number {
  // Stryker disable next-line ArithmeticOperator,ArrowFunction: shadowedTokenCount is an estimate the spec leaves to the implementation (LOOP-6.1 logs it, nothing rebuilds from it)
  return Math.ceil(JSON.stringify(messages.map((m) => m.content)).length / 4);
}

function errorText(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
