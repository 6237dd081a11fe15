/** A run as JUnit XML: one test case per property, for CI systems that read test reports. */
// @ts-nocheck

import { esc } from './html.ts';
import type { RunRecord } from '../suite/run-record.ts';

// XML 1.0 has no escape for these control characters: drop them.
const xml = (text: string) => esc(text).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

export function renderRunJunit(run: RunRecord): string {
  const impl = run.header.implementation;
  // A failure that was expected is reported as skipped with its reason, so CI stays green on it.
  const failures = run.results.filter((r) => r.verdict !== 'as-expected').length;
  const skipped = run.results.filter((r) => r.verdict === 'as-expected' && r.status !== 'pass').length;
  const cases = run.results.map((r) => {
    const open = `    <testcase classname="recon.${xml(r.level)}" name="${xml(r.id)}" time="${(r.timeMs / 1000).toFixed(3)}">`;
    let body = '';
    if (r.verdict !== 'as-expected') {
      const message = r.verdict === 'unexpected-pass' ? 'passes, but a failure was expected: remove the stale expectation' : (r.counterexample?.message.split('\n')[0] ?? r.reason ?? r.verdict);
      const detail = r.counterexample === undefined ? '' : r.counterexample.message;
      body = `\n      <failure type="${xml(r.counterexample?.kind ?? r.verdict)}" message="${xml(message)}">${xml(detail)}</failure>\n    `;
    } else if (r.status !== 'pass') body = `\n      <skipped message="${xml(r.expected?.reason ?? r.reason ?? r.status)}"/>\n    `;
    return `${open}${body}</testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="recon check" tests="${run.results.length}" failures="${failures}" time="${(run.footer.timeMs / 1000).toFixed(3)}">`,
    `  <testsuite name="${xml(`${impl.name} ${impl.version}`)}" tests="${run.results.length}" failures="${failures}" skipped="${skipped}" timestamp="${xml(run.header.startedAt)}">`,
    ...cases,
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}
