// @ts-nocheck
import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../../properties/index.ts';
import { LOOP_WIRE_OBSERVED } from '../../properties/observed-wire.ts';
import { unloggedReminderClient } from '../helpers/unlogged-reminder.ts';
import { runSuite } from '../../src/suite/run-suite.ts';

describe('a client that adds an unlogged block on the wire', () => {
  it('is caught by LOOP-WIRE-OBSERVED, at the first byte the reminder adds, and by no other property', async () => {
    const result = await runSuite(await unloggedReminderClient(), PROPERTIES, { runs: 10, seed: 7 });
    const failed = result.properties.filter((p) => p.status === 'fail');
    expect(failed.map((p) => p.id)).toEqual([LOOP_WIRE_OBSERVED.id]);
    const message = failed[0]!.counterexample!.message;
    expect(message).toContain('as it went out differs from the serialization of its reconstruction from the log');
    expect(message).toContain('system-reminder');
    expect(result.properties.filter((p) => p.status === 'pass').length).toBe(PROPERTIES.length - 1);
  });
});
