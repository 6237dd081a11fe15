// @ts-nocheck
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { SCENARIO_FEATURES, referenceImplementation } from '../../src/conformance/index.ts';
import { serveProtocol } from '../../src/conformance/protocol/server.ts';
import { schemaProblem } from '../../src/conformance/protocol/schema.ts';

const LOG = '{"type":"session","version":0,"id":"s","createdAt":1}\n';

/** Serves the reference in process, writes `lines`, and returns what it answered once stdin ends. */
async function exchange(...lines: unknown[]): Promise<unknown[]> {
  const input = new PassThrough();
  const output = new PassThrough();
  let text = '';
  output.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const served = serveProtocol(referenceImplementation(), input, output);
  for (const line of lines) input.write(`${typeof line === 'string' ? line : JSON.stringify(line)}\n`);
  await new Promise((resolve) => setTimeout(resolve, 50));
  input.end();
  await served;
  return text.trim().split('\n').map((line) => JSON.parse(line) as unknown);
}

const call = (id: number, method: string, params: object) => ({ jsonrpc: '2.0', id, method, params });

describe('the stdio server', () => {
  it('answers the handshake with the implementation info, never inProcess', async () => {
    const [answer] = await exchange(call(1, 'initialize', { protocolVersion: 1 }));
    expect(answer).toEqual({ jsonrpc: '2.0', id: 1, result: { protocolVersion: 1, name: 'reconstructable-reference', version: expect.any(String), language: 'typescript', levels: ['log', 'fold', 'request', 'wire', 'loop'], providers: ['deepseek', 'openai', 'anthropic'], scenarioFeatures: [...SCENARIO_FEATURES], operations: ['fork'] } });
    expect(schemaProblem('message', answer)).toBeUndefined();
    expect(schemaProblem('initialize.result', (answer as { result: unknown }).result)).toBeUndefined();
  });

  it('answers a refusal as a result and a batch as one array line, matched by id', async () => {
    const [batch] = await exchange([call(7, 'log/load', { jsonl: LOG }), call(8, 'log/load', { jsonl: '{"type":"session","version":3,"id":"s","createdAt":1}\n' })]);
    expect(batch).toEqual([
      { jsonrpc: '2.0', id: 7, result: { ok: true, value: { header: JSON.parse(LOG), events: [] } } },
      { jsonrpc: '2.0', id: 8, result: { ok: false, code: 'FORMAT_VERSION', message: expect.stringContaining('newer harness') } },
    ]);
    expect(schemaProblem('message', batch)).toBeUndefined();
  });

  it('answers what it cannot with JSON-RPC errors, and notifications with nothing', async () => {
    const answers = await exchange(
      'not json',
      call(1, 'initialize', { protocolVersion: 2 }),
      call(2, 'log/nothing', {}),
      call(3, 'log/load', {}),
      { jsonrpc: '2.0', method: 'log/load', params: { jsonl: LOG } },
      [],
    );
    const codes = answers.map((a) => [(a as { id: unknown }).id, (a as { error: { code: number } }).error.code]);
    // Answers come as they are ready: matched by id, not by order.
    expect(codes).toHaveLength(5);
    expect(codes).toEqual(expect.arrayContaining([[null, -32700], [1, -32602], [2, -32601], [3, -32602], [null, -32600]]));
    for (const answer of answers) expect(schemaProblem('message', answer)).toBeUndefined();
  });

  it('stops after answering shutdown', async () => {
    const answers = await exchange(call(1, 'shutdown', {}), call(2, 'log/load', { jsonl: LOG }));
    expect(answers).toEqual([{ jsonrpc: '2.0', id: 1, result: null }]);
  });
});
