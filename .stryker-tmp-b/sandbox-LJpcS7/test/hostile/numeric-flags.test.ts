/**
 * Every numeric flag goes through one parser: a value that is not plain digits in range is a
 * one-line USAGE error naming the flag and its range, before anything runs or is written.
 */
// @ts-nocheck

import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS, MAX_WORKERS, parseCount } from '../../src/cli/command.ts';
import { runCli } from '../helpers/run-cli.ts';

const CASES: ReadonlyArray<readonly [string[], RegExp]> = [
  [['check', '--timeout', '99999999999'], /--timeout takes a whole number from 1 to 2147483647/],
  [['check', '--workers', '1e9'], /--workers takes a whole number from 1 to \d+/],
  [['check', '--workers', '1000'], /--workers takes a whole number from 1 to \d+ \(4 per core and 256 MiB of memory each/],
  [['audit', 'x.jsonl', '--workers', '1000'], /--workers takes a whole number from 1/],
  [['mutants', '--workers', '1e9'], /--workers takes a whole number from 1/],
  [['check', '--runs', '0x10'], /--runs takes a whole number of at least 1, got "0x10"/],
  [['check', '--runs', ' 5'], /--runs takes a whole number/],
  [['check', '--seed', '4294967296'], /--seed takes a whole number from 0 to 2147483647/],
  [['check', '--max-line', '1e12'], /--max-line takes a whole number from 1 to/],
  [['simulate', '--port', '65536'], /--port takes a whole number from 0 to 65535/],
  [['replay', join(import.meta.dirname, '../../corpora/cassettes/deepseek/node-llm__tool-calling.jsonl'), '--serve', '--speed', '0'], /--speed takes a number between 0 and 1000000 \(exclusive\)/],
  [['bench', 'compare', 'a.json', 'b.json', '--alpha', '1'], /--alpha takes a number between 0 and 1 \(exclusive\)/],
  [['bench', 'compare', 'a.json', 'b.json', '--threshold', 'NaN'], /--threshold takes a number from 0 to/],
];

describe('numeric flags', () => {
  it.each(CASES)('recon %j is one coded line, exit 2, nothing written', async (argv, message) => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-hostile-flags-'));
    const { code, stdout, stderr } = await runCli(argv, {}, dir);
    expect(code).toBe(2);
    expect(stdout).toBe('');
    expect(stderr).toMatch(/^recon [a-z]+: USAGE: /);
    expect(stderr).toMatch(message);
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(readdirSync(dir)).toEqual([]);
  });

  it('keeps every value inside the range and refuses the first one past it', () => {
    expect(parseCount('timeout', String(MAX_TIMER_MS), 1, { max: MAX_TIMER_MS })).toBe(MAX_TIMER_MS);
    expect(() => parseCount('timeout', String(MAX_TIMER_MS + 1), 1, { max: MAX_TIMER_MS })).toThrow(/USAGE/);
    expect(parseCount('alpha', '0.05', 0.05, { min: 0, max: 1, decimal: true, exclusive: true })).toBe(0.05);
    expect(parseCount('runs', undefined, 7)).toBe(7);
    expect(MAX_WORKERS).toBeGreaterThanOrEqual(1);
  });
});
