/**
 * Load: validated events per second from JSONL — the reference's `loadJsonl` against bare
 * `JSON.parse` of the same lines (the floor any loader pays) and against DSH's load path
 * (parse, expand chunk rows with its decoder, then its seed validation in `Session.create`).
 */
// @ts-nocheck

import { Session as DshSession, SessionId, decodeStorageRecord } from '@deepseek-ai/dsh-session';
import { loadJsonl } from '../src/log/index.ts';
import { measure, type BenchResult, type Profile } from './_internals/measure.ts';
import { syntheticLog } from './_internals/synthetic-log.ts';

export const LOAD_SIZE = 10000;

function lines(text: string): string[] {
  const all = text.split('\n');
  all.pop();
  return all;
}

const loaders = (jsonl: string) => ({
  reference: () => loadJsonl(jsonl),
  jsonParse: () => lines(jsonl).map((line) => JSON.parse(line) as unknown),
  dsh: () => {
    const [head, ...rest] = lines(jsonl);
    const header = JSON.parse(head!) as { id: string };
    const events = rest.flatMap((line) => decodeStorageRecord(JSON.parse(line)));
    return DshSession.create(SessionId(header.id), events);
  },
});

export async function loadBenchmarks(profile: Profile): Promise<BenchResult[]> {
  const load = loaders(syntheticLog(LOAD_SIZE).jsonl);
  return measure(profile, [
    { id: `load/reference/${LOAD_SIZE}`, fn: load.reference },
    { id: `load/json-parse/${LOAD_SIZE}`, fn: load.jsonParse },
    { id: `load/dsh/${LOAD_SIZE}`, fn: load.dsh },
  ]);
}

/**
 * The load ratios from paired samples: each sample times the three loaders back to back,
 * so a machine that speeds up or slows down between tasks does not move the ratio.
 * Medians of the per-sample ratios. A sample is the process's CPU time, not the wall
 * clock: on a shared machine a wall-clock sample also times whatever else the scheduler
 * ran meanwhile (at a load of 7 on 2 cores, four wall-clock medians of 60 pairs of one
 * build ranged from 0.47 to 0.57; CPU-time medians of 15 pairs, from 0.59 to 0.60).
 */
export function pairedLoadRatios(pairs: number): { readonly vsJsonParse: number; readonly referenceVsDsh: number } {
  const load = loaders(syntheticLog(LOAD_SIZE).jsonl);
  const time = (fn: () => unknown) => {
    const start = process.cpuUsage();
    fn();
    const used = process.cpuUsage(start);
    return used.user + used.system;
  };
  for (let i = 0; i < 3; i++) Object.values(load).forEach(time);
  const vsParse: number[] = [];
  const vsDsh: number[] = [];
  for (let i = 0; i < pairs; i++) {
    const [parse, reference, dsh] = [time(load.jsonParse), time(load.reference), time(load.dsh)];
    vsParse.push(parse / reference);
    vsDsh.push(dsh / reference);
  }
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[xs.length >> 1]!;
  return { vsJsonParse: median(vsParse), referenceVsDsh: median(vsDsh) };
}
