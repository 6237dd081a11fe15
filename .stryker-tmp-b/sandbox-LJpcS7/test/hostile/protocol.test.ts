/** An adapter that answers a call twice, or under an id never sent, is a PROTOCOL_ERROR naming the line, not a hang. */
// @ts-nocheck

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../helpers/run-cli.ts';

const FAKE = join(import.meta.dirname, '../conformance/fixtures/fake-adapter.mjs');

describe('stdio protocol reader', () => {
  it.each([
    ['answer-twice', /PROTOCOL_ERROR: the implementation answered a call that is not pending \(id 1\): \{"jsonrpc":"2\.0","id":1,"result":\{"protocolVersion":1/],
    ['wrong-id', /PROTOCOL_ERROR: the implementation answered a call that is not pending \(id 10\d\d\): \{"jsonrpc":"2\.0","id":10\d\d,/],
  ])('%s fails the property as protocol-error with the line', async (fault, message) => {
    const { code, stdout } = await runCli(['check', '--impl', `cmd:node ${FAKE} ${fault}`, '--property', 'LOG-LOAD-VALID', '--runs', '2', '--seed', '1', '--no-save', '--timeout', '5000']);
    expect(code).toBe(1);
    expect(stdout).toMatch(/protocol-error: /);
    expect(stdout).toMatch(message);
  }, 60_000);
});
