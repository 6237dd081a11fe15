/**
 * The model adapter a DSH loop run registers. With `dsh-llm-deepseek` (rc.8) it is DSH's
 * DeepSeek adapter on the scripted transport. A version that publishes an agent loop but
 * no model adapter (0.1.0-rc.6) gets a stand-in: an `LlmAdapter` of that version's
 * dsh-llm that posts the request to the same scripted transport (so replies are served in
 * order) and turns the DeepSeek SSE answer into stream chunks with recon's own translator.
 *
 * The stand-in's body is the neutral request as JSON, not a DeepSeek body: such a version
 * has no wire level, so no property reads it as DSH's wire bytes.
 */
// @ts-nocheck

import type { GenerateOptions, LlmAdapter } from '@deepseek-ai/dsh-llm';
import type { LiveModel } from '../../contract/scenario.ts';
import type { RouteDefaults } from '../../loop/index.ts';
import { DEEPSEEK_BASE_URL, DEEPSEEK_EFFORTS, DeepSeekStreamTranslator, translateSseStream } from '../../wire/index.ts';
import { dshChunk } from './boundary.ts';
import { deepSeekAdapter } from './deepseek-wire.ts';
import type { DshPackages } from './packages.ts';

/** Context window the stand-in reports (the token meter asks); DSH's DeepSeek default. */
const CONTEXT_WINDOW = 1_000_000;

export function loopModelAdapter(dsh: DshPackages, defaults: RouteDefaults = {}, live?: LiveModel): LlmAdapter {
  if (dsh.deepseek !== undefined) return deepSeekAdapter(dsh, defaults, live);
  const effort = (id: string) => dsh.llm.ReasoningEffortId(id);
  return new (class StandInAdapter extends dsh.llm.LlmAdapter {
    override providerInfo(provider: string) {
      return { id: provider, name: 'recon stand-in' };
    }
    override resolveModel(provider: string, model: string) {
      return Promise.resolve({
        provider,
        id: model,
        name: model,
        context: { contextWindow: CONTEXT_WINDOW },
        ...(defaults.maxTokens === undefined ? {} : { defaultMaxTokens: defaults.maxTokens }),
        reasoning: { efforts: [...DEEPSEEK_EFFORTS].map((id) => ({ id: effort(id), name: id })), ...(defaults.reasoningEffort === undefined ? {} : { defaultEffort: effort(defaults.reasoningEffort) }) },
      });
    }
    async *stream(options: GenerateOptions) {
      const { signal, ...request } = options;
      const response = await fetch(`${DEEPSEEK_BASE_URL}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request), ...(signal === undefined ? {} : { signal }) });
      for await (const chunk of translateSseStream(new DeepSeekStreamTranslator(), response.body!)) yield dshChunk(dsh, chunk);
    }
  })();
}
