import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../../properties/index.ts';
import { LOOP_WIRE_OBSERVED } from '../../properties/observed-wire.ts';
import { referenceImplementation, runScenario, type Implementation } from '../../src/conformance/index.ts';
import type { FetchLike } from '../../src/http/index.ts';
import { runSuite } from '../../src/suite/run-suite.ts';

/**
 * A harness like anthropics/claude-code #43657: its loop, its log and the requests it
 * reports are the reference's, but its HTTP client puts a reminder message into every
 * body on the way out, which nothing logs.
 */
const REMINDER = { role: 'user', content: '<system-reminder>The date is 2026-11-30.</system-reminder>' };

const withReminder =
  (fetch: FetchLike): FetchLike =>
  (input, init) => {
    const body = JSON.parse(String(init?.body)) as { messages: unknown[] };
    body.messages.splice(1, 0, REMINDER);
    return fetch(input, { ...init, body: JSON.stringify(body) });
  };

function liar(): Implementation {
  const reference = referenceImplementation();
  return {
    ...reference,
    info: { ...reference.info, name: 'unlogged-reminder-client' },
    run: async (scenario) => ({ ok: true, value: await runScenario(scenario, { wrapFetch: withReminder }) }),
  };
}

describe('a client that adds an unlogged block on the wire', () => {
  it('is caught by LOOP-WIRE-OBSERVED, at the first byte the reminder adds, and by no other property', async () => {
    const result = await runSuite(liar(), PROPERTIES, { runs: 10, seed: 7 });
    const failed = result.properties.filter((p) => p.status === 'fail');
    expect(failed.map((p) => p.id)).toEqual([LOOP_WIRE_OBSERVED.id]);
    const message = failed[0]!.counterexample!.message;
    expect(message).toContain('as it went out differs from the serialization of its reconstruction from the log');
    expect(message).toContain('system-reminder');
    expect(result.properties.filter((p) => p.status === 'pass').length).toBe(PROPERTIES.length - 1);
  });
});
