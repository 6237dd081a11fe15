/**
 * `recon audit` on logs of the released DSH formats: the two real v3 logs (corpora/dsh-v3-logs)
 * and logs generated in v2, v3 and v4 (test/helpers/released-logs.ts), whose requests, header
 * snapshots and prefix breaks are known from their plans. The audit names the format version
 * and the generation a file's name says, in text and JSON.
 */
// @ts-nocheck

import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { auditFile, auditLog, type AuditedLog, type PrefixBreak } from '../../src/audit/index.ts';
import type { Message } from '../../src/log/index.ts';
import { jsonlOf, planArbitrary, RELEASED, writeLog, type ExpectedRequest, type Released } from '../helpers/released-logs.ts';
import { runCli } from '../helpers/run-cli.ts';

const DIR = fileURLToPath(new URL('../../corpora/dsh-v3-logs/', import.meta.url));
const HEADLESS = 'knyazev741__headless-profile__session.expected.v3.jsonl';
const CHILD = 'knyazev741__subagent-inheritance__child.replay.v3.jsonl';

function audited(text: string, file: string): AuditedLog {
  const audit = auditLog(text, file);
  if (!audit.ok) throw new Error(audit.message);
  return audit;
}

describe('the real v3 logs', () => {
  it('load, with format v3, generation v3 by their names, and seqs restored from the line order of the snapshot projection', async () => {
    expect(readdirSync(DIR).filter((f) => f.endsWith('.jsonl')).sort()).toEqual([HEADLESS, CHILD].sort());
    const [headless, child] = await Promise.all([HEADLESS, CHILD].map((name) => auditFile(join(DIR, name), name)));
    for (const audit of [headless, child]) {
      expect(audit!.ok).toBe(true);
      expect((audit as AuditedLog).format).toEqual({ version: 3, generation: 3, projected: true });
    }
    const h = headless as AuditedLog;
    expect({ events: h.events, turns: h.turns, steps: h.steps, requests: h.requests, headers: h.headers }).toEqual({ events: 23, turns: 1, steps: 2, requests: 2, headers: { initial: 1, resume: 0, change: 1, series: 0 } });
    // Message 0 is the (scrubbed) system prompt, then the prompt and the runtime context; the second request adds the tool call and its result.
    expect(h.rebuilt.map((r) => [r.seq, r.messages])).toEqual([[14, 3], [20, 5]]);
    expect(h.breaks).toEqual([]);
    expect([...h.scrubbed].sort()).toEqual(['system', 'tools']);
    expect(h.usage).toEqual([{ turn: 1, step: 1, inputTokens: 11, cacheReadTokens: 2 }, { turn: 1, step: 2, inputTokens: 7 }]);
    const c = child as AuditedLog;
    // The child's log holds no request/header: its requests are named, not rebuilt from a guess.
    expect(c.rebuilt).toEqual([]);
    expect(c.unreconstructable.map((r) => [r.turn, r.step, r.seq])).toEqual([[1, 1, 4], [1, 2, 9]]);
  });

  it('are audited by `recon audit <files>`, which names the format and generation in text and JSON and exits 0', async () => {
    const files = [HEADLESS, CHILD].map((name) => join(DIR, name));
    const text = await runCli(['audit', ...files, '--workers', '1']);
    expect(text.code).toBe(0);
    expect(text.stdout.match(/DSH log format v3, generation v3 by its file name/g)).toHaveLength(2);
    expect(text.stdout).toContain('2 logs: 2 loaded, 0 refused');
    const json = await runCli(['audit', ...files, '--json', '--workers', '1']);
    const logs = (JSON.parse(json.stdout) as { logs: Array<{ format: unknown }> }).logs;
    expect(logs.map((l) => l.format)).toEqual([{ version: 3, generation: 3, projected: true }, { version: 3, generation: 3, projected: true }]);
  });
});

describe('a malformed event the audit would read', () => {
  it('is refused with its code before the audit reads its data, never an INTERNAL crash (a request/header without its header, a system/message without its message)', () => {
    const v0 = '{"type":"session","version":0,"id":"s","createdAt":1}\n{"type":"request/header","seq":0,"time":1,"data":{}}\n';
    const v3 = '{"type":"session","version":3,"id":"s","createdAt":1,"isSeeded":false,"delegationDepth":0}\n{"type":"system/message","seq":0,"time":1,"data":{"turn":1,"step":1},"surfaceOp":"append"}\n';
    expect(auditLog(v0, 'a.jsonl')).toMatchObject({ ok: false, code: 'REQUEST_HEADER_INVALID', line: 2, seq: 0 });
    expect(auditLog(v3, 'b.jsonl')).toMatchObject({ ok: false, code: 'MESSAGE_SHAPE', line: 2, seq: 0 });
  });
});

/** The breaks the plan's requests make, part and cause, by the rule of DESIGN §1.1: each request's messages extend the previous one's under the same system and tools. */
function expectedBreaks(requests: readonly ExpectedRequest[]): Array<Pick<PrefixBreak, 'turn' | 'step' | 'part' | 'cause'>> {
  const json = (value: unknown) => JSON.stringify(value ?? null);
  const extends_ = (a: readonly Message[], b: readonly Message[]) => a.length <= b.length && a.every((m, i) => json(m) === json(b[i]));
  const out: Array<Pick<PrefixBreak, 'turn' | 'step' | 'part' | 'cause'>> = [];
  requests.forEach((next, i) => {
    const previous = requests[i - 1];
    if (previous === undefined) return;
    const history = (r: ExpectedRequest) => r.toolHistory;
    const toolsBroken = json(previous.tools) !== json(next.tools) || (history(previous) !== undefined && (json(history(previous)!.tools) !== json(history(next)!.tools) || !history(previous)!.updates.every((u, k) => json(u) === json(history(next)!.updates[k]))));
    const part = previous.system !== next.system ? 'system' : toolsBroken ? 'tools' : extends_(previous.messages, next.messages) ? undefined : 'messages';
    if (part === undefined) return;
    const header = next.explainers.find((e) => e === 'change' || e === 'series');
    const cause = part === 'messages' ? (next.explainers.includes('replace') ? 'replace' : next.explainers.includes('image-offload') ? 'image-offload' : 'unexplained') : (header ?? 'unexplained');
    out.push({ turn: next.turn, step: next.step, part, cause });
  });
  return out;
}

describe('generated logs of v2, v3 and v4', () => {
  it('are audited request by request as their loops sent them: every request rebuilt, every header counted by reason, every break explained by the event the plan logged', () => {
    fc.assert(
      fc.property(planArbitrary, fc.constantFrom<Released>(...RELEASED), (plan, version) => {
        const written = writeLog(plan, version);
        const audit = audited(jsonlOf(written), `sessions/${plan.id}/session.v${version}.jsonl`);
        expect(audit.format.version).toBe(version);
        expect(audit.format.generation).toBe(version);
        expect(audit.rebuilt.map((r) => [r.seq, r.messages])).toEqual(written.requests.map((r) => [r.seq, r.messages.length]));
        const reasons = written.events.filter((e) => e['type'] === 'request/header').map((e) => (e['data'] as { reason: string }).reason);
        expect(audit.headers).toEqual({ initial: 1, resume: 0, change: reasons.filter((r) => r === 'change').length, series: reasons.filter((r) => r === 'series').length });
        expect(audit.breaks.map(({ turn, step, part, cause }) => ({ turn, step, part, cause }))).toEqual(expectedBreaks(written.requests));
        expect(audit.breaks.filter((b) => b.cause === 'unexplained')).toEqual([]);
        // A released format's wire is not rebuilt, and the audit says so once there were images to send.
        const images = plan.turns.some((t) => t.image);
        expect(audit.format.wire?.code).toBe(images ? 'WIRE_FORMAT_UNKNOWN' : undefined);
        expect(audit.rebuilt.every((r) => r.wire === undefined && r.attachmentError === undefined)).toBe(true);
        expect(audit.attachmentErrors).toBe(0);
      }),
      { numRuns: 60 },
    );
  });

  it('audit the same projected (no seq, no time) as with them, and say so', () => {
    fc.assert(
      fc.property(planArbitrary, fc.constantFrom<Released>(...RELEASED), (plan, version) => {
        const written = writeLog(plan, version);
        const { format: whole, ...rest } = audited(jsonlOf(written, { ranges: true }), 'session.jsonl');
        const { format: projected, ...same } = audited(jsonlOf(written, { projected: true }), 'session.jsonl');
        expect(same).toEqual(rest);
        expect(whole.projected).toBeUndefined();
        expect(projected.projected).toBe(true);
        // `session.jsonl` is generation 0: the header's v2+ disagrees, and both are reported.
        expect(whole.generation).toBe(0);
      }),
      { numRuns: 20 },
    );
  });

  it('are found below a DSH sessions directory under their generation names, and a name that disagrees with the header is said', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-formats-'));
    const plan = fc.sample(planArbitrary, { numRuns: 1, seed: 18 })[0]!;
    for (const version of RELEASED) {
      mkdirSync(join(dir, `s${version}`));
      writeFileSync(join(dir, `s${version}`, `session.v${version}.jsonl`), jsonlOf(writeLog(plan, version)));
    }
    // A session folder stands for its current generation only: the disagreeing name gets a session of its own.
    mkdirSync(join(dir, 'mismatch'));
    writeFileSync(join(dir, 'mismatch', 'session.v3.jsonl'), jsonlOf(writeLog(plan, 2)));
    const { code, stdout } = await runCli(['audit', dir, '--workers', '1']);
    expect(code).toBe(0);
    for (const version of RELEASED) expect(stdout).toContain(`DSH log format v${version}, generation v${version} by its file name`);
    expect(stdout).toContain('its file name says generation v3, its header v2');
  });
});
