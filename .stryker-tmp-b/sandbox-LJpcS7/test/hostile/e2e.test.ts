/**
 * Hostile servers and flags for `recon e2e` (issue 20): a server that accepts and never
 * answers, one that resets mid-stream, a base URL that is not a URL, a deadline Node cannot
 * keep, and a key echoed back by the upstream. Each ends in one coded line and its exit
 * code (or the correct result), within the deadline the command was given.
 */
// @ts-nocheck

import { existsSync, mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { E2E_SCRIPT } from '../../src/e2e/conversation.ts';
import { listenOnLoopback, type LoopbackServer } from '../../src/http/_internals/loopback.ts';
import { parseCassette, startSimulator, type Simulator } from '../../src/http/index.ts';
import { runCli } from '../helpers/run-cli.ts';

const temp = () => mkdtempSync(join(tmpdir(), 'recon-hostile-e2e-'));
const ONE_CODED_LINE = /^recon e2e: [^\n]*\b([A-Z_]+): [^\n]+\n( {2}[^\n]+\n)?$/;

let server: LoopbackServer | undefined;
let sim: Simulator | undefined;
afterEach(async () => {
  await server?.close();
  await sim?.close();
  [server, sim] = [undefined, undefined];
});

describe('hostile: recon e2e', () => {
  it('against a server that accepts and never answers, ends at --timeout with NET_TIMEOUT (exit 3)', async () => {
    server = await listenOnLoopback(() => undefined);
    const dir = temp();
    const { code, stdout, stderr } = await runCli(['e2e', '--base-url', server.url, '--timeout', '200', '--record', 'c.jsonl'], {}, dir);
    expect([code, stdout]).toEqual([3, '']);
    expect(stderr).toMatch(ONE_CODED_LINE);
    expect(stderr).toContain('NET_TIMEOUT: POST http://127.0.0.1:');
    expect(stderr).toContain('no answer within 200 ms');
  });

  it('a server that resets mid-stream is NET_BROKEN (exit 3), the exchange kept as far as it went and marked incomplete', async () => {
    server = await listenOnLoopback((request, response) => {
      request.resume();
      request.on('end', () => {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write('data: {"id":"x","object":"chat.completion.chunk","choices":[{"index":0,"delta":{"role":"assistant","content":"Hal"}}]}\n\n', () => setTimeout(() => response.socket!.resetAndDestroy(), 20));
      });
    });
    const dir = temp();
    const { code, stdout, stderr } = await runCli(['e2e', '--base-url', server.url, '--record', 'c.jsonl'], {}, dir);
    expect([code, stdout]).toEqual([3, '']);
    expect(stderr).toMatch(ONE_CODED_LINE);
    expect(stderr).toContain('NET_BROKEN: POST http://127.0.0.1:');
    expect(stderr).toContain('connection reset');
    const { interactions } = parseCassette(readFileSync(join(dir, 'c.jsonl'), 'utf8'));
    expect(interactions.map((i) => i.response.incomplete)).toEqual(['reset']);
  });

  it.each([['not-a-url'], ['ftp://example.com'], ['127.0.0.1:8080']])('--base-url %s is a USAGE error before anything runs or is written', async (bad) => {
    const dir = temp();
    const { code, stdout, stderr } = await runCli(['e2e', '--base-url', bad, '--record', 'c.jsonl'], {}, dir);
    expect([code, stdout]).toEqual([2, '']);
    expect(stderr).toBe(`recon e2e: USAGE: --base-url takes an http or https URL, got "${bad}"\n`);
    expect(readdirSync(dir)).toEqual([]);
  });

  it.each([['99999999999'], ['0'], ['1.5'], ['soon']])('--timeout %s is a USAGE error', async (bad) => {
    const dir = temp();
    const { code, stderr } = await runCli(['e2e', '--base-url', 'http://127.0.0.1:9', '--timeout', bad, '--record', 'c.jsonl'], {}, dir);
    expect(code).toBe(2);
    expect(stderr).toMatch(/^recon e2e: USAGE: --timeout takes [^\n]+\n$/);
    expect(existsSync(join(dir, 'c.jsonl'))).toBe(false);
  });

  it('a key the upstream echoes back (in a header and in the stream) is written nowhere', async () => {
    const key = 'sk-e2e-0123456789abcdefABCDEF';
    sim = await startSimulator({ provider: 'deepseek', replies: E2E_SCRIPT });
    // In front of the simulator: echoes the client's authorization in a header and an SSE comment.
    server = await listenOnLoopback((request, response) => {
      const parts: Buffer[] = [];
      request.on('data', (part: Buffer) => parts.push(part));
      request.on('end', async () => {
        const answer = await fetch(`${sim!.url}${request.url}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(parts) });
        response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'text/event-stream', 'x-request-id': String(request.headers.authorization) });
        response.end(`: ${String(request.headers.authorization)} ${key}\n\n${await answer.text()}`);
      });
    });
    const dir = temp();
    const { code, stdout, stderr } = await runCli(['e2e', '--base-url', server.url, '--record', 'c.jsonl', '--json'], { DEEPSEEK_API_KEY: key }, dir);
    expect([code, stderr]).toEqual([0, '']);
    expect(stdout).not.toContain(key);
    const files = readdirSync(dir);
    expect(files).toEqual(['c.jsonl']);
    const written = readFileSync(join(dir, 'c.jsonl'), 'utf8');
    expect(written).not.toContain(key);
    expect(written).toContain(`"x-request-id":"Bearer ${'*'.repeat(key.length)}"`);
    expect(parseCassette(written).interactions.length).toBeGreaterThan(1);
  });
});
