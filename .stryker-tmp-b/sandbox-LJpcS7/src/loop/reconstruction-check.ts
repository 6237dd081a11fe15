// @ts-nocheck
import { ReconError } from '../errors.ts';
import { reconstructRequest, type Era, type NeutralRequest } from '../fold/index.ts';
import type { SessionLog } from '../log/index.ts';
import { describeDifference, firstDifference } from '../first-difference.ts';

/**
 * Checks a request at dispatch against one rebuilt from a fresh fold of the log as it
 * stands (never the live cache, which is what it checks). Throws RECONSTRUCTION_MISMATCH
 * with the first differing byte.
 */
export function checkReconstruction(log: SessionLog, request: NeutralRequest, era: Era = 'current'): void {
  const rebuilt = reconstructRequest(log.events, log.length, log.header.id, era);
  if (rebuilt === undefined) throw new ReconError('RECONSTRUCTION_MISMATCH', 'a request is about to be sent but the log holds no request/header to rebuild it from');
  const expected = JSON.stringify(rebuilt);
  const actual = JSON.stringify(request);
  const difference = firstDifference(expected, actual);
  if (difference !== undefined) {
    throw new ReconError('RECONSTRUCTION_MISMATCH', `the request differs from the one rebuilt from the log\n${describeDifference(difference, ['rebuilt', 'sent'])}`, {
      location: { seq: log.length },
    });
  }
}
