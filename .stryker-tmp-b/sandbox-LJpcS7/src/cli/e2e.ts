// @ts-nocheck
import { existsSync } from 'node:fs';
import { makeDirectory } from '../_internals/output-guard.ts';
import { dirname, relative, resolve } from 'node:path';
import { openImplementation } from '../conformance/open-implementation.ts';
import { compareRuns, mutantLoop, type MeasuredRun } from '../e2e/compare-runs.ts';
import { runLiveE2e, type LiveE2eRun } from '../e2e/live-e2e.ts';
import { E2E_MODELS } from '../e2e/conversation.ts';
import { ReconError } from '../errors.ts';
import { MAX_TIMEOUT_MS, PROVIDER_URLS, networkFetch } from '../http/index.ts';
import { formatTable, percent } from '../report/table.ts';
import { WIRE_FORMATS, isProvider, type Provider } from '../wire/index.ts';
import { EXIT, parseCommandLine, parseCount, type Command, type Io } from './command.ts';


const DEFAULT_TIMEOUT_MS = 120_000;

const help = `Usage: recon e2e [--provider deepseek|openai|anthropic] [--model M] [--base-url URL]
                [--record <cassette.jsonl>] [--mutant NAME]... [--timeout MS] [--json]
       recon e2e --impl reference|dsh|cmd:…|module:… [--model M] [--base-url URL]
                [--record <cassette.jsonl>] [--timeout MS] [--json]

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

--impl SPEC runs the conversation through that implementation's own model client
instead (scenario feature liveModel, docs/PROTOCOL.md; DeepSeek only): its base URL is
a recording proxy in front of the simulator (started here when there is no
DEEPSEEK_API_KEY and no --base-url) or of the real provider. It passes when every
request the proxy saw equals, byte for byte, the serialization of its rebuild from the
implementation's own log (E2E_WIRE_MISMATCH otherwise), every turn completes and every
request after the first reads from the cache; the attainment is reported.

Options:
  --impl SPEC    reference, dsh[@version], cmd:<command> or module:<path>
  --provider P   deepseek (default), openai or anthropic
  --model M      the model (default ${Object.entries(E2E_MODELS).map(([p, m]) => `${p}: ${m}`).join(', ')})
  --base-url U   the API base URL, as the provider's SDKs take it (DeepSeek
                 https://api.deepseek.com, OpenAI and Anthropic with /v1); the
                 simulator answers on both http://127.0.0.1:<port> and …/v1
  --record FILE  the cassette to create (default reports/e2e/<provider>-<time>.jsonl);
                 mutant runs go beside it, as <FILE>.<mutant>.jsonl
  --mutant NAME  a mutant of the catalogue with a loop or fold of its own
                 (recon mutants --list)
  --timeout MS   the deadline of every network wait: connecting, the response headers,
                 each stretch between body bytes (default ${DEFAULT_TIMEOUT_MS}, at most
                 ${MAX_TIMEOUT_MS}); past it the run stops with NET_TIMEOUT
  --json         print one object: {"provider","model","baseUrl","simulated","runs":
                 [{"name","cassette","boundOf","requests":[{input,cacheRead,cacheWrite,
                 output,bound}],"rate","attainment","passed","problems"}],"passed"}

Exit codes: 0 the reference run passed (or skipped without a key), 1 it failed,
            2 usage error, 3 a cassette could not be written or the network failed
            (NET_TIMEOUT: a wait passed --timeout; NET_BROKEN: no connection, a reset,
            a body cut short).
`;

export const e2e: Command = {
  name: 'e2e',
  summary: 'run the reference loop through a real tool conversation and measure its cache reads',
  help,
  async run(argv, io) {
    const { values } = parseCommandLine(
      'e2e',
      argv,
      {
        provider: { type: 'string', default: 'deepseek' },
        model: { type: 'string' },
        'base-url': { type: 'string' },
        record: { type: 'string' },
        mutant: { type: 'string', multiple: true, default: [] },
        json: { type: 'boolean', default: false },
        impl: { type: 'string' },
        timeout: { type: 'string' },
      },
      false,
    );
    const timeout = parseTimeout(values.timeout);
    checkBaseUrl(values['base-url']);
    if (values.impl !== undefined) return runImpl(values.impl, values, timeout, io);
    const provider = values.provider;
    if (!isProvider(provider)) throw new ReconError('USAGE', `--provider takes deepseek, openai or anthropic, got "${provider}"`);
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
    const session = (run: number) => `e2e-${started.getTime()}-${String(run).padStart(2, '0')}`;
    const cassette = resolve(io.cwd, values.record ?? `reports/e2e/${provider}-${stamp}.jsonl`);
    const files = [cassette, ...mutants.map((name) => cassette.replace(/(\.jsonl)?$/, `.${name}.jsonl`))];
    const taken = files.find((file) => existsSync(file));
    if (taken !== undefined) throw new ReconError('USAGE', `${taken} exists; a recording never extends another run's cassette, choose another --record`);
    makeDirectory(dirname(cassette));

    const fetch = networkFetch(timeout);
    const model = values.model ?? E2E_MODELS[provider];
    try {
      const { runs, simulated } = await compareRuns({ provider, model, fetch, cassettes: files, session, mutants, ...(apiKey === undefined ? {} : { apiKey }), ...(baseUrl === undefined ? {} : { baseUrl }) });
      const passed = runs[0]!.passed;
      if (values.json) io.stdout.write(`${JSON.stringify({ provider, model, baseUrl: baseUrl ?? WIRE_FORMATS[provider].baseUrl, simulated, runs, passed })}\n`);
      else writeHuman(io, { provider, model, baseUrl: baseUrl ?? WIRE_FORMATS[provider].baseUrl, simulated }, runs);
      return passed ? EXIT.OK : EXIT.FAILED;
    } finally {
      await fetch.close();
    }
  },
};

function parseTimeout(value: string | undefined): number {
  const ms = parseCount('timeout', value, DEFAULT_TIMEOUT_MS);
  if (ms > MAX_TIMEOUT_MS) throw new ReconError('USAGE', `--timeout takes at most ${MAX_TIMEOUT_MS} milliseconds, got "${value}"`);
  return ms;
}

function checkBaseUrl(value: string | undefined): void {
  if (value === undefined) return;
  let url: URL | undefined;
  try {
    url = new URL(value);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) throw new ReconError('USAGE', `--base-url takes an http or https URL, got "${value}"`);
}

async function runImpl(spec: string, values: { provider: string; model?: string; 'base-url'?: string; record?: string; mutant: string[]; json: boolean }, timeout: number, io: Io): Promise<number> {
  if (values.provider !== 'deepseek') throw new ReconError('USAGE', '--impl plays the conversation as a DeepSeek scenario: --provider must be deepseek');
  if (values.mutant.length > 0) throw new ReconError('USAGE', '--impl and --mutant do not combine (run a mutant as --impl mutant:NAME with recon check)');
  const apiKey = io.env['DEEPSEEK_API_KEY'] || undefined;
  const upstream = values['base-url'] ?? (apiKey === undefined ? undefined : PROVIDER_URLS.deepseek);
  const started = new Date();
  const cassette = resolve(io.cwd, values.record ?? `reports/e2e/${spec.replace(/[^\w@.-]+/g, '_')}-${started.toISOString().replace(/[:.]/g, '-')}.jsonl`);
  if (existsSync(cassette)) throw new ReconError('USAGE', `${cassette} exists; a recording never extends another run's cassette, choose another --record`);
  makeDirectory(dirname(cassette));
  const model = values.model ?? E2E_MODELS.deepseek;
  const impl = await openImplementation(spec, { cwd: io.cwd });
  const fetch = networkFetch(timeout);
  try {
    const run = await runLiveE2e({ impl, model, fetch, timeout, cassette, sessionId: `e2e-${started.getTime()}-00`, createdAt: started.getTime(), ...(upstream === undefined ? {} : { upstream }), ...(apiKey === undefined ? {} : { apiKey }) });
    const passed = run.problems.length === 0;
    const upstreamText = upstream ?? 'the recon simulator';
    if (values.json) {
      io.stdout.write(`${JSON.stringify({ impl: impl.info, model, upstream: upstreamText, simulated: run.simulated, cassette: relative(io.cwd, cassette), requests: run.account.requests.map((r) => ({ input: r.input ?? null, cacheRead: r.cacheRead ?? null, cacheWrite: r.cacheWrite ?? null, output: r.output ?? null, bound: r.bound })), observed: run.observed, rebuilt: run.rebuilt ?? null, rate: run.account.rate, attainment: run.attainment, passed, problems: run.problems })}\n`);
    } else writeImplHuman(io, { impl: `${impl.info.name} ${impl.info.version}`, model, upstream: upstreamText, cassette: relative(io.cwd, cassette), noKey: apiKey === undefined }, run);
    return passed ? EXIT.OK : EXIT.FAILED;
  } finally {
    await fetch.close();
    await impl.close?.();
  }
}

function writeImplHuman(io: Io, at: { impl: string; model: string; upstream: string; cassette: string; noKey: boolean }, run: LiveE2eRun): void {
  const n = (value: number | null | undefined) => value ?? 'n/a';
  const said = run.simulated ? ` (${at.noKey ? 'no DEEPSEEK_API_KEY, so ' : ''}the recon simulator: a model of the provider, not the provider)` : '';
  io.stdout.write(`recon e2e · ${at.impl} · deepseek · ${at.model} · upstream ${at.upstream}${said}\n`);
  io.stdout.write(`its model client → recon proxy → upstream; cassette ${at.cassette}\n`);
  io.stdout.write(formatTable(['call', 'input', 'cache read', 'cache write', 'output', 'bound'], run.account.requests.map((r, i) => [`#${i + 1}`, n(r.input), n(r.cacheRead), n(r.cacheWrite), n(r.output), n(r.bound)]), '  '));
  const oneShots = run.rebuilt === undefined ? 0 : run.observed - run.rebuilt;
  io.stdout.write(run.rebuilt === undefined ? `observed: ${run.observed} requests; NOT all equal to their rebuild from the implementation's log\n` : `observed: ${run.observed} requests; all ${run.rebuilt} loop requests equal, byte for byte, the serialization of their rebuild from the implementation's log${oneShots > 0 ? ` (and ${oneShots} one-shots the log records)` : ''}\n`);
  const cold = run.account.requests.slice(1).filter((r) => !(r.cacheRead! > 0)).length;
  io.stdout.write(`cache reads after the first request: ${cold === 0 ? 'all > 0' : `${cold} read nothing`}; read rate ${percent(run.account.rate)}; attainment ${percent(run.attainment)} (Σ cache read ÷ Σ bound)\n`);
  for (const problem of run.problems) io.stdout.write(`  ✗ ${problem.code}: ${problem.message}\n`);
  io.stdout.write(run.problems.length === 0 ? 'e2e passed: every observed request is rebuilt from the log, and every request after the first read from the cache.\n' : 'e2e FAILED: see the problems above.\n');
}

function writeHuman(io: Io, at: { provider: Provider; model: string; baseUrl: string; simulated: boolean }, runs: readonly MeasuredRun[]): void {
  const n = (value: number | null) => value ?? 'n/a';
  io.stdout.write(`recon e2e · ${at.provider} · ${at.model} · ${at.baseUrl}${at.simulated ? ' (the recon simulator: a model of the provider, not the provider)' : ''}\n`);
  for (const run of runs) {
    io.stdout.write(`\n${run.name} · ${relative(io.cwd, run.cassette)}\n`);
    io.stdout.write(formatTable(['call', 'input', 'cache read', 'cache write', 'output', run.boundOf === 'own' ? 'bound' : 'reference bound'], run.requests.map((r, i) => [`#${i + 1}`, n(r.input), n(r.cacheRead), n(r.cacheWrite), n(r.output), n(r.bound)]), '  '));
  }
  const sum = (run: MeasuredRun, key: 'input' | 'cacheRead') => run.requests.reduce((total, r) => total + (r[key] ?? 0), 0);
  const rows = runs.map((run) => [run.name, run.requests.length, sum(run, 'input'), sum(run, 'cacheRead'), percent(run.rate), percent(run.attainment), run.passed ? 'yes' : 'no']);
  io.stdout.write(`\n${formatTable(['run', 'calls', 'input', 'cache read', 'read rate', 'attainment', 'passed'], rows)}`);
  io.stdout.write('attainment = Σ cache read ÷ Σ bound; a mutant is measured against the reference run\'s bound, the bound the conversation allows.\n');
  for (const run of runs) for (const problem of run.problems) io.stdout.write(`  ✗ ${run.name}: ${problem.code}: ${problem.message}\n`);
  if (runs.some((run) => run.boundOf === 'reference' && run.requests.length !== runs[0]!.requests.length)) io.stdout.write('  note: a mutant made a different number of calls than the reference; its attainment compares unlike conversations.\n');
  io.stdout.write(runs[0]!.passed ? 'e2e passed: every turn completed and every request after the first read from the cache.\n' : 'e2e FAILED: see the problems of the reference run above.\n');
}
