// @ts-nocheck
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { defineProperty, jsonCodec, type AnyProperty } from '../../properties/_internals/property.ts';
import type { Implementation } from '../../src/conformance/index.ts';
import { openImplementation } from '../../src/conformance/open-implementation.ts';
import { LineSplitter } from '../../src/conformance/protocol/lines.ts';
import { runSuite } from '../../src/suite/run-suite.ts';

const ROOT = join(import.meta.dirname, '../..');
const FAKE = join(import.meta.dirname, 'fixtures/fake-adapter.mjs');
const HEADER = '{"type":"session","version":0,"id":"s","createdAt":1}\n';
const tmp = mkdtempSync(join(tmpdir(), 'recon-hangs-'));
const pidFile = join(tmp, 'grandchild.pid');

afterAll(() => {
  try {
    process.kill(Number(readFileSync(pidFile, 'utf8')), 'SIGKILL');
  } catch {
    // Never started, or already gone.
  }
});

/** Runs bin/recon.js in a child process; resolves with its exit code and output once it exits. */
function recon(args: readonly string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [join(ROOT, 'bin/recon.js'), ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (part: Buffer) => (stdout += part.toString()));
    child.stderr.on('data', (part: Buffer) => (stderr += part.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

function fixed(id: string, check: (impl: Implementation) => Promise<unknown>): AnyProperty {
  return defineProperty({ id, title: id, clause: '§test', levels: [], arbitrary: fc.constant(null), codec: jsonCodec(), check: async (impl) => void (await check(impl)) });
}

describe('the harness never hangs', () => {
  it('finishes a cmd: check whose adapter leaves a setsid grandchild holding its stdout', async () => {
    // The grandchild leaves the adapter's process group and session, so killing the group misses it.
    const command = `setsid sh -c 'echo $$ > ${pidFile}; exec sleep 300' & exec node bin/recon.js serve`;
    const { code, stdout } = await recon(['check', '--impl', `cmd:${command}`, '--property', 'LOG-REFUSE-INVALID', '--runs', '2', '--no-save', '--json']);
    expect(readFileSync(pidFile, 'utf8')).toMatch(/^\d+\n$/); // the grandchild did start
    expect(code).toBe(0);
    expect(JSON.parse(stdout)).toMatchObject({ properties: [{ id: 'LOG-REFUSE-INVALID', status: 'pass' }] });
  }, 120_000);

  it('reports a module call that never settles as timed-out, and recon exits although the module holds a live timer', async () => {
    const impl = await openImplementation('module:test/conformance/fixtures/never-settles-module.ts', { cwd: ROOT, timeoutMs: 300 });
    try {
      const result = await runSuite(impl, [fixed('LOADS', (i) => i.load!(HEADER))], { runs: 1, seed: 1 });
      expect(result.properties[0]).toMatchObject({ status: 'fail', counterexample: { kind: 'timed-out', message: expect.stringContaining('IMPL_TIMEOUT: no answer to load within 300 ms') } });
    } finally {
      await impl.close?.();
    }
    const { code, stdout } = await recon(['check', '--impl', 'module:test/conformance/fixtures/never-settles-module.ts', '--timeout', '300', '--property', 'LOG-REFUSE-INVALID', '--runs', '1', '--no-save', '--json']);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ properties: [{ id: 'LOG-REFUSE-INVALID', status: 'fail', counterexample: { kind: 'timed-out' } }] });
  }, 120_000);

  it('fails a line over --max-line as a protocol error at once, not after the time-out', async () => {
    const impl = await openImplementation(`cmd:node ${FAKE} long-line`, { cwd: ROOT, timeoutMs: 600_000, maxLineBytes: 1024 * 1024 });
    try {
      await expect(impl.load!(HEADER)).rejects.toMatchObject({ code: 'PROTOCOL_ERROR', message: expect.stringContaining('over the limit of 1048576') });
    } finally {
      await impl.close?.();
    }
  }, 120_000);
});

describe('the line reader', () => {
  it('looks at every byte once, however a long line is chunked', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((line) => lines.push(line));
    const piece = Buffer.alloc(1024, 'a');
    for (let i = 0; i < 4096; i++) splitter.push(piece);
    splitter.push(Buffer.from('b\r\nc\n\n'));
    expect(lines.map((l) => l.length)).toEqual([4096 * 1024 + 1, 1]);
    expect(splitter.scannedBytes).toBe(4096 * 1024 + 6);
  });

  it('keeps a character split between chunks whole', () => {
    const lines: string[] = [];
    const splitter = new LineSplitter((line) => lines.push(line));
    const bytes = Buffer.from('é€\n');
    for (const byte of bytes) splitter.push(Buffer.from([byte]));
    expect(lines).toEqual(['é€']);
  });

  it('reports a line over the limit once, as soon as it passes it', () => {
    const over: number[] = [];
    const lines: string[] = [];
    const splitter = new LineSplitter((line) => lines.push(line), { maxLineBytes: 10, onTooLong: (bytes) => over.push(bytes) });
    splitter.push(Buffer.from('ok\n123456'));
    splitter.push(Buffer.from('78901'));
    splitter.push(Buffer.from('\nlater\n'));
    expect(lines).toEqual(['ok']);
    expect(over).toEqual([11]);
  });
});
