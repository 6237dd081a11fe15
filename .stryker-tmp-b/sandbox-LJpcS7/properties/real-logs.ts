/**
 * The real logs of both designs (corpora/dsh-era-logs): what DSH wrote in the session-prefix
 * era and after it. Generated logs follow the spec as recon reads it; these follow what a
 * harness really wrote, so a reader that knows only one design shows here.
 */
// @ts-nocheck

import { readFileSync, readdirSync } from 'node:fs';
import fc from 'fast-check';
import { packagePath } from '../src/_internals/package-root.ts';
import { ReconError } from '../src/errors.ts';
import { eraOf, foldRequestHeader, deriveMessagesFresh, requestBoundaries } from '../src/fold/index.ts';
import { loadJsonl, type SessionEvent } from '../src/log/index.ts';
import { fail } from './_internals/failure.ts';
import { defineProperty, jsonCodec } from './_internals/property.ts';

const ERA_LOGS_DIR = packagePath('corpora/dsh-era-logs/');

/**
 * The era logs by file name. Their session headers are completed as a deployment would have
 * written them (the snapshot normaliser left `{{cwd}}` and dropped `delegationDepth`): what is
 * checked here is the events, not the scrubbing.
 */
function eraLogs(): ReadonlyArray<readonly [string, string]> {
  return readdirSync(ERA_LOGS_DIR)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .map((name) => [name, completedHeader(readFileSync(ERA_LOGS_DIR + name, 'utf8'))] as const);
}

function completedHeader(text: string): string {
  const end = text.indexOf('\n');
  const header = JSON.parse(text.slice(0, end)) as Record<string, unknown>;
  if (typeof header['cwd'] === 'string' && header['cwd'].startsWith('{{')) header['cwd'] = '/workspace';
  header['delegationDepth'] ??= 0;
  return JSON.stringify(header) + text.slice(end);
}

/** Where each request's messages end (the era's boundary) and where its header is read. */
function readPoints(events: readonly SessionEvent[]): { messagesAt: number[]; headerAt: number[] } {
  const era = eraOf(events);
  const boundaries = requestBoundaries(events);
  const stepStart = (seq: number) => {
    for (let i = seq - 1; i >= 0; i--) if (events[i]!.type === 'step/start') return i;
    return seq;
  };
  return { messagesAt: boundaries.map((b) => (era === 'current' ? b.seq : stepStart(b.seq))), headerAt: boundaries.map((b) => b.seq) };
}

export const LOG_REAL_LOGS_BOTH_ERAS = defineProperty({
  id: 'LOG-REAL-LOGS-BOTH-ERAS',
  title: 'every real DSH log of either design loads to the events the reference loads, or is refused with its code, and at every request folds to its header (session prefix included) and its messages',
  clause: 'RULE-2.1, RULE-2.3, RULE-2.4 (both designs), LOG-8.4, LOG-8.5 (older shapes read), FOLD-1.1, FOLD-4.2, REQ-1.2, REQ-2.3',
  levels: ['log', 'fold'],
  // One case holds every log: the corpus is fixed, and every log is read each run.
  weight: 0,
  arbitrary: fc.constant(null),
  codec: jsonCodec<null>(),
  async check(impl) {
    const failures: string[] = [];
    for (const [name, jsonl] of eraLogs()) {
      let expected: ReturnType<typeof loadJsonl> | ReconError;
      try {
        expected = loadJsonl(jsonl);
      } catch (error) {
        if (!ReconError.is(error)) throw error;
        expected = error;
      }
      const loaded = await impl.load(jsonl);
      if (expected instanceof ReconError) {
        if (loaded.ok || loaded.code !== expected.code) failures.push(`${name}: ${loaded.ok ? 'loads' : `is refused with ${loaded.code}`}; the reference refuses it with ${expected.code}`);
        continue;
      }
      if (!loaded.ok) {
        failures.push(`${name}: is refused with ${loaded.code} (${loaded.message ?? ''}); it is a real log the reference reads`);
        continue;
      }
      const events = expected.log.events;
      if (JSON.stringify(loaded.value.events) !== JSON.stringify(events)) {
        const at = events.findIndex((e, i) => JSON.stringify(e) !== JSON.stringify(loaded.value.events[i]));
        failures.push(`${name}: loads to other events than the reference loads, from seq ${at} (${events[at]?.type ?? 'the end'}) on`);
      }
      const { messagesAt, headerAt } = readPoints(events);
      const [headers, messages] = await Promise.all([impl.foldRequestHeader(jsonl, headerAt), impl.deriveMessages(jsonl, messagesAt)]);
      if (!headers.ok || !messages.ok) {
        failures.push(`${name}: folding is refused with ${!headers.ok ? headers.code : messages.ok ? '' : messages.code}`);
        continue;
      }
      for (const [i, seq] of headerAt.entries()) {
        const header = foldRequestHeader(events.slice(0, seq));
        if (JSON.stringify(headers.value[i] ?? undefined) !== JSON.stringify(header)) {
          const lost = header?.messagePrefix !== undefined && headers.value[i]?.messagePrefix === undefined;
          failures.push(`${name}: the header folded for the request at seq ${seq} differs from the reference's${lost ? ': it lacks the session prefix that was sent' : ''}`);
          break;
        }
        if (JSON.stringify(messages.value[i]) !== JSON.stringify(deriveMessagesFresh(events.slice(0, messagesAt[i])))) {
          failures.push(`${name}: the messages derived for the request at seq ${seq} differ from the reference's`);
          break;
        }
      }
    }
    const logs = new Set(failures.map((f) => f.slice(0, f.indexOf(':')))).size;
    if (failures.length > 0) fail(`${logs} of the ${eraLogs().length} real logs are read otherwise than the reference reads them:\n${failures.map((f) => `  ${f}`).join('\n')}`);
  },
});

export const REAL_LOG_PROPERTIES = [LOG_REAL_LOGS_BOTH_ERAS];
