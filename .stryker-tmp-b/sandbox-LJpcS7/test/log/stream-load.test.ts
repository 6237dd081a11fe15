// @ts-nocheck
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReconError } from '../../src/errors.ts';
import { loadJsonl, loadJsonlFile, newSessionHeader, type LoadedLog } from '../../src/log/index.ts';
import { dshLogs } from '../helpers/corpora.ts';
import { SESSION_ID, userMessage } from '../helpers/log-builder.ts';

const dir = mkdtempSync(join(tmpdir(), 'recon-stream-'));

type Outcome = { ok: true; events: number; nodes: readonly number[]; replaces: number; tornTail: unknown; upgraded: readonly number[] } | { ok: false; code: string; message: string; line?: number; seq?: number };

function outcome(load: () => LoadedLog): Outcome {
  try {
    const { log, tornTail, upgradedSeqs } = load();
    return { ok: true, events: log.length, nodes: log.surface.nodes, replaces: log.surface.replaceGeneration, tornTail, upgraded: upgradedSeqs };
  } catch (error) {
    if (!ReconError.is(error)) throw error;
    return { ok: false, code: error.code, message: error.message, ...error.location };
  }
}

async function fileOutcome(text: string, name: string): Promise<Outcome> {
  const path = join(dir, name);
  writeFileSync(path, text);
  try {
    const { log, tornTail, upgradedSeqs } = await loadJsonlFile(path, { file: name, retain: 'surface' });
    return { ok: true, events: log.length, nodes: log.surface.nodes, replaces: log.surface.replaceGeneration, tornTail, upgraded: upgradedSeqs };
  } catch (error) {
    if (!ReconError.is(error)) throw error;
    return { ok: false, code: error.code, message: error.message, ...error.location };
  }
}

/** Damaged copies of a log: a line dropped, two lines swapped, a line cut short, the file cut anywhere. */
function damaged(text: string, seed: number): string[] {
  const lines = text.split('\n');
  const at = (k: number) => 1 + ((seed * 31 + k * 17) % Math.max(1, lines.length - 2));
  const dropped = lines.filter((_, i) => i !== at(1));
  const swapped = lines.slice();
  [swapped[at(2)], swapped[at(3)]] = [swapped[at(3)]!, swapped[at(2)]!];
  const cut = lines.slice();
  cut[at(4)] = cut[at(4)]!.slice(0, cut[at(4)]!.length >> 1);
  return [dropped.join('\n'), swapped.join('\n'), cut.join('\n'), text.slice(0, (seed * 7919) % text.length), text.slice(0, -1)];
}

describe('loadJsonlFile (streaming)', () => {
  it('gives what loadJsonl gives, refusal for refusal, on every real log and damaged copies of it', async () => {
    let refused = 0;
    let torn = 0;
    for (const [[name, text], n] of dshLogs().map((entry, n) => [entry, n] as const)) {
      for (const [k, variant] of [text, ...damaged(text, n)].entries()) {
        const file = `${k}-${name}`;
        const memory = outcome(() => loadJsonl(variant, { file }));
        expect(await fileOutcome(variant, file), file).toEqual(memory);
        if (!memory.ok) refused++;
        else if (memory.tornTail !== undefined) torn++;
      }
    }
    // Both kinds of ending occur, so both paths were compared.
    expect(refused).toBeGreaterThan(50);
    expect(torn).toBeGreaterThan(50);
  });

  it('joins a line that spans read blocks, and characters split between blocks', async () => {
    const header = JSON.stringify(newSessionHeader(SESSION_ID, 1));
    const long = 'é🙂x'.repeat(400_000); // about 2.8 MB: spans three 1 MB blocks
    const event = { type: 'user/message', seq: 0, time: 1, data: userMessage('u', long), surfaceOp: 'append' };
    const text = `${header}\n${JSON.stringify(event)}\n`;
    const memory = outcome(() => loadJsonl(text, { file: 'long.jsonl' }));
    expect(memory).toMatchObject({ ok: true, events: 1 });
    expect(await fileOutcome(text, 'long.jsonl')).toEqual(memory);
    const path = join(dir, 'long.jsonl');
    const { log } = await loadJsonlFile(path, { retain: 'surface' });
    expect((log.eventAt(0)!.data as { content: Array<{ text: string }> }).content[0]!.text).toBe(long);
  });

  it('keeps only the surface and the latest event with retain: "surface"', () => {
    const text = dshLogs().find(([name]) => name === 'fresh-round-trip__session.jsonl')![1];
    const all = loadJsonl(text).log;
    const kept = loadJsonl(text, { retain: 'surface' }).log;
    expect(kept.surface.nodes).toEqual(all.surface.nodes);
    const onSurface = new Set(all.surface.nodes);
    for (let seq = 0; seq < all.length; seq++) {
      const expected = onSurface.has(seq) || seq === all.length - 1 ? all.eventAt(seq) : undefined;
      expect(kept.eventAt(seq), `seq ${seq}`).toEqual(expected);
    }
    expect(() => kept.events).toThrow(/retains only its surface/);
  });
});
