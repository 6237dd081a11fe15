/**
 * Every exit code a command's --help lists is held to what the command really returns:
 * each documented path is run in a child process (the real bin/recon.js, its own stdout
 * and stderr), and no path prints a stack trace.
 */
// @ts-nocheck

import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BenchRun } from '../benchmarks/run.ts';
import { main } from '../src/cli.ts';
import { formatCassette, parseCassette } from '../src/http/index.ts';
import { richJsonl } from './helpers/log-builder.ts';
import { runCli } from './helpers/run-cli.ts';

const ROOT = join(import.meta.dirname, '..');
const BIN = join(ROOT, 'bin/recon.js');
const FAKE = join(ROOT, 'test/conformance/fixtures/fake-adapter.mjs');
const CASSETTE = join(ROOT, 'corpora/cassettes/deepseek/node-llm__tool-calling.jsonl');
const CHUNKS = join(ROOT, 'corpora/recorded-http/deepseek/vercel-ai__issue-19789-live-usage.chunks.txt');
const dir = mkdtempSync(join(tmpdir(), 'recon-exit-'));
const at = (name: string) => join(dir, name);

interface Run {
  readonly args: readonly string[];
  /** For a serving command: signal it once it has printed its first line. */
  readonly stopWith?: NodeJS.Signals;
}

interface Outcome {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

/** A child `recon`, without provider keys in its environment. */
function recon({ args, stopWith }: Run): Promise<Outcome> {
  const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.endsWith('_API_KEY')));
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let signalled = false;
    child.stdout.on('data', (part: Buffer) => {
      stdout += part.toString();
      // Once: a second signal is a user insisting, which ends a command however it was stopping.
      if (stopWith !== undefined && !signalled && stdout.includes('\n')) signalled = child.kill(stopWith);
    });
    child.stderr.on('data', (part: Buffer) => (stderr += part.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

let taken: ReturnType<typeof createServer>;
let takenPort = 0;
// An API that answers every request with a server error: an e2e whose turns fail (a refused connection is NET_BROKEN, exit 3).
let failing: ReturnType<typeof createHttpServer>;
let failingPort = 0;

beforeAll(async () => {
  writeFileSync(at('rich.jsonl'), richJsonl());
  writeFileSync(at('bad-scenario.json'), '{"not":"a list"}');
  writeFileSync(at('a-file'), '');
  // A check run to render.
  expect((await runCli(['check', '--property', 'LOG-REFUSE-INVALID', '--runs', '1', '--no-save', '--report', 'run'], {}, dir)).code).toBe(0);
  // A run with an unexpected failure, for a merge that exits 1.
  expect((await runCli(['check', '--impl', 'mutant:reads-any-version', '--property', 'LOG-FORMAT-VERSION', '--runs', '5', '--seed', '1', '--no-save', '--report', 'failing'], {}, dir)).code).toBe(1);
  // A cassette whose 204 answer carries a body: undici hands over no body for a 204, so the replay differs.
  const cassette = parseCassette(readFileSync(CASSETTE, 'utf8'));
  const [first] = cassette.interactions;
  writeFileSync(at('no-content.jsonl'), formatCassette({ ...cassette, interactions: [{ ...first!, response: { ...first!.response, status: 204 } }] }));
  // A bench run and the same run five times slower in one trusted benchmark.
  const base = JSON.parse(readFileSync(join(ROOT, 'reports/bench/baseline.json'), 'utf8')) as BenchRun;
  writeFileSync(at('base.json'), JSON.stringify(base));
  const slowed = base.results.filter((r) => !r.untrusted && r.id !== 'load/json-parse/10000').sort((a, b) => a.rme - b.rme)[0]!;
  const head = { ...base, results: base.results.map((r) => (r.id === slowed.id ? { ...r, mean: r.mean * 5, p50: r.p50 * 5, p99: r.p99 * 5, sd: r.sd * 5, rounds: r.rounds?.map((x) => x * 5) } : r)) };
  writeFileSync(at('slower.json'), JSON.stringify(head));
  taken = createServer();
  await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
  takenPort = (taken.address() as { port: number }).port;
  failing = createHttpServer((request, response) => {
    request.resume();
    response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"down"}}');
  });
  await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
  failingPort = (failing.address() as { port: number }).port;
}, 120_000);

afterAll(() => {
  taken.close();
  failing.closeAllConnections();
  failing.close();
});

/** For each command, one run per exit code its --help lists. */
const PATHS: Record<string, Record<number, () => Run>> = {
  audit: {
    0: () => ({ args: ['audit', 'rich.jsonl'] }),
    1: () => ({ args: ['audit', 'missing.jsonl'] }),
    2: () => ({ args: ['audit'] }),
  },
  bench: {
    0: () => ({ args: ['bench', 'compare', 'base.json', 'base.json'] }),
    1: () => ({ args: ['bench', 'compare', 'base.json', 'slower.json'] }),
    2: () => ({ args: ['bench', '--bogus'] }),
    3: () => ({ args: ['bench', 'compare', 'missing.json', 'base.json'] }),
  },
  check: {
    0: () => ({ args: ['check', '--property', 'LOG-REFUSE-INVALID', '--runs', '1', '--no-save'] }),
    1: () => ({ args: ['check', '--impl', 'mutant:reads-any-version', '--property', 'LOG-FORMAT-VERSION', '--runs', '5', '--no-save'] }),
    2: () => ({ args: ['check', '--runs', '0'] }),
    3: () => ({ args: ['check', '--impl', `cmd:node ${FAKE} version-2`] }),
  },
  e2e: {
    0: () => ({ args: ['e2e'] }),
    1: () => ({ args: ['e2e', '--base-url', `http://127.0.0.1:${failingPort}`, '--record', 'e2e.jsonl'] }),
    2: () => ({ args: ['e2e', '--provider', 'nope'] }),
    3: () => ({ args: ['e2e', '--base-url', 'http://127.0.0.1:9', '--record', 'a-file/e2e.jsonl'] }),
  },
  import: {
    0: () => ({ args: ['import', CHUNKS, '-o', 'imported.jsonl'] }),
    2: () => ({ args: ['import', CHUNKS] }),
    3: () => ({ args: ['import', 'missing.har', '-o', 'x.jsonl'] }),
  },
  mutants: {
    0: () => ({ args: ['mutants', '--mutant', 'reads-any-version', '--runs', '5'] }),
    // One case per property is too few to catch this mutant at the default seed.
    1: () => ({ args: ['mutants', '--mutant', 'step-end-skipped-on-error', '--runs', '1'] }),
    2: () => ({ args: ['mutants', '--mutant', 'nope'] }),
  },
  replay: {
    0: () => ({ args: ['replay', CASSETTE] }),
    1: () => ({ args: ['replay', 'no-content.jsonl'] }),
    2: () => ({ args: ['replay', CASSETTE, '--serve', '--port', '99999'] }),
    3: () => ({ args: ['replay', 'missing.jsonl'] }),
  },
  proxy: {
    0: () => ({ args: ['proxy', '--provider', 'deepseek', '--upstream', 'http://127.0.0.1:9'], stopWith: 'SIGTERM' }),
    2: () => ({ args: ['proxy', '--provider', 'acme'] }),
    3: () => ({ args: ['proxy', '--provider', 'deepseek', '--port', String(takenPort)] }),
  },
  report: {
    0: () => ({ args: ['report', 'run/run.jsonl'] }),
    1: () => ({ args: ['report', 'merge', 'failing/run.jsonl', '-o', 'merged'] }),
    2: () => ({ args: ['report', 'run/run.jsonl', '--format', 'pdf'] }),
    3: () => ({ args: ['report', 'missing.jsonl'] }),
  },
  serve: {
    0: () => ({ args: ['serve'] }),
    2: () => ({ args: ['serve', '--misbehave', 'nope'] }),
  },
  simulate: {
    0: () => ({ args: ['simulate'], stopWith: 'SIGTERM' }),
    2: () => ({ args: ['simulate', '--port', '99999'] }),
    3: () => ({ args: ['simulate', '--port', String(takenPort)] }),
  },
};

async function helpOf(command: string): Promise<string> {
  let stdout = '';
  await main([command, '--help'], { stdout: { write: (text: string) => (stdout += text) }, stderr: { write: () => true }, cwd: dir, env: {} });
  return stdout;
}

/** The codes listed after "Exit codes:": every digit 0–9 that starts a listed item. */
function listedCodes(help: string): number[] {
  const section = help.slice(help.indexOf('Exit codes:') + 'Exit codes:'.length);
  return [...new Set([...section.matchAll(/(?:^|[\s,:])(\d) (?=[a-z"])/g)].map((m) => Number(m[1])))].sort();
}

describe('exit codes', () => {
  it('every command lists its exit codes in --help, and this test has a run for each', async () => {
    for (const command of Object.keys(PATHS)) {
      const help = await helpOf(command);
      expect(help, command).toContain('Exit codes:');
      expect(listedCodes(help), command).toEqual(Object.keys(PATHS[command]!).map(Number).sort());
    }
  });

  it.each(Object.entries(PATHS).flatMap(([command, paths]) => Object.entries(paths).map(([code, path]) => [command, Number(code), path] as const)))(
    'recon %s exits %i where its --help says, without a stack trace',
    async (_, code, path) => {
      const outcome = await recon(path());
      expect(outcome.code, outcome.stderr).toBe(code);
      expect(outcome.stderr).not.toMatch(/\n\s+at /);
      if (code === 2 || code === 3) expect(outcome.stderr).toMatch(/^recon [a-z0-9]+: (.+: )?[A-Z][A-Z0-9_]+: /);
    },
    120_000,
  );

  it('a port out of range is one line, exit 2; a port in use is PORT_IN_USE, exit 3', async () => {
    const range = await recon({ args: ['simulate', '--port', '99999'] });
    expect([range.code, range.stderr]).toEqual([2, 'recon simulate: USAGE: --port takes a whole number from 0 to 65535, got "99999"\n']);
    const inUse = await recon({ args: ['simulate', '--port', String(takenPort)] });
    expect([inUse.code, inUse.stderr.split('\n')[0]]).toEqual([3, expect.stringMatching(/^recon simulate: PORT_IN_USE: listen EADDRINUSE/)]);
  }, 60_000);

  it('stops quietly when its reader goes away (EPIPE)', async () => {
    // Far more output than a pipe buffers, so recon is still writing when head has gone.
    const logs = Array.from({ length: 200 }, () => join(ROOT, 'corpora/dsh-logs/acp__snapshots__fs-read__session.jsonl'));
    const outcome = await new Promise<Outcome>((resolve) => {
      const child = spawn('sh', ['-c', `node ${BIN} audit ${logs.join(' ')} | head -1; exit 0`], { cwd: dir, stdio: ['ignore', 'pipe', 'pipe'] });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (part: Buffer) => (stdout += part.toString()));
      child.stderr.on('data', (part: Buffer) => (stderr += part.toString()));
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
    expect(outcome.stdout.split('\n').filter((l) => l !== '')).toHaveLength(1);
    expect(outcome.stderr).toBe('');
  }, 60_000);
});

describe('hostile inputs exit where --help says', () => {
  it.each([
    ['a time-out past Node\'s timer limit', ['check', '--timeout', '99999999999'], 2],
    ['a worker count that is no count', ['audit', 'rich.jsonl', '--workers', '1e9'], 2],
    ['a run that is not a run', ['report', 'merge', 'a-file', '-o', 'merged-hostile'], 3],
    ['null for a bench run', ['bench', 'compare', 'base.json', 'null.json'], 3],
    ['a report over its own input', ['report', 'run/run.jsonl', '-o', 'run/run.jsonl'], 2],
    ['a device to audit', ['audit', '/dev/zero'], 1],
  ])('%s', async (_, args, code) => {
    writeFileSync(at('null.json'), 'null');
    const outcome = await recon({ args });
    expect(outcome.code, outcome.stderr).toBe(code);
    expect(outcome.stderr).not.toMatch(/\n\s+at |Warning/);
    if (code !== 1) expect(outcome.stderr).toMatch(/^recon [a-z]+: (.+: )?[A-Z][A-Z0-9_]+: [^\n]*\n$/);
  }, 60_000);
});
