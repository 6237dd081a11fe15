/**
 * The reference and some loop mutants through the same conversation, each measured:
 * the reference against its own bound, a mutant against the reference's — the bound the
 * conversation allows, since a mutant that breaks its prefix would shrink its own bound.
 */
import { findMutant } from "../conformance/mutants/catalog.js";
import { ReconError } from "../errors.js";
import { AgentLoop } from "../loop/index.js";
import { runE2e } from "./run-e2e.js";
/** The loop (and fold) of a mutant, for running it over HTTP; refuses mutants that have neither. */
export function mutantLoop(name) {
    const parts = findMutant(name).parts;
    if (parts?.loop === undefined && parts?.session === undefined)
        throw new ReconError('USAGE', `mutant "${name}" has no loop or fold of its own; e2e runs loop mutants`);
    const loop = parts.loop ?? ((o) => new AgentLoop(o));
    return (o) => loop(parts.session === undefined ? o : { ...o, createSession: parts.session });
}
export async function compareRuns(options) {
    const loops = options.mutants.map((name) => ({ name, createLoop: mutantLoop(name) }));
    const common = {
        provider: options.provider,
        model: options.model,
        fetch: options.fetch,
        ...(options.apiKey === undefined ? {} : { apiKey: options.apiKey }),
        ...(options.baseUrl === undefined ? {} : { baseUrl: options.baseUrl }),
    };
    const reference = await runE2e({ ...common, cassette: options.cassettes[0], sessionId: options.session(0) });
    const runs = [measureRun('reference', options.cassettes[0], reference, reference.account)];
    let simulated = reference.simulated;
    for (const [i, mutant] of loops.entries()) {
        const run = await runE2e({ ...common, cassette: options.cassettes[i + 1], sessionId: options.session(i + 1), createLoop: mutant.createLoop, checkReconstruction: false });
        simulated ||= run.simulated;
        runs.push(measureRun(mutant.name, options.cassettes[i + 1], run, reference.account));
    }
    return { runs, simulated };
}
/** A run's figures, and its attainment against `bounds` (its own account, or the reference's). */
function measureRun(name, cassette, run, bounds) {
    const own = bounds === run.account;
    const requests = run.account.requests.map((r, i) => ({
        input: r.input ?? null,
        cacheRead: r.cacheRead ?? null,
        cacheWrite: r.cacheWrite ?? null,
        output: r.output ?? null,
        bound: (own ? r.bound : bounds.requests[i]?.bound) ?? null,
    }));
    const bounded = requests.filter((r) => r.bound !== null && r.cacheRead !== null);
    const bound = bounded.reduce((sum, r) => sum + r.bound, 0);
    const attainment = bound > 0 ? bounded.reduce((sum, r) => sum + r.cacheRead, 0) / bound : null;
    return { name, cassette, boundOf: own ? 'own' : 'reference', requests, rate: run.account.rate, attainment, passed: run.problems.length === 0, problems: run.problems };
}
