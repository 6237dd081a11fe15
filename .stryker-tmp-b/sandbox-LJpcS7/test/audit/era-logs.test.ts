/**
 * The real logs DSH wrote in the session-prefix era (corpora/dsh-era-logs, July 2026): the
 * reader takes both designs, and every request is rebuilt with the prefix that was sent.
 */
// @ts-nocheck

import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { auditLog, type AuditedLog } from '../../src/audit/index.ts';
import { eraOf, foldRequestHeader, reconstructRequest, requestBoundaries } from '../../src/fold/index.ts';
import { eventsOf, loadJsonl, saveJsonl, SessionLog, type SessionEvent } from '../../src/log/index.ts';
import { ReconError } from '../../src/errors.ts';

const DIR = fileURLToPath(new URL('../../corpora/dsh-era-logs/', import.meta.url));
const LOGS = readdirSync(DIR).filter((name) => name.endsWith('.jsonl')).sort().map((name) => [name, readFileSync(DIR + name, 'utf8')] as const);
const DELTA_LOG = '4d76f5bc4e__acp__fixtures__live-mode-switching-2026-07-07__session.jsonl';
const SKILL_LOG = '4d76f5bc4e__acp__snapshots__skill-load__session.jsonl';

const textOf = (event: SessionEvent | undefined): string => JSON.stringify(event?.data);

describe('the session-prefix era logs', () => {
  it('load, all but the one with request/header-delta, which is refused with its code', () => {
    expect(LOGS).toHaveLength(10);
    for (const [name, text] of LOGS) {
      const audit = auditLog(text, name);
      if (name === DELTA_LOG) expect(audit, name).toMatchObject({ ok: false, code: 'LEGACY_HEADER_DELTA' });
      else expect(audit.ok, `${name}: ${audit.ok ? '' : audit.message}`).toBe(true);
    }
  });

  it('are read as the era they were written in, with no unexplained break', () => {
    for (const [name, text] of LOGS) {
      if (name === DELTA_LOG) continue;
      const audit = auditLog(text, name) as AuditedLog;
      expect(audit.era, name).toBe(name.includes('compaction-recovery') ? 'current' : 'session-prefix');
      expect(audit.era).toBe(eraOf(loadJsonl(text).log.events));
      expect(audit.breaks.filter((b) => b.cause === 'unexplained'), name).toEqual([]);
    }
  });

  it('rebuild every request as the header prefix, then the messages of the events before its step/start', () => {
    let prefixed = 0;
    for (const [name, text] of LOGS) {
      if (name === DELTA_LOG) continue;
      const { log } = loadJsonl(text);
      const audit = auditLog(text, name) as AuditedLog;
      const boundaries = requestBoundaries(log.events);
      expect(audit.rebuilt.map((r) => r.seq), name).toEqual(boundaries.map((b) => b.seq));
      for (const [i, boundary] of boundaries.entries()) {
        const request = reconstructRequest(log.events, boundary.seq, log.header.id, audit.era)!;
        const prefix = foldRequestHeader(log.events.slice(0, boundary.seq))!.messagePrefix ?? [];
        expect(request.messages.slice(0, prefix.length), name).toEqual(prefix);
        expect(audit.rebuilt[i]).toMatchObject({ messages: request.messages.length, prefixMessages: prefix.length });
        if (prefix.length > 0) prefixed++;
      }
    }
    expect(prefixed).toBeGreaterThanOrEqual(8);
  });

  it('send the skills reminder of the skill-load log in both of its requests', () => {
    const text = LOGS.find(([name]) => name === SKILL_LOG)![1];
    const { log } = loadJsonl(text);
    const stored = JSON.parse(text.split('\n').find((l) => l.includes('"request/header"'))!) as { data: { header: { messagePrefix: Array<{ role: string; content: unknown }> } } };
    for (const boundary of requestBoundaries(log.events)) {
      const first = reconstructRequest(log.events, boundary.seq, log.header.id, 'session-prefix')!.messages[0]!;
      expect(first.role).toBe('user');
      expect(first.content).toEqual(stored.data.header.messagePrefix[0]!.content);
      expect(JSON.stringify(first.content)).toContain('A skill is a reusable set of task-specific instructions');
    }
  });

  it('let a context/message appended after the boundary join the next request, not the one in flight', () => {
    const text = LOGS.find(([name]) => name.includes('hook-cc-posttool-context'))![1];
    const { log } = loadJsonl(text);
    const context = log.events.find(eventsOf('context/message'))!;
    const boundaries = requestBoundaries(log.events);
    const [first, second] = boundaries.map((b) => reconstructRequest(log.events, b.seq, log.header.id, 'session-prefix')!);
    expect(context.seq).toBeGreaterThan(boundaries[0]!.seq);
    expect(first!.messages).not.toContain(context.data.message);
    expect(second!.messages.at(-1)).toBe(context.data.message);
    expect(context.data.message.role).toBe('user');
  });

  it('keep what the era stored: context meta is log-only, compact/* keeps its names and payloads', () => {
    const workspace = loadJsonl(LOGS.find(([name]) => name.startsWith('4d76f5bc4e__acp__snapshots__workspace-context'))![1]).log;
    const context = workspace.events.find(eventsOf('context/message'))!;
    expect(context.data.meta).toMatchObject({ kind: 'workspace-instructions', version: 1 });
    expect(Object.keys(context.data.message)).toEqual(['id', 'role', 'content', 'source']);
    const compactText = LOGS.find(([name]) => name.startsWith('a522eda193'))![1];
    const compact = loadJsonl(compactText).log;
    const summary = compact.events.find(eventsOf('compact/summary'))!;
    expect(summary.data).toMatchObject({ shadowedRange: { start: 4, end: 4 }, llmStreamCall: true });
    // Nothing of these events is upgraded: saved, the log is the stored text.
    expect(saveJsonl(compact)).toBe(compactText);
  });

  it('round-trip through save: an upgraded era log loads again to the same events', () => {
    for (const [name, text] of LOGS) {
      if (name === DELTA_LOG) continue;
      const { log } = loadJsonl(text);
      expect(JSON.stringify(loadJsonl(saveJsonl(log)).log.events), name).toBe(JSON.stringify(log.events));
    }
  });
});

describe('the header fields a reader does not know', () => {
  const header = { type: 'session', version: 0, id: 's', createdAt: 1 } as const;
  const base = { config: { provider: 'deepseek', model: 'deepseek-chat' } };

  it('are refused with HEADER_FIELD_UNKNOWN, at load and at append, never dropped', () => {
    for (const data of [
      { header: { ...base, messageSuffix: [] }, reason: 'initial' },
      { header: { ...base, config: { ...base.config, topP: 0.9 } }, reason: 'initial' },
      { header: base, reason: 'initial', startsSeries: true },
    ]) {
      const text = `${JSON.stringify(header)}\n${JSON.stringify({ type: 'request/header', seq: 0, time: 1, data })}\n`;
      expect(() => loadJsonl(text)).toThrow(expect.objectContaining({ code: 'HEADER_FIELD_UNKNOWN' }) as ReconError);
      const log = SessionLog.create(header);
      expect(() => log.append<string>('request/header', data)).toThrow(expect.objectContaining({ code: 'HEADER_FIELD_UNKNOWN' }) as ReconError);
      expect(log.length).toBe(0);
    }
  });

  it('upgrade a pre-identity prefix on append as on load, with ids that name the position', () => {
    const prefix = [{ role: 'user', content: [{ type: 'text', text: 'reminder' }] }];
    const log = SessionLog.create(header, { clock: () => 1 });
    const first = log.append<string>('request/header', { header: { ...base, messagePrefix: prefix }, reason: 'initial' });
    const again = log.append<string>('request/header', { header: { ...base, messagePrefix: prefix }, reason: 'resume' });
    const stored = (first.data as { header: { messagePrefix: unknown[] } }).header.messagePrefix;
    expect(stored).toEqual([{ id: 'legacy-prefix:s:0', role: 'user', content: prefix[0]!.content, source: { kind: 'session-prefix' } }]);
    expect((again.data as { header: { messagePrefix: unknown[] } }).header.messagePrefix).toEqual(stored);
    expect(JSON.stringify(loadJsonl(saveJsonl(log)).log.events)).toBe(JSON.stringify(log.events));
    expect(textOf(log.events[0])).toContain('legacy-prefix:s:0');
  });
});
