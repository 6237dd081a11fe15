import { ReconError } from "../errors.js";
import { collectBody } from "./_internals/bytes.js";
import { listenOnLoopback } from "./_internals/loopback.js";
import { Replayer } from "./replayer.js";
import { timedChunks } from "./timing.js";
export async function serveCassette(cassette, options = {}) {
    const replayer = new Replayer(cassette, { ...options.replay, ignoreOrigin: true });
    const { url, close } = await listenOnLoopback((request, response) => void answer(replayer, options, request, response), options.port);
    return { url, replayer, close };
}
async function answer(replayer, options, request, response) {
    try {
        const body = await collectBody(request);
        const url = new URL(request.url ?? '/', `http://${request.headers.host ?? '127.0.0.1'}`).href;
        const interaction = replayer.take({ method: request.method ?? 'GET', url, body });
        response.writeHead(interaction.response.status, interaction.response.headers);
        response.flushHeaders();
        for await (const chunk of timedChunks(interaction.response, options.timing)) {
            if (response.destroyed)
                return;
            response.write(chunk);
        }
        response.end();
    }
    catch (error) {
        if (response.headersSent)
            return void response.destroy(error);
        const refusal = ReconError.is(error) ? error : undefined;
        if (refusal !== undefined)
            options.onMiss?.(refusal);
        response.writeHead(refusal === undefined ? 500 : 501, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ error: { code: refusal?.code ?? null, message: error.message, hint: refusal?.hint ?? null } }));
    }
}
