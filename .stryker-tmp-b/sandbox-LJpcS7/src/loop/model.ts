// @ts-nocheck
import type { Mutable } from '../_internals/mutable.ts';
import type { LlmCallConfig, StreamChunk } from '../log/index.ts';
import type { GenerateRequest, WireRequest } from '../wire/index.ts';

export interface AdapterDefaults {
  readonly reasoningEffort?: true;
  readonly maxTokens?: true;
}

/** The exact call a route will make: the proposal with the adapter's defaults filled in and marked. */
export interface PreparedCall {
  readonly config: LlmCallConfig;
  readonly adapterDefaults?: AdapterDefaults;
}

/** A model's reply as chunks; `whole` when it arrived in one piece (a non-streamed call), so there are no chunks to log. */
export type ModelReply = AsyncIterable<StreamChunk> & { readonly whole?: boolean };

/**
 * What the loop talks to. `prepare` resolves a proposal (spec §4.4 item 4); `serialize`
 * gives the exact wire bytes; `stream` sends them and yields the stream chunks.
 */
export interface ModelAdapter {
  readonly provider: string;
  prepare(proposal: LlmCallConfig): PreparedCall;
  serialize(request: GenerateRequest): WireRequest;
  stream(request: GenerateRequest, wire: WireRequest): ModelReply;
}

/** The defaults a DeepSeek-like route fills in when the proposal lacks them. */
export interface RouteDefaults {
  readonly maxTokens?: number;
  readonly reasoningEffort?: string;
}

/** Fills `maxTokens` and `reasoningEffort` from the route's defaults and marks what it filled. */
export function prepareWithDefaults(proposal: LlmCallConfig, defaults: RouteDefaults): PreparedCall {
  const config: Mutable<LlmCallConfig> = { ...proposal };
  const marks: { reasoningEffort?: true; maxTokens?: true } = {};
  if (config.reasoningEffort === undefined && defaults.reasoningEffort !== undefined) {
    config.reasoningEffort = defaults.reasoningEffort;
    marks.reasoningEffort = true;
  }
  if (config.maxTokens === undefined && defaults.maxTokens !== undefined) {
    config.maxTokens = defaults.maxTokens;
    marks.maxTokens = true;
  }
  return Object.keys(marks).length === 0 ? { config } : { config, adapterDefaults: marks };
}
