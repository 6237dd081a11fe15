import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../properties/index.ts';
import { MUTANT_RUNS } from '../src/suite/kill-matrix.ts';
import { MUTANTS } from '../src/conformance/mutants/catalog.ts';
import { DEFAULT_TIMEOUT_MS } from '../src/conformance/protocol/driver.ts';
import { DEFAULT_RUNS } from '../src/suite/run-suite.ts';
import { CATALOGUE, E2E_SCRIPT } from '../src/e2e/conversation.ts';
import { ATTACHMENT_ERROR_CODES, LOG_ERROR_CODES, WIRE_ERROR_CODES } from '../src/errors.ts';
import { startSimulator } from '../src/http/index.ts';
import { DSH_LOGS_DIR, REFUSED_DSH_LOG } from './helpers/corpora.ts';
import { CASSETTES_DIR } from './helpers/recorded-http.ts';
import { runCli } from './helpers/run-cli.ts';

const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
/** The README with its line breaks folded, for phrases that wrap. */
const PROSE = README.replace(/\s+/g, ' ');
const BASELINE = JSON.parse(readFileSync(new URL('../reports/bench/baseline.json', import.meta.url), 'utf8'));
const WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve', 'thirteen', 'fourteen', 'fifteen'];

describe('the README', () => {
  it('starts with exactly the two set-up commands; CI installs and tests as they do', () => {
    expect(README.split('\n').slice(0, 6).join('\n')).toBe('# reconstructable\n\n```sh\nnpm ci && npm start\nnpm test\n```');
    expect(readFileSync(new URL('../.ci/run', import.meta.url), 'utf8')).toMatch(/\nnpm ci\nnpm test\n$/);
  });

  it('states the counts the code has', () => {
    expect(README).toContain(`The suite has ${PROPERTIES.length}:`);
    // By the level a property belongs to (its first); LOOP-WIRE-RECONSTRUCT also needs the wire level.
    const at = (level: string) => PROPERTIES.filter((p) => p.levels[0] === level);
    for (const [level, where] of [['log', 'the log'], ['fold', 'the fold'], ['request', 'requests'], ['wire', 'the wire'], ['loop', 'the live loop']] as const) {
      expect(PROSE).toContain(`${WORDS[at(level).length]} on ${where}`);
    }
    const loopRuns = DEFAULT_RUNS * (at('loop')[0]!.weight ?? 1);
    expect(PROSE).toContain(`The default budget is ${DEFAULT_RUNS} generated cases per property (${loopRuns} for loop properties`);
    expect(PROSE).toContain(`\`--timeout\` (default ${DEFAULT_TIMEOUT_MS / 1000} s)`);
    expect(README).toContain(`against ${MUTANTS.length} mutants`);
    const inProcess = MUTANTS.filter((m) => m.runs === 'in-process').length;
    expect(README).toContain(`${inProcess} in process`);
    expect(README).toContain(`${MUTANTS.length - inProcess} out of\nprocess`);
    expect(PROSE).toContain(`${MUTANT_RUNS} cases per property and mutant, failures not shrunk; wire properties at least ${DEFAULT_RUNS}`);
    const logs = readdirSync(DSH_LOGS_DIR).filter((name) => name.endsWith('.jsonl')).length;
    // test/audit asserts that exactly one of them, REFUSED_DSH_LOG, is refused.
    expect(PROSE).toContain(`On the ${logs} real DSH logs in \`corpora/dsh-logs/\`, ${logs - 1} load; \`${REFUSED_DSH_LOG}\``);
    const cassettes = readdirSync(CASSETTES_DIR, { recursive: true, encoding: 'utf8' }).filter((name) => name.endsWith('.jsonl')).length;
    expect(PROSE).toContain(`holds the ${cassettes} real recordings`);
  });

  it('lists every code an implementation reports', () => {
    for (const code of [...Object.keys(LOG_ERROR_CODES), ...Object.keys(WIRE_ERROR_CODES), ...Object.keys(ATTACHMENT_ERROR_CODES)]) expect(README).toContain(`| \`${code}\` |`);
  });

  it('quotes the committed bench baseline as it is', () => {
    const { fold, load, check, suite, cache } = BASELINE;
    const rows = [
      `| ${fold.cachedVsNaive10k.toFixed(0)}× faster |`,
      `| ${fold.perStep10kOver1k.toFixed(2)} (flat) |`,
      `| ${fold.referenceVsDsh.toFixed(1)}× faster |`,
      `| ${load.vsJsonParse.toFixed(2)} |`,
      `| ${load.referenceVsDsh.toFixed(1)}× faster |`,
      `| ${check.overhead.toFixed(2)}× the time |`,
      `| ${suite.inProcess.casesPerSecond.toFixed(0)} / ${suite.stdio.casesPerSecond.toFixed(0)} |`,
      `| ${(cache.referenceAttainment * 100).toFixed(0)} % / ${(cache.naiveAttainment * 100).toFixed(1)} % |`,
    ];
    for (const row of rows) expect(README).toContain(row);
  });

  it('quotes the e2e table that `recon e2e --base-url … --mutant clock-in-system-prompt` prints against the simulator', async () => {
    interface Run { requests: Array<{ input: number; cacheRead: number }>; rate: number; attainment: number }
    const sim = await startSimulator({ replies: E2E_SCRIPT });
    const dir = mkdtempSync(join(tmpdir(), 'recon-readme-'));
    const pct = (x: number) => `${(x * 100).toFixed(1)} %`;
    try {
      expect(PROSE).toContain(`holds a ${CATALOGUE.length}-line catalogue`);
      expect(PROSE).toContain(`(built-in script, ${WORDS[E2E_SCRIPT.length]} model calls;`);
      for (const [provider, name, path] of [['deepseek', 'DeepSeek', ''], ['openai', 'OpenAI', '/v1'], ['anthropic', 'Anthropic', '/v1']] as const) {
        const args = ['e2e', '--provider', provider, '--base-url', `${sim.url}${path}`, '--mutant', 'clock-in-system-prompt', '--record', join(dir, `${provider}.jsonl`), '--json'];
        const { runs } = JSON.parse((await runCli(args, {}, dir)).stdout) as { runs: [Run, Run] };
        const [reference, clock] = runs;
        expect(README).toContain(`| ${name} | ${pct(reference.rate)} | ${pct(reference.attainment)} | ${pct(clock.rate)} | ${pct(clock.attainment)} |`);
        if (provider !== 'deepseek') continue;
        const input = reference.requests.reduce((sum, r) => sum + r.input, 0);
        expect(PROSE).toContain(`(about ${(Math.round(reference.requests[0]!.input / 100) * 100).toLocaleString('en')} of some ${(Math.round(input / 1000) * 1000).toLocaleString('en')} input tokens)`);
        const clockReads = [...new Set(clock.requests.map((r) => r.cacheRead))];
        expect(clockReads).toHaveLength(1);
        expect(PROSE).toContain(`(${clockReads[0]} tokens a call)`);
      }
    } finally {
      await sim.close();
    }
  });
});
