/**
 * Replay for third-party code in this process that calls global `fetch` or `node:http`
 * itself: nock 15 intercepts both. Every origin in the cassette is answered from it, and
 * net connect is disabled except for loopback, so a request nobody thought to intercept
 * fails at once instead of quietly reaching a live API.
 *
 * nock patches the globals as soon as it is imported, so it is loaded here on demand and
 * unpatched again by `restore()`.
 */
import { Readable } from 'node:stream';
import { supplyPromiseWithResolvers } from "../_internals/promise-with-resolvers.js";
import { timedChunks } from "./timing.js";
const LOOPBACK = /^(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?$/;
export async function installNockReplay(replayer, timing = {}) {
    supplyPromiseWithResolvers();
    const { default: nock } = await import('nock');
    if (!nock.isActive())
        nock.activate();
    nock.disableNetConnect();
    nock.enableNetConnect((host) => LOOPBACK.test(host));
    const targets = new Set();
    for (const { request } of replayer.cassette.interactions)
        if (request !== null)
            targets.add(`${new URL(request.url).origin} ${request.method}`);
    for (const target of targets) {
        const [origin, method] = target.split(' ');
        nock(origin)
            .persist()
            .intercept(() => true, method)
            .reply(async (request) => {
            const interaction = replayer.take({ method: request.method, url: request.url, body: new Uint8Array(await request.arrayBuffer()) });
            return [interaction.response.status, Readable.from(timedChunks(interaction.response, timing)), { ...interaction.response.headers }];
        });
    }
    return {
        restore() {
            nock.cleanAll();
            nock.enableNetConnect();
            nock.restore();
        },
    };
}
