/**
 * A check run as JSON Lines (the report every rendering is made from): a header with the
 * harness, corpus and implementation, one line per property result, and a footer.
 */
import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { judge } from "./expectations.js";
import { packagePath } from "../_internals/package-root.js";
import { ReconError } from "../errors.js";
import { HARNESS_VERSION } from "../version.js";
export const RUN_FORMAT = 1;
/** The corpus a run replays: the package's stored regressions, and the property ids. */
function corpusVersion(propertyIds) {
    const hash = createHash('sha256').update(propertyIds.join('\n'));
    let regressions = 0;
    const dir = packagePath('corpora/regressions/');
    let names = [];
    try {
        names = readdirSync(dir).filter((n) => n.endsWith('.jsonl')).sort();
    }
    catch {
        // No stored regressions yet.
    }
    for (const name of names) {
        hash.update(name).update(readFileSync(dir + name));
        regressions++;
    }
    return { version: hash.digest('hex').slice(0, 12), regressions, properties: propertyIds.length };
}
export function toRunRecord(suite, impl, expectations, startedAt) {
    const judged = judge(suite, expectations?.content);
    const results = judged.map(({ result: r, verdict, expectation }) => runResult({
        ...r,
        level: r.levels.join('+'),
        verdict,
        ...(expectation === undefined ? {} : { expected: { status: expectation.status, reason: expectation.reason, ...(expectation.issue === undefined ? {} : { issue: expectation.issue }) } }),
    }));
    return {
        header: {
            type: 'header',
            format: RUN_FORMAT,
            harness: { name: 'reconstructable', version: HARNESS_VERSION },
            corpus: corpusVersion(suite.properties.map((p) => p.id)),
            implementation: suite.implementation,
            impl,
            seed: suite.seed,
            budget: suite.budget,
            ...(suite.shard === undefined ? {} : { shard: suite.shard }),
            startedAt: startedAt.toISOString(),
            node: process.version,
            ...(expectations?.file === undefined ? {} : { expectations: expectations.file }),
        },
        results,
        footer: { type: 'footer', summary: { ...suite.summary, unexpected: results.filter((r) => r.verdict !== 'as-expected').length }, timeMs: Math.round(suite.timeMs) },
    };
}
/** One result line, its keys always in the same order: a merged run reads like an unsharded one. */
export function runResult(r) {
    return {
        type: 'result',
        id: r.id,
        level: r.level,
        title: r.title,
        clause: r.clause,
        status: r.status,
        verdict: r.verdict,
        runs: r.runs,
        regressions: r.regressions,
        timeMs: Math.round(r.timeMs),
        ...(r.reason === undefined ? {} : { reason: r.reason }),
        ...(r.expected === undefined ? {} : { expected: r.expected }),
        ...(r.counterexample === undefined ? {} : { counterexample: r.counterexample }),
        ...(r.statistics === undefined ? {} : { statistics: r.statistics }),
        ...(r.labels === undefined ? {} : { labels: r.labels }),
        ...(r.floors === undefined ? {} : { floors: r.floors }),
    };
}
export function writeRunJsonl(record) {
    return [record.header, ...record.results, record.footer].map((line) => JSON.stringify(line)).join('\n') + '\n';
}
export function readRunJsonl(text, file = 'run.jsonl') {
    const lines = text.split('\n').filter((line) => line.trim() !== '');
    const parsed = lines.map((line, i) => {
        try {
            return JSON.parse(line);
        }
        catch {
            throw new ReconError('USAGE', `${file}:${i + 1}: not a JSON line`);
        }
    });
    const header = parsed[0];
    const footer = parsed[parsed.length - 1];
    if (header?.type !== 'header' || header.format !== RUN_FORMAT)
        throw new ReconError('USAGE', `${file}:1: not a recon run (line 1 must be its header, format ${RUN_FORMAT})`);
    if (footer?.type !== 'footer')
        throw new ReconError('USAGE', `${file}:${lines.length}: the run has no footer line (was it cut short?)`);
    return { header, results: parsed.slice(1, -1), footer };
}
