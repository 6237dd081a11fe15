/**
 * A run as a shields.io endpoint badge (`{"schemaVersion":1,"label","message","color"}`):
 * publish `badge.json` anywhere shields can fetch it and point an endpoint badge at it.
 * The message counts passes among the properties that apply (n/a ones do not count).
 */
// @ts-nocheck

import { count } from './plural.ts';
import type { RunRecord } from '../suite/run-record.ts';

export interface Badge {
  readonly schemaVersion: 1;
  readonly label: string;
  readonly message: string;
  readonly color: 'brightgreen' | 'green' | 'yellow' | 'red' | 'lightgrey';
}

/**
 * Every property passes: bright green. Every result as expected, with known failures: green.
 * A failure nobody expected: red. Otherwise a result where another was expected (a stale
 * expectation): yellow. Nothing applies: light grey.
 */
export function runBadge(run: RunRecord): Badge {
  const { pass, fail, na } = run.footer.summary;
  const unexpectedFails = run.results.filter((r) => r.verdict === 'unexpected-fail').length;
  // A pass (or n/a) where a failure was expected: the expectation went stale.
  const stale = run.results.filter((r) => r.verdict !== 'as-expected').length - unexpectedFails;
  const badge = (message: string, color: Badge['color']): Badge => ({ schemaVersion: 1, label: 'reconstructable', message, color });
  if (pass + fail === 0) return badge(`n/a (${count(na, 'property', 'properties')})`, 'lightgrey');
  const score = `${pass}/${pass + fail} conformant`;
  if (unexpectedFails > 0) return badge(`${score}, ${count(unexpectedFails, 'unexpected failure')}`, 'red');
  if (stale > 0) return badge(`${score}, ${count(stale, 'stale expectation')}`, 'yellow');
  return badge(fail > 0 ? `${score}, ${count(fail, 'known failure')}` : score, fail > 0 ? 'green' : 'brightgreen');
}

export function renderRunBadge(run: RunRecord): string {
  return `${JSON.stringify(runBadge(run))}\n`;
}
