/**
 * Replaying a response body as it arrived: each recorded chunk after the gap recorded
 * before it, scaled by a speed factor. The clock is injected, so tests replay on a
 * virtual one and never assert on wall time.
 */
import { setTimeout as wait } from 'node:timers/promises';
import { chunkBytes } from "./cassette.js";
export async function* timedChunks(response, timing = {}) {
    const speed = timing.speed ?? 1;
    const sleep = timing.sleep ?? ((ms) => wait(ms));
    let previous = 0;
    for (const chunk of response.chunks) {
        const gap = (chunk.t - previous) / speed;
        previous = chunk.t;
        if (gap > 0)
            await sleep(gap);
        yield chunkBytes(chunk);
    }
}
