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
import type { RouteDefaults } from '../../loop/index.ts';
import type { DshPackages } from './packages.ts';
export declare function loopModelAdapter(dsh: DshPackages, defaults?: RouteDefaults): unknown;
