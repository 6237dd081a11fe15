/**
 * Audit throughput: `recon audit`'s one streaming pass over generated valid logs of 1, 10
 * and 100 MB (the quick profile stops at 10 MB), in events and megabytes per second. The
 * logs are written to a temporary directory at bench time and removed afterwards. Each
 * sample is one whole audit, so the median of a few samples is the figure.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { auditFile } from "../src/audit/index.js";
import { writeLargeLog } from "./_internals/large-log.js";
export async function auditThroughput(profile) {
    const dir = mkdtempSync(join(tmpdir(), 'recon-bench-audit-'));
    try {
        const out = [];
        for (const megabytes of profile.auditMegabytes) {
            const path = join(dir, `${megabytes}mb.jsonl`);
            const { bytes, events } = writeLargeLog(path, megabytes * 1e6);
            // One unmeasured pass warms the JIT for the first size and the page cache for every size.
            if (!(await auditFile(path, path)).ok)
                throw new Error(`the generated ${megabytes} MB log did not load`);
            const times = [];
            for (let i = 0; i < profile.auditSamples; i++) {
                const start = performance.now();
                await auditFile(path, path);
                times.push(performance.now() - start);
            }
            const ms = times.sort((a, b) => a - b)[times.length >> 1];
            out.push({ megabytes, bytes, events, ms, eventsPerSecond: (events / ms) * 1000, megabytesPerSecond: bytes / 1e6 / (ms / 1000) });
            rmSync(path);
        }
        return out;
    }
    finally {
        rmSync(dir, { recursive: true, force: true });
    }
}
