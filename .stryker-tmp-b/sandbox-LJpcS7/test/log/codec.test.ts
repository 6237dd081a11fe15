// @ts-nocheck
import { describe, expect, it } from 'vitest';
import { loadJsonl, saveJsonl } from '../../src/log/index.ts';
import { REFUSED_DSH_LOG, dshLogs } from '../helpers/corpora.ts';
import { richJsonl } from '../helpers/log-builder.ts';

describe('JSONL codec', () => {
  it('save then load gives identical bytes, with chunk runs packed into rows', () => {
    const text = richJsonl();
    expect(text).toContain('"type":"text-chunks"');
    const { log } = loadJsonl(text);
    expect(saveJsonl(log)).toBe(text);
    expect(log.events.filter((e) => e.type === 'assistant/chunk')).toHaveLength(4);
  });

  const logs = dshLogs().filter(([name]) => name !== REFUSED_DSH_LOG);

  it.each(logs)('re-saves the real DSH log %s byte for byte unless it held older shapes', (_name, text) => {
    const { log, upgradedSeqs } = loadJsonl(text);
    const saved = saveJsonl(log);
    if (upgradedSeqs.length === 0) expect(saved).toBe(text);
    else expect(saveJsonl(loadJsonl(saved).log)).toBe(saved);
  });

  it('covers real logs of both vintages', () => {
    const upgraded = logs.filter(([, text]) => loadJsonl(text).upgradedSeqs.length > 0).length;
    expect(upgraded).toBeGreaterThan(10);
    expect(logs.length - upgraded).toBeGreaterThan(40);
  });
});
