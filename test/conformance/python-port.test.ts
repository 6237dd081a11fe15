import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openImplementation } from '../../src/conformance/open-implementation.ts';
import { checkConformance } from '../../src/suite/check-conformance.ts';
import { readExpectations } from '../../src/suite/expectations.ts';

const ROOT = join(import.meta.dirname, '../..');
const PORT_DIR = process.env['RECON_PYPORT_DIR'] ?? '/work/shared/third-party/mini-deepseek-harness-python';
const ADAPTER = 'python3 examples/mini-dsh-python/adapter.py';
const EXPECTATIONS = 'expectations/mini-deepseek-harness-python.json';
const SYSTEM_PYTHON = '/usr/bin/python3';

/** The port is a test subject outside this repository: where it is not checked out, there is nothing to check. */
describe.skipIf(!existsSync(join(PORT_DIR, 'miniharness')))('the Python port of DSH in the matrix (examples/mini-dsh-python)', () => {
  it('runs to the verdict its expectations state: every failure expected and explained, every expectation still failing', async () => {
    const expectations = readExpectations(join(ROOT, EXPECTATIONS));
    // A quick run: 4 cases a property (2 for loop properties), the matrix's seed, failures not shrunk; the stored regressions are the matrix run's business.
    const run = await checkConformance(`cmd:${ADAPTER}`, { open: { cwd: ROOT }, runs: 4, seed: 1, shrink: false, regressions: false, expectations: { file: EXPECTATIONS, content: expectations } });
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
