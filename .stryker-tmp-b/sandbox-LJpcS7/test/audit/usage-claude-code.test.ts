/**
 * `recon audit` on Claude Code transcripts: the real ones in corpora/claude-code/ against a
 * hand count of their usage lines, and generated ones in the same layout for what those
 * do not hold (a response split over lines, a compaction, a resume, an idle gap, damage).
 */
// @ts-nocheck

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AuditReport, UsageSession } from '../../src/audit/usage/index.ts';
import { claudeAssistant, claudeCompactBoundary, claudeUser, jsonl, put, type ClaudeUsage } from '../helpers/harness-logs.ts';
import { runCli } from '../helpers/run-cli.ts';

const CORPUS = join(import.meta.dirname, '../../corpora/claude-code');

/**
 * Counted by hand, not by recon: a one-off Python script read every line of each file,
 * kept those whose `message.role` is "assistant" with a `message.usage`, grouped them by
 * (`message.id`, `requestId`), and wrote down per group its line numbers, model, timestamp,
 * `input_tokens`, `cache_read_input_tokens`, `cache_creation_input_tokens`, the
 * `cache_creation` split, and the largest `output_tokens`; prompt = input + read + write,
 * rate = Σ read ÷ Σ prompt. The verdicts follow the attribution rules by hand: the first call
 * is COLD_START; a call reading less than the previous prompt is ROUTE_CHANGED when the
 * model changed, else WITHIN_BOUND when it reads the previous call's read + write.
 */
interface HandCall {
  readonly lines: readonly number[];
  readonly at: string;
  readonly prompt: number;
  readonly uncached: number;
  readonly cacheRead: number;
  readonly cacheWrite: number;
  readonly tiers?: Readonly<Record<string, number>>;
  readonly output: number;
  readonly verdict?: string;
}

const HAND_COUNT: ReadonlyArray<{ readonly file: string; readonly session: string; readonly read: number; readonly prompt: number; readonly calls: readonly HandCall[] }> = [
  {
    file: 'DRMacIver__claude-reliability__hello-world-script__transcript.jsonl',
    session: 'de3b8b19-5bc0-4a2a-934a-1b6806567e25',
    read: 71036,
    prompt: 74578,
    calls: [
      { lines: [3], at: '2026-01-21T06:20:33.873Z', prompt: 18464, uncached: 2, cacheRead: 15289, cacheWrite: 3173, tiers: { '5m': 3173, '1h': 0 }, output: 1, verdict: 'COLD_START' },
      { lines: [5], at: '2026-01-21T06:20:36.969Z', prompt: 18585, uncached: 0, cacheRead: 18462, cacheWrite: 123, tiers: { '5m': 123, '1h': 0 }, output: 25, verdict: 'WITHIN_BOUND' },
      { lines: [7], at: '2026-01-21T06:20:41.709Z', prompt: 18700, uncached: 0, cacheRead: 18585, cacheWrite: 115, tiers: { '5m': 115, '1h': 0 }, output: 1 },
      { lines: [9], at: '2026-01-21T06:20:44.516Z', prompt: 18829, uncached: 1, cacheRead: 18700, cacheWrite: 128, tiers: { '5m': 128, '1h': 0 }, output: 2 },
    ],
  },
  {
    file: 'DRMacIver__claude-reliability__stop-hook-fast-path-clean__transcript.jsonl',
    session: '063004b7-9c12-446a-a977-ca545d9e3cac',
    read: 33753,
    prompt: 37103,
    calls: [
      { lines: [3], at: '2026-01-21T06:24:35.953Z', prompt: 18466, uncached: 2, cacheRead: 15289, cacheWrite: 3175, tiers: { '5m': 3175, '1h': 0 }, output: 1, verdict: 'COLD_START' },
      { lines: [5], at: '2026-01-21T06:24:38.842Z', prompt: 18637, uncached: 0, cacheRead: 18464, cacheWrite: 173, tiers: { '5m': 173, '1h': 0 }, output: 1, verdict: 'WITHIN_BOUND' },
    ],
  },
  {
    file: 'ryoppippi__ccusage__fixture-chat.jsonl',
    session: 'session-alpha',
    read: 70,
    prompt: 745,
    calls: [
      { lines: [1], at: '2026-01-09T10:00:00.000Z', prompt: 135, uncached: 100, cacheRead: 10, cacheWrite: 25, output: 50, verdict: 'COLD_START' },
      { lines: [2], at: '2026-01-09T12:30:00.000Z', prompt: 270, uncached: 200, cacheRead: 20, cacheWrite: 50, output: 75, verdict: 'ROUTE_CHANGED' },
      { lines: [3], at: '2026-01-10T09:15:00.000Z', prompt: 340, uncached: 300, cacheRead: 40, cacheWrite: 0, output: 125, verdict: 'ROUTE_CHANGED' },
    ],
  },
];

async function audit(args: readonly string[], cwd = process.cwd()): Promise<AuditReport & { code: number; stdout: string }> {
  const { code, stdout, stderr } = await runCli(['audit', ...args, '--json'], {}, cwd);
  expect(stderr).toBe('');
  return { ...(JSON.parse(stdout) as AuditReport), code, stdout };
}

const sessionOf = (report: AuditReport, id: string): UsageSession => report.sessions.find((s) => s.id === id)!;
const verdicts = (session: UsageSession) => session.calls.map((c) => c.drop?.code);

describe('recon audit corpora/claude-code/', () => {
  it('gives the series, rates and verdicts of the hand count, each call counted once with its line', async () => {
    const report = await audit([CORPUS]);
    expect(report.code).toBe(0);
    expect(report.summary).toMatchObject({ total: 3, ok: 3, rejected: 0, sessions: 3, calls: 9, bytesNeeded: 0 });
    for (const expected of HAND_COUNT) {
      const session = sessionOf(report, expected.session);
      expect(session.harness).toBe('claude-code');
      expect(session.files).toEqual([join(CORPUS, expected.file)]);
      expect(session.calls.map((c) => ({ lines: c.lines.map((l) => l.line), at: c.at, prompt: c.prompt, uncached: c.uncached, cacheRead: c.cacheRead, cacheWrite: c.cacheWrite, output: c.output }))).toEqual(
        expected.calls.map(({ lines, at, prompt, uncached, cacheRead, cacheWrite, output }) => ({ lines, at, prompt, uncached, cacheRead, cacheWrite, output })),
      );
      expect(session.calls.map((c) => c.cacheWriteTiers)).toEqual(expected.calls.map((c) => c.tiers));
      expect(session.rate).toBeCloseTo(expected.read / expected.prompt, 12);
      expect(session.totals).toMatchObject({ prompt: expected.prompt, cacheRead: expected.read });
      expect(verdicts(session)).toEqual(expected.calls.map((c) => c.verdict));
    }
  });

  it('shows each drop with the lines of the call and of the call before it, and says the verdicts are usage-level', async () => {
    const report = await audit([CORPUS]);
    const hello = sessionOf(report, HAND_COUNT[0]!.session);
    const second = hello.calls[1]!;
    expect(second.drop).toMatchObject({ code: 'WITHIN_BOUND', level: 'usage' });
    expect(second.bound).toBe(15289 + 3173);
    expect(second.drop!.evidence.map((e) => [e.what, e.place.line])).toEqual([['this call', 5], ['the call before', 3]]);
    // The first call reads what an earlier session cached: reads above the bound, reported apart.
    expect(hello.externalReads).toBe(15289);
    expect(hello.attainmentInSession).toBe(1);
    expect(hello.notes.join('\n')).toContain('stop_reason null');

    const { stdout } = await runCli(['audit', CORPUS]);
    for (const expected of HAND_COUNT) {
      expect(stdout).toContain(`session ${expected.session}`);
      for (const call of expected.calls) expect(stdout).toMatch(new RegExp(`\\n +\\d+ .*${call.at.replace(/\./g, '\\.')} +${call.prompt} +${call.uncached} +${call.cacheRead} +${call.cacheWrite}`));
    }
    const verdictLines = stdout.split('\n').filter((l) => /^ {2}#\d+ [A-Z_]+/.test(l));
    expect(verdictLines).toHaveLength(HAND_COUNT.flatMap((h) => h.calls).filter((c) => c.verdict !== undefined).length);
    expect(stdout).toContain('read rate 95.3% = Σ cache read ÷ Σ input_tokens + cache_read_input_tokens + cache_creation_input_tokens');
    expect(stdout).toContain('every verdict here is usage-level');
    expect(stdout).toContain('SYSTEM_CHANGED');
  });
});

const SESSION = 'sess-1';
/** The line as Claude Code writes a message of its own (an API error, "No response requested."). */
const synthetic = (line: unknown) => {
  const copy = structuredClone(line) as { message: { model: string } };
  copy.message.model = '<synthetic>';
  return copy;
};
const u = (input: number, read: number, write: number, output: number, tiers?: Record<string, number>): ClaudeUsage => ({ input, read, write, output, ...(tiers === undefined ? {} : { tiers }) });

describe('recon audit on Claude Code transcripts in its layout', () => {
  it('counts the lines of one split response once, with the largest output, wherever its lines fall', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-cc-'));
    const first = (output: number) => claudeAssistant({ session: SESSION, id: 'msg_a', at: '2026-01-01T00:00:01.000Z', usage: u(3, 0, 5000, output) });
    const second = claudeAssistant({ session: SESSION, id: 'msg_b', at: '2026-01-01T00:00:09.000Z', usage: u(1, 5000, 300, 7) });
    // Three content blocks of msg_a, a tool result between two of them, then the next response.
    put(join(dir, 'split.jsonl'), jsonl([claudeUser(SESSION, '2026-01-01T00:00:00.000Z'), first(1), first(1), claudeUser(SESSION, '2026-01-01T00:00:02.000Z', 'tool result'), first(40), second]));
    put(join(dir, 'whole.jsonl'), jsonl([claudeUser('sess-2', '2026-01-01T00:00:00.000Z'), { ...(first(40) as object), sessionId: 'sess-2', requestId: 'other' }, { ...(second as object), sessionId: 'sess-2', requestId: 'other-b' }]));
    const report = await audit(['split.jsonl', 'whole.jsonl'], dir);
    const split = sessionOf(report, SESSION);
    expect(split.calls.map((c) => c.lines.map((l) => l.line))).toEqual([[2, 3, 5], [6]]);
    expect(split.calls[0]).toMatchObject({ prompt: 5003, cacheWrite: 5000, output: 40 });
    expect(report.logs[0]).toMatchObject({ records: 6, calls: 2, copies: 2 });
    const whole = sessionOf(report, 'sess-2');
    const figures = (s: UsageSession) => s.calls.map(({ prompt, cacheRead, cacheWrite, output, drop }) => ({ prompt, cacheRead, cacheWrite, output, code: drop?.code }));
    expect(figures(split)).toEqual(figures(whole));
    expect(split.rate).toBe(whole.rate);
  });

  it('refuses copies of one response that disagree on what was read, and a write split that does not add up, at their line', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-cc-'));
    const at = '2026-01-01T00:00:01.000Z';
    put(join(dir, 'a.jsonl'), jsonl([claudeAssistant({ session: SESSION, id: 'msg_a', at, usage: u(3, 100, 50, 1) }), claudeAssistant({ session: SESSION, id: 'msg_a', at, usage: u(3, 90, 50, 2) })]));
    put(join(dir, 'b.jsonl'), jsonl([claudeAssistant({ session: 'sess-b', id: 'msg_b', at, usage: u(3, 100, 50, 1, { '5m': 30, '1h': 10 }) })]));
    put(join(dir, 'c.jsonl'), jsonl([claudeAssistant({ session: 'sess-c', id: 'msg_c', at, usage: u(3, 100, 50, 1) }), '{"type":"assistant"', claudeUser('sess-c', at)]));
    const report = await audit(['a.jsonl', 'b.jsonl', 'c.jsonl'], dir);
    expect(report.code).toBe(1);
    expect(report.logs.map((l) => (l.ok ? 'ok' : [l.code, l.line]))).toEqual([
      ['USAGE_COPIES_DISAGREE', 2],
      ['USAGE_INCONSISTENT', 1],
      ['USAGE_RECORD_MALFORMED', 2],
    ]);
    // A refused file leaves nothing behind: none of its calls is counted.
    expect(report.sessions).toEqual([]);
  });

  it('cuts a torn last line and reports it; leaves <synthetic> messages out; keeps a subagent in a lineage of its own', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-cc-'));
    const main = (id: string, at: string, usage: ClaudeUsage) => claudeAssistant({ session: SESSION, id, at, usage });
    const lines = [
      main('m1', '2026-01-01T00:00:01.000Z', u(0, 0, 9000, 5)),
      claudeAssistant({ session: SESSION, id: 's1', at: '2026-01-01T00:00:02.000Z', usage: u(2, 0, 4000, 5), sidechain: 'agent-7', model: 'claude-haiku-4-5' }),
      synthetic(main('syn', '2026-01-01T00:00:03.000Z', u(0, 0, 0, 0))),
      main('m2', '2026-01-01T00:00:04.000Z', u(1, 9000, 40, 5)),
    ];
    put(join(dir, 't.jsonl'), jsonl(lines) + '{"parentUuid":"x","type":"assis');
    const report = await audit(['t.jsonl'], dir);
    expect(report.code).toBe(0);
    expect(report.logs[0]).toMatchObject({ ok: true, tornTail: { line: 5 }, skipped: { '<synthetic> message (written by Claude Code, not the API)': 1 } });
    const session = sessionOf(report, SESSION);
    expect(session.calls.map((c) => [c.lineage.endsWith('#main') ? 'main' : 'agent', c.drop?.code])).toEqual([
      ['main', 'COLD_START'],
      ['agent', 'COLD_START'],
      ['main', undefined],
    ]);
  });

  it('attributes a drop after compact_boundary to the compaction, with the boundary line as evidence', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-cc-'));
    put(join(dir, 'c.jsonl'), jsonl([
      claudeAssistant({ session: SESSION, id: 'm1', at: '2026-01-01T00:00:01.000Z', usage: u(2, 0, 150000, 5) }),
      claudeCompactBoundary(SESSION, '2026-01-01T00:00:30.000Z'),
      { ...(claudeUser(SESSION, '2026-01-01T00:00:31.000Z', 'This session is being continued from a previous conversation') as object), isCompactSummary: true },
      claudeAssistant({ session: SESSION, id: 'm2', at: '2026-01-01T00:00:40.000Z', usage: u(2, 15000, 3000, 5) }),
    ]));
    const drop = sessionOf(await audit(['c.jsonl'], dir), SESSION).calls[1]!.drop!;
    expect(drop.code).toBe('COMPACTED');
    expect(drop.evidence.map((e) => [e.what, e.place.line])).toEqual([['this call', 4], ['the call before', 1], ['compaction record', 2], ['compaction record', 3]]);
  });

  it('attributes a drop to an idle gap past the lifetime of what the call before wrote: 5 minutes, or an hour for 1h writes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-cc-'));
    // A second call that reads only the system prompt back, `gap` after a first one that wrote in `tier`.
    const pair = (name: string, gapMs: number, tier: '5m' | '1h') => {
      const t0 = Date.parse('2026-01-01T00:00:00.000Z');
      put(join(dir, `${name}.jsonl`), jsonl([
        claudeAssistant({ session: name, id: `${name}-1`, at: new Date(t0).toISOString(), usage: u(2, 0, 10000, 5, tier === '5m' ? { '5m': 10000, '1h': 0 } : { '5m': 0, '1h': 10000 }) }),
        claudeAssistant({ session: name, id: `${name}-2`, at: new Date(t0 + gapMs).toISOString(), usage: u(2, 4000, 6100, 5) }),
      ]));
      return `${name}.jsonl`;
    };
    const minute = 60_000;
    const report = await audit([pair('four-min', 4 * minute, '5m'), pair('six-min', 6 * minute, '5m'), pair('six-min-1h', 6 * minute, '1h'), pair('61-min-1h', 61 * minute, '1h')], dir);
    const second = (id: string) => sessionOf(report, id).calls[1]!.drop!;
    expect(second('six-min')).toMatchObject({ code: 'IDLE_EXPIRED', summary: expect.stringContaining("360 s passed since it, past anthropic's 5-minute cache lifetime") as string });
    expect(second('61-min-1h')).toMatchObject({ code: 'IDLE_EXPIRED', summary: expect.stringContaining('60-minute') as string });
    // Within the lifetime the transcript cannot explain it: said, not guessed.
    expect(second('four-min').code).toBe('BYTES_NEEDED');
    expect(second('six-min-1h').code).toBe('BYTES_NEEDED');
    expect(report.summary.bytesNeeded).toBe(2);
    expect((await runCli(['audit', 'four-min.jsonl', '--strict'], {}, dir)).code).toBe(1);
    expect((await runCli(['audit', 'six-min.jsonl', '--strict'], {}, dir)).code).toBe(0);
  });

  it('counts a resumed session’s copy of its parent once and attributes the drop where the new session starts to the resume', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-cc-'));
    const parent = [
      claudeAssistant({ session: 'old', id: 'p1', at: '2026-01-01T00:00:01.000Z', usage: u(2, 0, 8000, 5) }),
      claudeAssistant({ session: 'old', id: 'p2', at: '2026-01-01T00:00:05.000Z', usage: u(2, 8000, 100, 5) }),
    ];
    put(join(dir, 'old.jsonl'), jsonl(parent));
    // --resume as Claude Code wrote it: the old session's lines copied, then the new session's.
    put(join(dir, 'new.jsonl'), jsonl([...parent, claudeUser('new', '2026-01-01T00:01:00.000Z'), claudeAssistant({ session: 'new', id: 'n1', at: '2026-01-01T00:01:01.000Z', usage: u(2, 3000, 5200, 5) })]));
    const report = await audit(['.'], dir);
    expect(report.logs.map((l) => l.ok && 'harness' in l ? [l.file, l.calls, l.copies] : l.file)).toEqual([['new.jsonl', 3, 0], ['old.jsonl', 0, 2]]);
    const old = sessionOf(report, 'old');
    expect(old.calls.map((c) => c.lines.map((l) => `${l.file}:${l.line}`))).toEqual([['new.jsonl:1', 'old.jsonl:1'], ['new.jsonl:2', 'old.jsonl:2']]);
    const resumed = sessionOf(report, 'new').calls[0]!;
    expect(resumed.previous).toEqual({ session: 'old', index: 2 });
    expect(resumed.drop).toMatchObject({ code: 'RESUMED', summary: expect.stringContaining('session new continues session old') as string });
    expect(resumed.drop!.evidence.map((e) => `${e.what} ${e.place.file}:${e.place.line}`)).toEqual(['this call new.jsonl:4', 'the call before new.jsonl:2', 'resume record new.jsonl:3']);
  });
});
