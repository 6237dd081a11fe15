/**
 * A loop scenario: a scripted conversation as data (DESIGN §4). The harness replays it
 * into any implementation's live loop and checks what was sent against the log written.
 *
 * Contract for implementations:
 * - the model answers request n (1-based, loop requests and one-shots together, in
 *   order) with `replies[n-1]`, or with `{"text":"done"}` once the replies run out;
 * - every tool answers with one text block `<name>(<arguments>)`;
 * - `session.createdAt` and a clock starting at `clock.start` and stepping by
 *   `clock.step` per event make the bytes deterministic.
 */
import type { LlmCallConfig, ToolSpec } from '../log/index.ts';
import type { ScriptedReply } from '../loop/index.ts';

export const SCENARIO_VERSION = 1;

export interface RouteConfig {
  readonly provider: string;
  readonly model: string;
  readonly maxTokens?: number;
  readonly reasoningEffort?: string;
}

export type ScenarioAction =
  /**
   * A user prompt: one turn, run until idle. With `inject`, the text is injected while the
   * turn's request number `duringRequest` (1-based) is in flight: it must join a later request.
   */
  | { readonly do: 'prompt'; readonly text: string; readonly inject?: { readonly text: string; readonly duringRequest: number } }
  /** From now on the system prompt renders as `text` (the same text again is not a change). */
  | { readonly do: 'setSystem'; readonly text: string }
  /** Register one more tool; it joins the tools of every later request. */
  | { readonly do: 'registerTool'; readonly tool: ToolSpec }
  /** The per-call config hook: from now on, merge these fields into every proposal (null: stop). */
  | { readonly do: 'override'; readonly config: Partial<Omit<LlmCallConfig, 'provider' | 'model'>> | null }
  /** Compact the history into a summary (a one-shot call), keeping the last `keep` surface nodes. */
  | { readonly do: 'compact'; readonly keep?: number }
  /** Rewrite the result of a tool call (the `n`-th call of the run, 1-based) to `text` at the next turn. */
  | { readonly do: 'trim'; readonly call: number; readonly text: string }
  /** Stop and start a new loop instance over the persisted log, with an optional new route or system prompt (drift). */
  | { readonly do: 'restart'; readonly route?: RouteConfig; readonly system?: string };

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
  readonly replies: readonly ScriptedReply[];
  readonly actions: readonly ScenarioAction[];
}

export const FALLBACK_REPLY: ScriptedReply = { text: 'done' };

/** The text every scenario tool answers with. */
export function scenarioToolOutput(name: string, argumentsJson: string): string {
  return `${name}(${argumentsJson})`;
}
