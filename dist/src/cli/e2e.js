import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { Agent } from 'undici';
import { compareRuns, mutantLoop } from "../e2e/compare-runs.js";
import { E2E_MODELS } from "../e2e/conversation.js";
import { ReconError } from "../errors.js";
import { dispatcherFetch } from "../http/index.js";
import { formatTable, percent } from "../report/table.js";
import { WIRE_FORMATS, isProvider } from "../wire/index.js";
import { EXIT, parseCommandLine } from "./command.js";
const help = `Usage: recon e2e [--provider deepseek|openai|anthropic] [--model M] [--base-url URL]
                [--record <cassette.jsonl>] [--mutant NAME]... [--json]

Runs the reference agent loop over HTTP through a real two-turn tool conversation (a
shop clerk with a ~4,000-token catalogue in its system prompt and three local tools:
stock_level, multiply, add), with the loop's reconstruction check on, and records
every exchange into a cassette (no credential ever reaches it). Then, from the
cassette: per model call the input, cache read, cache write, output and the bound (the
most cache-read tokens the conversation allows, as recon replay computes it), the
token-weighted read rate (Σ read ÷ Σ input) and the attainment (Σ read ÷ Σ bound).

The run passes when every turn completes and every request after the first reports
cache reads > 0.

The key is read from DEEPSEEK_API_KEY, OPENAI_API_KEY or ANTHROPIC_API_KEY. Without
one the command prints a line saying it skipped and exits 0, unless --base-url is
given: any base URL is accepted without a key, which is how \`recon simulate\` serves
the same code path offline.

--mutant NAME (repeatable) runs that mutant's loop through the same conversation and
adds its figures to the table. A mutant's attainment is measured against the bound of
the reference run, the bound the conversation allows: a mutant that breaks its own
prefix would otherwise be measured against a bound it broke itself. Its own
reconstruction check is off, as in the catalogue.

Options:
  --provider P   deepseek (default), openai or anthropic
  --model M      the model (default ${Object.entries(E2E_MODELS).map(([p, m]) => `${p}: ${m}`).join(', ')})
  --base-url U   the API base URL, as the provider's SDKs take it (DeepSeek
                 https://api.deepseek.com, OpenAI and Anthropic with /v1); the
                 simulator answers on both http://127.0.0.1:<port> and …/v1
  --record FILE  the cassette to create (default reports/e2e/<provider>-<time>.jsonl);
                 mutant runs go beside it, as <FILE>.<mutant>.jsonl
  --mutant NAME  a mutant of the catalogue with a loop or fold of its own
                 (recon mutants --list)
  --json         print one object: {"provider","model","baseUrl","simulated","runs":
                 [{"name","cassette","boundOf","requests":[{input,cacheRead,cacheWrite,
                 output,bound}],"rate","attainment","passed","problems"}],"passed"}

Exit codes: 0 the reference run passed (or skipped without a key), 1 it failed,
            2 usage error, 3 a cassette could not be written.
`;
export const e2e = {
    name: 'e2e',
    summary: 'run the reference loop through a real tool conversation and measure its cache reads',
    help,
    async run(argv, io) {
        const { values } = parseCommandLine('e2e', argv, {
            provider: { type: 'string', default: 'deepseek' },
            model: { type: 'string' },
            'base-url': { type: 'string' },
            record: { type: 'string' },
            mutant: { type: 'string', multiple: true, default: [] },
            json: { type: 'boolean', default: false },
        }, false);
        const provider = values.provider;
        if (!isProvider(provider))
            throw new ReconError('USAGE', `--provider takes deepseek, openai or anthropic, got "${provider}"`);
        const mutants = [...new Set(values.mutant)];
        mutants.forEach(mutantLoop); // refuses an unknown or non-loop mutant before any request goes out
        const keyVariable = WIRE_FORMATS[provider].keyVariable;
        const apiKey = io.env[keyVariable] || undefined;
        const baseUrl = values['base-url'];
        if (apiKey === undefined && baseUrl === undefined) {
            const reason = `${keyVariable} is not set, so the ${provider} e2e did not run (set it, or point --base-url at \`recon simulate\`)`;
            io.stdout.write(values.json ? `${JSON.stringify({ skipped: reason })}\n` : `recon e2e: skipped: ${reason}\n`);
            return EXIT.OK;
        }
        const started = new Date();
        const stamp = started.toISOString().replace(/[:.]/g, '-');
        // Digits of one width: every run's session line is as long as the reference's, so the units of their prompts line up.
        const session = (run) => `e2e-${started.getTime()}-${String(run).padStart(2, '0')}`;
        const cassette = resolve(io.cwd, values.record ?? `reports/e2e/${provider}-${stamp}.jsonl`);
        const files = [cassette, ...mutants.map((name) => cassette.replace(/(\.jsonl)?$/, `.${name}.jsonl`))];
        const taken = files.find((file) => existsSync(file));
        if (taken !== undefined)
            throw new ReconError('USAGE', `${taken} exists; a recording never extends another run's cassette, choose another --record`);
        await mkdir(dirname(cassette), { recursive: true });
        const agent = new Agent();
        const fetch = dispatcherFetch(agent);
        const model = values.model ?? E2E_MODELS[provider];
        try {
            const { runs, simulated } = await compareRuns({ provider, model, fetch, cassettes: files, session, mutants, ...(apiKey === undefined ? {} : { apiKey }), ...(baseUrl === undefined ? {} : { baseUrl }) });
            const passed = runs[0].passed;
            if (values.json)
                io.stdout.write(`${JSON.stringify({ provider, model, baseUrl: baseUrl ?? WIRE_FORMATS[provider].baseUrl, simulated, runs, passed })}\n`);
            else
                writeHuman(io, { provider, model, baseUrl: baseUrl ?? WIRE_FORMATS[provider].baseUrl, simulated }, runs);
            return passed ? EXIT.OK : EXIT.FAILED;
        }
        finally {
            await agent.close();
        }
    },
};
function writeHuman(io, at, runs) {
    const n = (value) => value ?? 'n/a';
    io.stdout.write(`recon e2e · ${at.provider} · ${at.model} · ${at.baseUrl}${at.simulated ? ' (the recon simulator: a model of the provider, not the provider)' : ''}\n`);
    for (const run of runs) {
        io.stdout.write(`\n${run.name} · ${relative(io.cwd, run.cassette)}\n`);
        io.stdout.write(formatTable(['call', 'input', 'cache read', 'cache write', 'output', run.boundOf === 'own' ? 'bound' : 'reference bound'], run.requests.map((r, i) => [`#${i + 1}`, n(r.input), n(r.cacheRead), n(r.cacheWrite), n(r.output), n(r.bound)]), '  '));
    }
    const sum = (run, key) => run.requests.reduce((total, r) => total + (r[key] ?? 0), 0);
    const rows = runs.map((run) => [run.name, run.requests.length, sum(run, 'input'), sum(run, 'cacheRead'), percent(run.rate), percent(run.attainment), run.passed ? 'yes' : 'no']);
    io.stdout.write(`\n${formatTable(['run', 'calls', 'input', 'cache read', 'read rate', 'attainment', 'passed'], rows)}`);
    io.stdout.write('attainment = Σ cache read ÷ Σ bound; a mutant is measured against the reference run\'s bound, the bound the conversation allows.\n');
    for (const run of runs)
        for (const problem of run.problems)
            io.stdout.write(`  ✗ ${run.name}: ${problem.code}: ${problem.message}\n`);
    if (runs.some((run) => run.boundOf === 'reference' && run.requests.length !== runs[0].requests.length))
        io.stdout.write('  note: a mutant made a different number of calls than the reference; its attainment compares unlike conversations.\n');
    io.stdout.write(runs[0].passed ? 'e2e passed: every turn completed and every request after the first read from the cache.\n' : 'e2e FAILED: see the problems of the reference run above.\n');
}
