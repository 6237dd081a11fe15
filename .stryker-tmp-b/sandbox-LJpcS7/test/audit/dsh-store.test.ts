// @ts-nocheck
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditTargets, type LogAudit } from '../../src/audit/index.ts';
import { framed, libzstdTorn, sessionBatches, writeTranscript } from '../helpers/dsh-store.ts';
import { runCli } from '../helpers/run-cli.ts';

const batches = sessionBatches();
const store = framed(batches);
const cut = store.bytes.length - 10;
const torn = store.bytes.subarray(0, cut);
// The plaintext twin holds what DSH keeps of the torn frame: what libzstd decodes of it.
const recovered = libzstdTorn(store.bytes.subarray(store.starts.at(-1)!, cut));
const twin = Buffer.concat([Buffer.from(batches.slice(0, -1).join('')), Buffer.from(batches.at(-1)!).subarray(0, recovered.length)]);

/** A DSH home: three sessions in two project folders, and files beside them that are no transcripts. */
function home(): string {
  const dir = mkdtempSync(join(tmpdir(), 'recon-dsh-home-'));
  writeTranscript(dir, 'a', 'session.jsonl.zstd', torn);
  const b = join(dir, 'sessions', '--work-proj--', 'b');
  writeTranscript(dir, 'b', 'session.jsonl', batches.join(''));
  writeTranscript(dir, 'b', 'session.v2.jsonl.zstd', store.bytes);
  writeTranscript(dir, 'b', 'session.v3.jsonl.zstd', store.bytes);
  // The session folder is the session's own: only its transcript is a log.
  writeFileSync(join(b, 'notes.jsonl'), 'not a transcript\n');
  mkdirSync(join(b, 'spill'));
  writeFileSync(join(b, 'spill', 'x.jsonl'), 'not a transcript\n');
  writeTranscript(dir, 'c', 'session.v2.jsonl', batches.join(''), '_no-cwd');
  writeTranscript(dir, 'c', 'session.v2.jsonl.zstd', store.bytes, '_no-cwd');
  // Outside the store: DSH's other data.
  mkdirSync(join(dir, 'storages'));
  writeFileSync(join(dir, 'storages', 'table.jsonl'), '{}\n');
  return dir;
}

const json = async (args: readonly string[], cwd: string) => {
  const run = await runCli(['audit', ...args, '--json'], {}, cwd);
  return { code: run.code, stderr: run.stderr, logs: (JSON.parse(run.stdout) as { logs: LogAudit[] }).logs };
};

describe('a DSH home', () => {
  it('stands for its store, and each session folder in it for its current generation', () => {
    const dir = home();
    const files = (names: string[]) => auditTargets(names, dir).targets.map((t) => t.file);
    const sessions = ['sessions/--work-proj--/a/session.jsonl.zstd', 'sessions/--work-proj--/b/session.v3.jsonl.zstd', 'sessions/_no-cwd/c'];
    expect(files(['.'])).toEqual(sessions.map((f) => join('.', f)));
    expect(files(['sessions'])).toEqual(sessions);
    expect(files(['sessions/--work-proj--/b'])).toEqual(['sessions/--work-proj--/b/session.v3.jsonl.zstd']);
    expect(auditTargets(['.'], dir).targets.map((t) => t.refusal?.code)).toEqual([undefined, undefined, 'SESSION_ENCODING_MIXED']);
  });

  it('is audited session by session, naming the generation read; a compressed torn session audits as its plaintext twin', async () => {
    const dir = home();
    const { code, stderr, logs } = await json(['.'], dir);
    expect([code, stderr]).toEqual([1, '']);
    expect(logs.map((l) => [l.file, l.ok, l.ok ? undefined : l.code, l.session])).toEqual([
      ['sessions/--work-proj--/a/session.jsonl.zstd', true, undefined, { generation: 0, current: 0, generations: [0] }],
      ['sessions/--work-proj--/b/session.v3.jsonl.zstd', true, undefined, { generation: 3, current: 3, generations: [0, 2, 3] }],
      ['sessions/_no-cwd/c', false, 'SESSION_ENCODING_MIXED', undefined],
    ]);
    const a = logs[0]!;
    if (!a.ok) throw new Error(a.message);
    expect(a.source).toMatchObject({ compression: 'zstd', frames: batches.length - 1, tornFrame: { frame: batches.length - 1, recoveredBytes: recovered.length } });
    const plain = mkdtempSync(join(tmpdir(), 'recon-dsh-twin-'));
    writeTranscript(plain, 'a', 'session.jsonl', twin);
    const [twinAudit] = (await json([plain], dir)).logs;
    const { file: _f, source: _s, ...compressed } = a;
    const { file: _g, source: twinSource, ...expected } = twinAudit as typeof a;
    expect(twinSource).toEqual({ compression: 'none' });
    expect(compressed).toEqual(expected);
    expect(compressed.tornTail).toBeDefined();
  });

  it('says in text which generation and frames it read, and when a named transcript is not the current one', async () => {
    const dir = home();
    const text = (await runCli(['audit', 'sessions/--work-proj--/a', 'sessions/--work-proj--/b/session.jsonl'], {}, dir)).stdout;
    expect(text).toContain('✓ sessions/--work-proj--/a/session.jsonl.zstd\n  DSH transcript, generation v0 (the current one; the only one)\n');
    expect(text).toMatch(new RegExp(`  zstd: ${batches.length - 1} complete frames, decoded by (fzstd|node:zlib), every content checksum checked\\n  torn last frame ${batches.length - 1} at byte ${store.starts.at(-1)} \\(${cut - store.starts.at(-1)!} bytes\\): ${recovered.length} bytes of text decoded from it, whole lines kept\\n`));
    expect(text).toContain('✓ sessions/--work-proj--/b/session.jsonl\n  DSH transcript, generation v0 (not the current one, v3 is; the session also holds v2, v3)\n');
    const mixed = await runCli(['audit', 'sessions/_no-cwd'], {}, dir);
    expect(mixed.code).toBe(1);
    expect(mixed.stdout).toContain('refused: sessions/_no-cwd/c: SESSION_ENCODING_MIXED: the session\'s current generation is stored twice, as session.v2.jsonl and session.v2.jsonl.zstd');
  });

  it('reports a damaged frame with its position and code, exit 1 and no stack trace', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'recon-dsh-damaged-'));
    const damaged = Buffer.from(store.bytes);
    damaged[store.starts[4]! + 25] = damaged[store.starts[4]! + 25]! ^ 0xff;
    writeTranscript(dir, 'd', 'session.jsonl.zstd', damaged);
    const run = await runCli(['audit', '.'], {}, dir);
    expect([run.code, run.stderr]).toEqual([1, '']);
    expect(run.stdout).toContain(`refused: sessions/--work-proj--/d/session.jsonl.zstd: ZSTD_FRAME_CORRUPT: frame 4 at byte ${store.starts[4]}: `);
    expect(run.stdout).not.toMatch(/\n\s+at /);
    const sarif = JSON.parse((await runCli(['audit', '.', '--format', 'sarif'], {}, dir)).stdout) as { runs: Array<{ results: Array<{ ruleId: string }> }> };
    expect(sarif.runs[0]!.results.map((r) => r.ruleId)).toEqual(['ZSTD_FRAME_CORRUPT']);
  });
});
