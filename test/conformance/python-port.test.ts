import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openImplementation } from '../../src/conformance/open-implementation.ts';
import { checkConformance } from '../../src/suite/check-conformance.ts';
import { readExpectations } from '../../src/suite/expectations.ts';
import { loadJsonl } from '../../src/log/index.ts';

const ROOT = join(import.meta.dirname, '../..');
/** Where the adapter looks for the port (examples/mini-dsh-python/port.py): RECON_PYPORT_DIR, else shared/ beside the checkout, else the workplace's. */
const PORT_DIRS = [join(ROOT, '../shared/third-party/mini-deepseek-harness-python'), '/work/shared/third-party/mini-deepseek-harness-python'];
const PORT_DIR = process.env['RECON_PYPORT_DIR'] || (PORT_DIRS.find((dir) => existsSync(dir)) ?? PORT_DIRS[1]!);
const ADAPTER = 'python3 examples/mini-dsh-python/adapter.py';
const EXPECTATIONS = 'expectations/mini-deepseek-harness-python.json';
const SYSTEM_PYTHON = '/usr/bin/python3';

/** The port is a test subject outside this repository: where it is not checked out, there is nothing to check. */
describe.skipIf(!existsSync(join(PORT_DIR, 'miniharness')))('the Python port of DSH in the matrix (examples/mini-dsh-python)', () => {
  it('runs to the verdict its expectations state: every failure expected and explained, every expectation still failing', async () => {
    const expectations = readExpectations(join(ROOT, EXPECTATIONS));
    // A quick run: 8 cases a property (4 for loop properties; at seed 1 the first stream the port refuses is case 6), the matrix's seed, failures not shrunk; the stored regressions are the matrix run's business.
    const run = await checkConformance(`cmd:${ADAPTER}`, { open: { cwd: ROOT }, runs: 8, seed: 1, shrink: false, regressions: false, expectations: { file: EXPECTATIONS, content: expectations } });
    expect(run.header.implementation).toMatchObject({ name: 'mini-deepseek-harness-python', language: 'python', levels: ['log', 'fold', 'wire', 'loop'], providers: ['deepseek'] });
    const failing = run.results.filter((r) => r.status === 'fail').map((r) => r.id);
    expect(failing.sort()).toEqual(expectations.expected.map((e) => e.property).sort());
    expect(run.results.filter((r) => r.verdict !== 'as-expected').map((r) => `${r.id}: ${r.verdict}`)).toEqual([]);
    // n/a is what the port lacks (a request level, OpenAI and Anthropic wires, fork, in-process freezing), never a failure.
    expect(run.results.filter((r) => r.status === 'n/a').map((r) => r.id)).toContain('REQUEST-RECONSTRUCT');
    expect(run.footer.summary).toMatchObject({ fail: expectations.expected.length, unexpected: 0 });
  }, 180_000);

  it('refuses to start with PYPORT_NOT_FOUND when the port is not where RECON_PYPORT_DIR says', async () => {
    await expect(openImplementation(`cmd:RECON_PYPORT_DIR=/nonexistent/mini-dsh ${ADAPTER}`, { cwd: ROOT })).rejects.toThrow(/IMPL_UNAVAILABLE: .*PYPORT_NOT_FOUND: no miniharness package under \/nonexistent\/mini-dsh/);
  });

  // -S leaves site-packages (where Debian's python3-httpx lives) off the path; RECON_PYPORT_PYTHON names that interpreter, so there is no other to hand over to.
  it.skipIf(!existsSync(SYSTEM_PYTHON))('refuses to start with PYPORT_HTTPX_MISSING when its interpreter cannot import httpx', async () => {
    const command = `cmd:RECON_PYPORT_PYTHON=${SYSTEM_PYTHON} ${SYSTEM_PYTHON} -S examples/mini-dsh-python/adapter.py`;
    await expect(openImplementation(command, { cwd: ROOT })).rejects.toThrow(/IMPL_UNAVAILABLE: .*PYPORT_HTTPX_MISSING: .*cannot import httpx.*apt-get install -y python3-httpx/);
  });
});

/** One event line of a hand-made log. */
const line = (seq: number, type: string, data: unknown, extra: Record<string, unknown> = {}) => JSON.stringify({ type, seq, time: 1700000000000 + seq, ...(data === undefined ? {} : { data }), ...extra });
const HEADER = '{"type":"session","version":0,"id":"s1","createdAt":1700000000000,"delegationDepth":0}';
const user = (seq: number, data: Record<string, unknown> = {}) => line(seq, 'user/message', { id: 'u-1', role: 'user', content: [{ type: 'text', text: 'hi' }], source: { kind: 'user' }, ...data }, { surfaceOp: 'append' });
const OPEN = [line(0, 'turn/start', { turn: 1 }), line(1, 'step/start', { turn: 1, step: 1 }), user(2)];
const close = (seq: number) => [line(seq, 'step/end', { turn: 1, step: 1 }), line(seq + 1, 'turn/end', { turn: 1, reason: { kind: 'completed' } })];
const log = (...lines: string[]) => `${lines.join('\n')}\n`;

/** The table of finding P2 in reports/conformance/mini-deepseek-harness-python.md: [log, the port's verdict, the reference's]. */
const LOAD_PROBES: ReadonlyArray<readonly [string, string, string, string]> = [
  ['untagged header', log('{"version":0,"id":"s1","createdAt":1,"delegationDepth":0}', ...OPEN, ...close(3)), 'loads 5', 'SESSION_HEADER_INVALID'],
  ['header without id', log('{"type":"session","version":0,"createdAt":1,"delegationDepth":0}', ...OPEN, ...close(3)), 'loads 5', 'SESSION_HEADER_INVALID'],
  ['header without version', log('{"type":"session","id":"s1","createdAt":1,"delegationDepth":0}', ...OPEN, ...close(3)), 'FORMAT_VERSION', 'SESSION_HEADER_INVALID'],
  ['seq gap before turn/end', log(HEADER, ...OPEN, line(4, 'step/end', { turn: 1, step: 1 }), line(5, 'turn/end', { turn: 1, reason: { kind: 'completed' } })), 'SEQ_NOT_CONTIGUOUS', 'TORN_COMMITTED'],
  ['garbage after the last turn/end', log(HEADER, ...OPEN, ...close(3), '{"typ'), 'TORN_COMMITTED', 'loads 5'],
  ['empty line before turn/end', log(HEADER, ...OPEN, '', ...close(3)), 'loads 5', 'TORN_COMMITTED'],
  ['-0 in data', log(HEADER, ...OPEN.slice(0, 2), user(2, { n: 'NZ' }), ...close(3)).replace('"n":"NZ"', '"n":-0'), 'loads 5', 'NOT_LOSSLESS_JSON'],
  ['request/header without model', log(HEADER, ...OPEN, line(3, 'request/header', { header: { config: { provider: 'deepseek' } }, reason: 'initial' }), ...close(4)), 'loads 6', 'REQUEST_HEADER_INVALID'],
  ['todo/write', log(HEADER, ...OPEN, line(3, 'todo/write', { todos: [] }), ...close(4)), 'UNKNOWN_EVENT_TYPE', 'loads 6'],
  ['ignorable unknown type', log(HEADER, ...OPEN, line(3, 'x-plugin/note', {}, { ignorable: true }), ...close(4)), 'UNKNOWN_EVENT_TYPE', 'loads 6'],
];

describe.skipIf(!existsSync(join(PORT_DIR, 'miniharness')))('the Python port\'s load path on hand-made logs', () => {
  it('reads each as the report says, beside the reference', async () => {
    const impl = await openImplementation(`cmd:${ADAPTER}`, { cwd: ROOT });
    try {
      const verdict = (answer: { ok: true; value: { events: readonly unknown[] } } | { ok: false; code: string }) => (answer.ok ? `loads ${answer.value.events.length}` : answer.code);
      const reference = (text: string) => {
        try {
          return `loads ${loadJsonl(text).log.events.length}`;
        } catch (error) {
          return (error as { code?: string }).code;
        }
      };
      const seen = await Promise.all(LOAD_PROBES.map(async ([name, text]) => [name, verdict(await impl.load!(text)), reference(text)]));
      expect(seen).toEqual(LOAD_PROBES.map(([name, , port, ref]) => [name, port, ref]));
    } finally {
      await impl.close?.();
    }
  });
});
