/**
 * A loop scenario: a scripted conversation as data (DESIGN §4). The harness replays it
 * into any implementation's live loop and checks what was sent against the log written.
 *
 * Contract for implementations:
 * - the model answers request n (1-based, loop requests and one-shots together, in
 *   order) with `replies[n-1]`, or with `{"text":"done"}` once the replies run out;
 * - every tool answers with one text block `<name>(<arguments>)`, unless the scripted
 *   call carries an `output` (feature `toolOutputs`);
 * - `session.createdAt` and a clock starting at `clock.start` and stepping by
 *   `clock.step` per event make the bytes deterministic.
 *
 * Optional features (protocol version 1, extended compatibly): a scenario may use the
 * fields below, each part of one feature. An implementation lists the features it plays
 * in its handshake (`scenarioFeatures`); it never receives a scenario that uses another
 * (`withDeclaredFeatures` takes them out first), so an adapter written before a feature
 * existed keeps passing.
 */
import type { ContentBlock, LlmCallConfig, ToolSpec } from '../log/index.ts';
import type { ScriptedReply } from '../loop/index.ts';

export const SCENARIO_VERSION = 1;

export const SCENARIO_FEATURES = ['retries', 'restartMidTurn', 'headerChangeMidTurn', 'toolOutputs', 'wholeReplies', 'liveModel', 'sessionPrefix', 'fork', 'tornRestart', 'compactKeep', 'trim'] as const;
/**
 * - `retries`: `maxRetries` — a reply that finishes `error` is retried (logged as `llm/retry`
 *   and `llm/retry-started`, spec §2.3) up to that many times; each attempt takes the next reply.
 * - `restartMidTurn`: `prompt.crash` — the process stops while the turn's n-th request is in
 *   flight, right after the first chunk of its reply was logged (with `inTool`: while the first
 *   tool that reply calls runs, its `tool/call` logged and its result not); only the log
 *   persists, and a new loop instance repairs the interrupted turn (spec §4.5) before the next action.
 * - `headerChangeMidTurn`: `prompt.change` — while the turn's n-th request is in flight the
 *   system prompt, the tools or the config change; the next step's request carries it.
 * - `toolOutputs`: `output` on a scripted tool call — the tool answers with these text
 *   blocks (none, one or several), as an error result when `isError`.
 * - `wholeReplies`: `whole: true` on a reply — it arrives in one piece, not streamed: no
 *   `assistant/chunk` is logged, and the `assistant/message` cites none (`sourceEventSeqs: []`).
 * - `liveModel`: `model.baseUrl` — the implementation's own model client sends every request
 *   (loop requests and one-shots) over HTTP to that base URL, where the harness answers
 *   request n with `replies[n-1]` as the provider's stream (tool calls without an id get
 *   `call-1`, `call-2`, … in the order served), so the harness sees the bytes that went out.
 */
/*
 * - `sessionPrefix`: `sessionPrefix` — the loop follows the session-prefix era's design
 *   (dsh-eras §4.1): a loop instance composes its prefix once, before its first request; the
 *   k-th composition of the run (0-based) is the user messages of the texts `sessionPrefix[k]`
 *   (cycling; ids `prefix-<k>-<i>`, source `{kind:"plugin", plugin:"session-prefix"}`), so an
 *   instance that composed twice would send other texts. It records them as the
 *   header's `messagePrefix`, and sends them before the messages derived from the events
 *   before each step's `step/start`; a step's entered messages come before its `step/start`,
 *   and an injection is a `context/message` at once, joining the next request.
 * - `fork`: the action `fork` — the session forks (spec §7.5, design note corollary 3) and the
 *   run goes on in a new loop instance over the child log, as a new process would; the run
 *   reports each parent log as it stood at its fork in `LoopRun.forks`. Without the feature
 *   the fork is left out: what is left is the scenario as it was before the fork was drawn.
 * - `tornRestart`: `torn` on a restart — the stopping process was cut short while writing a
 *   line: the persisted log ends with these bytes after its last newline (a line without its
 *   newline, a torn tail, spec LOG-7.1). The new instance loads the log without them and
 *   appends after the last whole line, so the log it writes loads again (LOOP-1.3).
 * - `compactKeep`: `keep` on a compact, exact — the compaction shadows every surface node but
 *   the last `keep` (none when absent), and a surface of at most `keep` nodes is left alone.
 *   Without the feature `keep` is taken out and the implementation keeps what its own policy
 *   keeps: at least one node is shadowed, always the surface's first.
 * - `trim`: the action `trim` — at the start of the next turn the call's current result is
 *   replaced, as one node, by the same result with the text as its content (a restart before
 *   that turn drops the trim). Without the feature the trim is left out.
 */
export type ScenarioFeature = (typeof SCENARIO_FEATURES)[number];

export interface RouteConfig {
  readonly provider: string;
  readonly model: string;
  readonly maxTokens?: number;
  readonly reasoningEffort?: string;
}

/** What a tool answers instead of `<name>(<arguments>)` (feature `toolOutputs`). */
export interface ScriptedToolOutput {
  readonly content: ReadonlyArray<Extract<ContentBlock, { type: 'text' }>>;
  readonly isError?: boolean;
}

/** A scripted reply; its tool calls may carry the output their tool answers with. */
export interface ScenarioReply extends Omit<ScriptedReply, 'toolCalls'> {
  readonly toolCalls?: ReadonlyArray<NonNullable<ScriptedReply['toolCalls']>[number] & { readonly output?: ScriptedToolOutput }>;
}

/** An action that changes the header the next request is built with. */
export type HeaderChange =
  /** From now on the system prompt renders as `text` (the same text again is not a change). */
  | { readonly do: 'setSystem'; readonly text: string }
  /**
   * Register a tool; it joins the tools of every later request. A name already registered
   * is replaced (spec LOOP-3.6): each name is sent once, with the definition registered last
   * (the reference keeps the order names were first registered).
   */
  | { readonly do: 'registerTool'; readonly tool: ToolSpec }
  /** The per-call config hook: from now on, merge these fields into every proposal (null: stop). */
  | { readonly do: 'override'; readonly config: Partial<Omit<LlmCallConfig, 'provider' | 'model'>> | null };

export type ScenarioAction =
  /**
   * A user prompt: one turn, run until idle. With `inject`, the text is injected while the
   * turn's request number `duringRequest` (1-based) is in flight: it must join a later request.
   * `crash` (feature `restartMidTurn`) and `change` (feature `headerChangeMidTurn`) happen
   * while the turn's request number `duringRequest` is in flight; see SCENARIO_FEATURES.
   */
  | {
      readonly do: 'prompt';
      readonly text: string;
      readonly inject?: { readonly text: string; readonly duringRequest: number };
      readonly crash?: { readonly duringRequest: number; readonly inTool?: boolean };
      readonly change?: { readonly duringRequest: number; readonly action: HeaderChange };
    }
  | HeaderChange
  /** Compact the history into a summary (a one-shot call), keeping the last `keep` surface nodes (feature `compactKeep`). */
  | { readonly do: 'compact'; readonly keep?: number }
  /** Feature `trim`: rewrite the result of a tool call (the `n`-th call of the log, 1-based) to `text` at the next turn. */
  | { readonly do: 'trim'; readonly call: number; readonly text: string }
  /**
   * Stop and start a new loop instance over the persisted log, with an optional new route or
   * system prompt (drift); `torn` (feature `tornRestart`): the bytes a write cut short left
   * after the log's last newline.
   */
  | { readonly do: 'restart'; readonly route?: RouteConfig; readonly system?: string; readonly torn?: string }
  /**
   * Feature `fork`: fork the session into the new session `childId` and go on in a new loop
   * instance over the child, with an optional new route or system prompt (a fork override:
   * drift the child's resume snapshot logs). The boundary is right after the `turn/end` of
   * turn `afterTurn` when the log holds it, else the whole log (fork's default boundary). The
   * child is created at the scenario clock's next tick.
   */
  | { readonly do: 'fork'; readonly childId: string; readonly afterTurn?: number; readonly route?: RouteConfig; readonly system?: string };

export interface Scenario {
  readonly scenario: typeof SCENARIO_VERSION;
  readonly id?: string;
  readonly session: { readonly id: string; readonly createdAt: number };
  readonly clock: { readonly start: number; readonly step: number };
  readonly route: RouteConfig;
  /** What the scripted route fills in (and marks as adapter defaults) when a proposal lacks it. */
  readonly defaults: { readonly maxTokens?: number; readonly reasoningEffort?: string };
  readonly system: string;
  readonly tools: readonly ToolSpec[];
  readonly replies: readonly ScenarioReply[];
  readonly actions: readonly ScenarioAction[];
  /** Feature `retries`: how often a failed attempt is retried (default 0). */
  readonly maxRetries?: number;
  /** Feature `liveModel`: where the model client sends its requests (the DeepSeek API's base URL), and the key it sends. */
  readonly model?: LiveModel;
  /** Feature `sessionPrefix`: the session prefix each loop instance composes, as texts (cycling). */
  readonly sessionPrefix?: readonly (readonly string[])[];
}

export interface LiveModel {
  readonly baseUrl: string;
  readonly apiKey?: string;
}

export const FALLBACK_REPLY: ScriptedReply = { text: 'done' };

/** The text every scenario tool answers with. */
export function scenarioToolOutput(name: string, argumentsJson: string): string {
  return `${name}(${argumentsJson})`;
}

/** The optional features a scenario uses. */
export function scenarioFeatures(s: Scenario): Set<ScenarioFeature> {
  const used = new Set<ScenarioFeature>();
  if ((s.maxRetries ?? 0) > 0) used.add('retries');
  if (s.model !== undefined) used.add('liveModel');
  if (s.sessionPrefix !== undefined) used.add('sessionPrefix');
  for (const a of s.actions) {
    if (a.do === 'fork') used.add('fork');
    if (a.do === 'restart' && a.torn !== undefined) used.add('tornRestart');
    if (a.do === 'compact' && a.keep !== undefined) used.add('compactKeep');
    if (a.do === 'trim') used.add('trim');
    if (a.do === 'prompt' && a.crash !== undefined) used.add('restartMidTurn');
    if (a.do === 'prompt' && a.change !== undefined) used.add('headerChangeMidTurn');
  }
  for (const r of s.replies) {
    if (r.whole === true) used.add('wholeReplies');
    if (r.toolCalls?.some((c) => c.output !== undefined)) used.add('toolOutputs');
  }
  return used;
}

/**
 * The scenario an implementation that plays only `declared` features receives: each other
 * feature taken out the way that keeps most of the case — a mid-turn change happens after
 * the turn instead, a crash and a retry budget go, outputs fall back to `<name>(<arguments>)`,
 * a whole reply streams, a live model is replaced by the scripted one, a fork is left out,
 * a restart finds its log whole, a compaction keeps what the implementation's policy keeps,
 * a trim is left out.
 */
export function withDeclaredFeatures(s: Scenario, declared: readonly string[] | undefined): Scenario {
  const keep = (f: ScenarioFeature) => declared?.includes(f) === true;
  const used = scenarioFeatures(s);
  if ([...used].every(keep)) return s;
  const { maxRetries, model, sessionPrefix, ...rest } = s;
  const actions = s.actions.flatMap((a): ScenarioAction[] => {
    if (a.do === 'fork') return keep('fork') ? [a] : [];
    if (a.do === 'compact' && a.keep !== undefined && !keep('compactKeep')) return [{ do: 'compact' }];
    if (a.do === 'trim') return keep('trim') ? [a] : [];
    if (a.do === 'restart' && a.torn !== undefined && !keep('tornRestart')) {
      const { torn: _torn, ...whole } = a;
      return [whole];
    }
    if (a.do !== 'prompt') return [a];
    const { crash, change, ...prompt } = a;
    const kept = { ...prompt, ...(crash !== undefined && keep('restartMidTurn') ? { crash } : {}), ...(change !== undefined && keep('headerChangeMidTurn') ? { change } : {}) };
    return change !== undefined && !keep('headerChangeMidTurn') ? [kept, change.action] : [kept];
  });
  const replies = s.replies.map((r): ScenarioReply => {
    const { whole, toolCalls, ...reply } = r;
    return {
      ...reply,
      ...(whole !== undefined && keep('wholeReplies') ? { whole } : {}),
      ...(toolCalls === undefined ? {} : { toolCalls: keep('toolOutputs') ? toolCalls : toolCalls.map(({ output: _o, ...call }) => call) }),
    };
  });
  return {
    ...rest,
    ...(maxRetries !== undefined && keep('retries') ? { maxRetries } : {}),
    ...(model !== undefined && keep('liveModel') ? { model } : {}),
    ...(sessionPrefix !== undefined && keep('sessionPrefix') ? { sessionPrefix } : {}),
    actions,
    replies,
  };
}
