import { ReconError } from "../../errors.js";
import { collectBody } from "../_internals/bytes.js";
import { jsonObject } from "../_internals/json.js";
import { listenOnLoopback } from "../_internals/loopback.js";
import { providerOfModel } from "../endpoint.js";
import { ModelSimulator } from "./model-simulator.js";
export const SIMULATOR_HEADER = 'x-recon-simulator';
export async function startSimulator(options = {}) {
    const model = new ModelSimulator(options.replies ?? [], options.now ?? Date.now);
    return listenOnLoopback((request, response) => void answer(model, options.provider, request, response), options.port);
}
async function answer(model, pinned, request, response) {
    let provider;
    const send = ({ status, contentType, body }) => {
        response.writeHead(status, { 'content-type': contentType, 'cache-control': 'no-cache', [SIMULATOR_HEADER]: `model of ${provider ?? 'a provider'}` });
        response.end(body);
    };
    const refuse = (status, code, message) => send({ status, contentType: 'application/json', body: JSON.stringify({ error: { code, message } }) });
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    const api = request.method !== 'POST' ? undefined : /^(\/v1)?\/chat\/completions$/.test(path) ? 'chat' : /^(\/v1)?\/messages$/.test(path) ? 'messages' : undefined;
    if (api === undefined)
        return refuse(404, 'SIMULATOR_REQUEST', `${request.method} ${path} is not a route of the simulator (POST /chat/completions, /v1/chat/completions, /v1/messages)`);
    if (pinned !== undefined && (api === 'messages') !== (pinned === 'anthropic'))
        return refuse(404, 'SIMULATOR_REQUEST', `this simulator answers as ${pinned} only, and ${path} is another provider's API`);
    try {
        const body = parseBody(await collectBody(request));
        provider = api === 'messages' ? 'anthropic' : (pinned ?? (providerOfModel(body['model']) === 'openai' ? 'openai' : 'deepseek'));
        send(await model.answer(provider, body));
    }
    catch (error) {
        const refusal = ReconError.is(error) ? error : undefined;
        refuse(refusal?.code === 'SIMULATOR_REQUEST' ? 400 : 500, refusal?.code ?? null, error.message);
    }
}
function parseBody(bytes) {
    const body = jsonObject(Buffer.from(bytes).toString('utf8'));
    if (body === undefined)
        throw new ReconError('SIMULATOR_REQUEST', 'the body is not a JSON object');
    return body;
}
