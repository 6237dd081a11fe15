import { DEEPSEEK_BASE_URL, DEEPSEEK_EFFORTS, DeepSeekStreamTranslator, SseDecoder, translateSse } from "../../wire/index.js";
import { deepSeekAdapter } from "./deepseek-wire.js";
/** Context window the stand-in reports (the token meter asks); DSH's DeepSeek default. */
const CONTEXT_WINDOW = 1_000_000;
export function loopModelAdapter(dsh, defaults = {}) {
    if (dsh.deepseek !== undefined)
        return deepSeekAdapter(dsh, defaults);
    const Base = dsh.llm.LlmAdapter;
    return new (class StandInAdapter extends Base {
        providerInfo(provider) {
            return { id: provider, name: 'recon stand-in' };
        }
        resolveModel(provider, model) {
            return Promise.resolve({
                provider,
                id: model,
                name: model,
                context: { contextWindow: CONTEXT_WINDOW },
                ...(defaults.maxTokens === undefined ? {} : { defaultMaxTokens: defaults.maxTokens }),
                reasoning: { efforts: [...DEEPSEEK_EFFORTS].map((id) => ({ id, name: id })), ...(defaults.reasoningEffort === undefined ? {} : { defaultEffort: defaults.reasoningEffort }) },
            });
        }
        async *stream(options) {
            const { signal, ...request } = options;
            const response = await fetch(`${DEEPSEEK_BASE_URL}/chat/completions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(request), ...(signal === undefined ? {} : { signal }) });
            const decoder = new SseDecoder();
            const translator = new DeepSeekStreamTranslator();
            for await (const piece of response.body)
                yield* translateSse(translator, decoder.push(piece));
            yield* translateSse(translator, decoder.end());
            yield* translator.finish();
        }
    })();
}
