/** The era in the handshake: an implementation declares the design of the rule it follows, and the suite runs in it. */
// @ts-nocheck

import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PROPERTIES } from '../../properties/index.ts';
import { assertImplementation, referenceImplementation, type Implementation, type Scenario } from '../../src/conformance/index.ts';
import { openImplementation } from '../../src/conformance/open-implementation.ts';
import { findMutant } from '../../src/conformance/mutants/catalog.ts';
import { serveCommand } from '../../src/conformance/mutants/stdio-mutants.ts';
import { generateCases, runSuite } from '../../src/suite/run-suite.ts';
import { sessionPrefixLog } from '../../properties/arbitraries/session-prefix-log.ts';
import { shellQuote } from '../../src/_internals/shell-quote.ts';
import { runCli } from '../helpers/run-cli.ts';

const FAKE = join(import.meta.dirname, 'fixtures/fake-adapter.mjs');
const cwd = process.cwd();
const only = (...ids: string[]) => ({ runs: 20, seed: 9, only: ids });

/** The reference declaring `era`, recording what the suite asks of it. */
function recording(era: 'current' | 'session-prefix' | undefined) {
  const reference = referenceImplementation(era === undefined ? {} : { info: { era } });
  const scenarios: Scenario[] = [];
  const logs: string[] = [];
  const impl: Implementation = {
    ...reference,
    run: async (s) => {
      scenarios.push(s);
      return reference.run(s);
    },
    deriveMessages: async (jsonl, prefixes) => {
      logs.push(jsonl);
      return reference.deriveMessages(jsonl, prefixes);
    },
  };
  return { impl, scenarios, logs };
}

describe('an era declared in the handshake', () => {
  it('puts the suite in that era: every loop scenario has a session prefix, the fold reads logs with header prefixes and compact/* names', async () => {
    const { impl, scenarios, logs } = recording('session-prefix');
    const result = await runSuite(impl, PROPERTIES, only('LOOP-RECONSTRUCT', 'FOLD-MATCHES-SPEC'));
    expect(result.properties.map((p) => [p.id, p.status])).toEqual([
      ['FOLD-MATCHES-SPEC', 'pass'],
      ['LOOP-RECONSTRUCT', 'pass'],
    ]);
    expect(scenarios.length).toBeGreaterThan(0);
    expect(scenarios.every((s) => s.sessionPrefix !== undefined)).toBe(true);
    expect(logs.some((jsonl) => jsonl.includes('"messagePrefix"'))).toBe(true);
    expect(logs.some((jsonl) => jsonl.includes('"type":"compact/summary"'))).toBe(true);
  });

  it('is the current era when absent: the suite generates what it always did', async () => {
    for (const era of [undefined, 'current'] as const) {
      const { impl, scenarios, logs } = recording(era);
      await runSuite(impl, PROPERTIES, only('LOOP-RECONSTRUCT', 'FOLD-MATCHES-SPEC'));
      expect(scenarios.some((s) => s.sessionPrefix !== undefined), String(era)).toBe(false);
      expect(logs.some((jsonl) => jsonl.includes('"type":"compact/summary"')), String(era)).toBe(false);
    }
  });

  it('implies the scenario feature sessionPrefix, so LOOP-SESSION-PREFIX applies without it being listed', async () => {
    const { impl } = recording('session-prefix');
    const unlisted = { ...impl, info: { ...impl.info, scenarioFeatures: impl.info.scenarioFeatures!.filter((f) => f !== 'sessionPrefix') } };
    const result = await runSuite(unlisted, PROPERTIES, only('LOOP-SESSION-PREFIX'));
    expect(result.properties[0]!.status).toBe('pass');
  });

  it('travels over the protocol: recon serve --era declares it, the driver reads it, and a handshake with an unknown era fails', async () => {
    const impl = await openImplementation(`cmd:${serveCommand()} --era session-prefix`, { cwd });
    try {
      expect(impl.info.era).toBe('session-prefix');
    } finally {
      await impl.close?.();
    }
    await expect(openImplementation(`cmd:${shellQuote(process.execPath)} ${shellQuote(FAKE)} era-unknown`, { cwd })).rejects.toMatchObject({ code: 'IMPL_UNAVAILABLE', message: expect.stringContaining('"era" is "july-2026"') });
  });

  it('refuses --era naming another era than the one declared, with USAGE; the reference and its mutants take the one asked for', async () => {
    await expect(openImplementation(`cmd:${serveCommand()}`, { cwd, era: 'session-prefix' })).rejects.toMatchObject({ code: 'USAGE', message: expect.stringContaining('declares the current era') });
    await expect(openImplementation('mutant:compact-range-misread', { cwd, era: 'current' })).rejects.toMatchObject({ code: 'USAGE' });
    expect((await openImplementation('reference', { cwd, era: 'session-prefix' })).info.era).toBe('session-prefix');
    expect((await openImplementation('mutant:header-every-step', { cwd, era: 'session-prefix' })).info.era).toBe('session-prefix');
    expect((await openImplementation('mutant:compact-range-misread', { cwd })).info.era).toBe('session-prefix');
    const cli = await runCli(['check', '--impl', 'mutant:compact-range-misread', '--era', 'current']);
    expect(cli.code).toBe(2);
    expect(cli.stderr).toMatch(/^recon check: USAGE: --era current: mutant:compact-range-misread declares the session-prefix era/);
    expect(() => assertImplementation({ ...referenceImplementation(), info: { ...referenceImplementation().info, era: 'july' as 'current' } })).toThrow(expect.objectContaining({ code: 'IMPL_UNAVAILABLE' }));
  });
});

describe('the logs of the session-prefix era', () => {
  it('carry header prefixes that change across instances, and compaction under compact/* over ranges of more than one node', () => {
    const logs = [...generateCases({ arbitrary: sessionPrefixLog }, 3, 200)].map((c) => c.generate());
    const share = (test: (events: (typeof logs)[number]['events']) => boolean) => logs.filter((l) => test(l.events)).length / logs.length;
    const prefixes = (events: (typeof logs)[number]['events']) => events.flatMap((e) => (e.type === 'request/header' ? [JSON.stringify((e.data as { header: { messagePrefix?: unknown } }).header.messagePrefix ?? [])] : []));
    expect(share((events) => prefixes(events).some((p) => p !== '[]'))).toBeGreaterThan(0.5);
    expect(share((events) => new Set(prefixes(events)).size > 1)).toBeGreaterThan(0.2);
    expect(share((events) => events.some((e) => e.type === 'compact/summary' && (e.data as { shadowedRange: { start: number; end: number } }).shadowedRange.end > (e.data as { shadowedRange: { start: number } }).shadowedRange.start))).toBeGreaterThan(0.2);
    expect(logs.every((l) => !l.events.some((e) => e.type === 'compact/summary') || !l.events.some((e) => e.type === 'compaction/summary'))).toBe(true);
  });
});

describe('compact-range-misread', () => {
  it('survives the current era, whose generated logs never name compaction compact/*, and is caught in the one it declares', async () => {
    const mutant = await findMutant('compact-range-misread').open();
    const current = await runSuite({ ...mutant, info: { ...mutant.info, era: 'current' } }, PROPERTIES, { ...only('FOLD-MATCHES-SPEC'), shrink: false });
    const declared = await runSuite(mutant, PROPERTIES, { ...only('FOLD-MATCHES-SPEC'), shrink: false });
    expect([current.properties[0]!.status, declared.properties[0]!.status]).toEqual(['pass', 'fail']);
    expect(declared.properties[0]!.counterexample?.message).toContain('the derived messages differ from the messages the log was written with');
  });
});
