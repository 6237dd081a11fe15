/**
 * Load: validated events per second from JSONL — the reference's `loadJsonl` against bare
 * `JSON.parse` of the same lines (the floor any loader pays) and against DSH's load path
 * (parse, expand chunk rows with its decoder, then its seed validation in `Session.create`).
 */
import { Session as DshSession, decodeStorageRecord, type SessionEvent as DshEvent } from '@deepseek-ai/dsh-session';
import { loadJsonl } from '../src/log/index.ts';
import { measure, type BenchResult, type Profile } from './_internals/measure.ts';
import { syntheticLog } from './_internals/synthetic-log.ts';

export const LOAD_SIZE = 10000;

function lines(text: string): string[] {
  const all = text.split('\n');
  all.pop();
  return all;
}

export async function loadBenchmarks(profile: Profile): Promise<BenchResult[]> {
  const { jsonl } = syntheticLog(LOAD_SIZE);
  return measure(profile, [
    { id: `load/reference/${LOAD_SIZE}`, fn: () => loadJsonl(jsonl) },
    { id: `load/json-parse/${LOAD_SIZE}`, fn: () => lines(jsonl).map((line) => JSON.parse(line) as unknown) },
    {
      id: `load/dsh/${LOAD_SIZE}`,
      fn: () => {
        const [head, ...rest] = lines(jsonl);
        const header = JSON.parse(head!) as { id: string };
        const events = rest.flatMap((line) => decodeStorageRecord(JSON.parse(line)) as DshEvent[]);
        return DshSession.create(header.id as never, events);
      },
    },
  ]);
}
