import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/**
 * Collects garbage before a timed sample, so a pause caused by the setup's allocations is
 * not charged to the code under measurement.
 */
export function settle(): void {
  collect();
}
