// @ts-nocheck
import { generatedFromJsonl, type GeneratedLog } from '../arbitraries/session-log.ts';
import { TEXT_CLASSES } from '../arbitraries/text.ts';
import { parseLog } from './oracle.ts';
import type { RegressionCodec } from './property.ts';

/** A generated valid log is stored as its JSONL, readable and loadable as it is. */
export const logCodec: RegressionCodec<GeneratedLog> = {
  encode: (log) => ({ kind: 'log', jsonl: log.jsonl }),
  decode: (payload) => {
    const jsonl = payload.kind === 'log' ? payload.jsonl : String(payload.value);
    return generatedFromJsonl(jsonl, parseLog(jsonl).events);
  },
};

/** A log with extra values (picks, choices): the log as JSONL plus the rest as JSON. */
export function logWith<T extends object>(): RegressionCodec<{ readonly log: GeneratedLog } & T> {
  return {
    encode: ({ log, ...rest }) => ({ kind: 'json', value: { ...rest, jsonl: log.jsonl } }),
    decode: (payload) => {
      const { jsonl, ...rest } = (payload.kind === 'json' ? payload.value : { jsonl: payload.jsonl }) as { jsonl: string } & T;
      return { ...(rest as T), log: logCodec.decode({ kind: 'log', jsonl }) } as { readonly log: GeneratedLog } & T;
    },
  };
}

export function logLabels(log: GeneratedLog): Record<string, boolean> {
  return {
    replaces: log.stats.replaces > 0,
    'tool pairs': log.stats.toolPairs > 0,
    'header changes': log.stats.headerChanges > 0,
    resumes: log.stats.resumes > 0,
    'chunk rows': log.stats.chunkRows > 0,
    ...log.stats.labels,
  };
}

/**
 * Below these shares the generator no longer exercises what the properties claim to check.
 * Each floor sits far enough below its usual share to hold at every seed of a 100-case run;
 * rarer labels (a text class in one field, one legacy shape) are reported in the statistics
 * and held by test/properties/generator-reach.test.ts over many cases.
 */
export const LOG_FLOORS: Readonly<Record<string, number>> = {
  replaces: 0.3,
  'tool pairs': 0.5,
  'header changes': 0.3,
  resumes: 0.2,
  'chunk rows': 0.3,
  ...Object.fromEntries(TEXT_CLASSES.filter((c) => c !== 'plain').map((c) => [`text: ${c}`, 0.3])),
  'legacy shapes': 0.3,
  'usage with cacheReadTokens': 0.4,
  'usage without cacheReadTokens': 0.1,
  'usage with cacheWriteTokens': 0.4,
  'usage without cacheWriteTokens': 0.1,
  'usage with reasoningTokens': 0.4,
  'usage without reasoningTokens': 0.1,
  'boundary: retry': 0.15,
  'boundary: error finish': 0.15,
  'boundary: unstreamed': 0.15,
  'boundary: unrecorded': 0.15,
  'open last turn': 0.3,
  'empty reply': 0.12,
};
