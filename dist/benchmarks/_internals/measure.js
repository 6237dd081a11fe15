/**
 * A thin layer over tinybench (pinned exactly: its result shape changed twice). What we
 * keep of a task is our own `BenchResult`, so reports do not change when tinybench does.
 *
 * Tasks run in rounds, all tasks once per round: a heap, a JIT or a machine that drifts
 * during a run then shows in the spread of the round means, which is what comparing two
 * runs must weigh — the spread of samples within one round understates it.
 */
import { Bench } from 'tinybench';
export const PROFILES = {
    quick: { name: 'quick', time: 60, iterations: 8, rounds: 3, foldSamples: 12, loadPairs: 15, suiteRuns: 30, auditMegabytes: [1, 10], auditSamples: 3 },
    full: { name: 'full', time: 400, iterations: 30, rounds: 6, foldSamples: 30, loadPairs: 40, suiteRuns: 100, auditMegabytes: [1, 10, 100], auditSamples: 3 },
};
export async function measure(profile, tasks) {
    const perTask = new Map(tasks.map((t) => [t.id, []]));
    for (let round = 0; round < profile.rounds; round++) {
        const bench = new Bench({ time: profile.time, iterations: profile.iterations, warmupTime: profile.time / 5, warmupIterations: 5, retainSamples: true });
        const warnings = new Map();
        bench.addEventListener('warning', (event) => {
            const name = event.task?.name ?? '';
            warnings.set(name, [...(warnings.get(name) ?? []), String(event.reason ?? 'timer saturation')]);
        });
        for (const task of tasks)
            bench.add(task.id, task.fn, task.options);
        await bench.run();
        for (const task of bench.tasks) {
            const result = task.result;
            if (result.state !== 'completed' && result.state !== 'aborted-with-statistics') {
                throw new Error(`benchmark ${task.name} did not complete: ${result.state === 'errored' ? result.error.message : result.state}`);
            }
            perTask.get(task.name).push({ mean: result.latency.mean, samples: result.latency.samples ?? [], warnings: warnings.get(task.name) ?? [] });
        }
    }
    return tasks.map(({ id }) => summarise(id, perTask.get(id)));
}
function summarise(id, rounds) {
    const samples = rounds.flatMap((r) => r.samples).sort((a, b) => a - b);
    const n = samples.length;
    const mean = samples.reduce((a, b) => a + b, 0) / n;
    const sd = Math.sqrt(samples.reduce((a, b) => a + (b - mean) ** 2, 0) / Math.max(1, n - 1));
    const at = (q) => samples[Math.min(n - 1, Math.floor(q * n))];
    // 95 % margin of error of the mean, relative, with the normal quantile (n is never tiny here).
    const rme = ((1.96 * sd) / Math.sqrt(n) / mean) * 100;
    const warnings = [...new Set(rounds.flatMap((r) => r.warnings))];
    return { id, mean, p50: at(0.5), p99: at(0.99), sd, rme, samples: n, rounds: rounds.map((r) => r.mean), untrusted: warnings.length > 0, warnings };
}
