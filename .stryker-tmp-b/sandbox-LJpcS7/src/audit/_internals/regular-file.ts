// @ts-nocheck
import { statSync, type Stats } from 'node:fs';

const KINDS: readonly [keyof Stats, string][] = [
  ['isFIFO', 'a FIFO'],
  ['isCharacterDevice', 'a character device'],
  ['isBlockDevice', 'a block device'],
  ['isSocket', 'a socket'],
  ['isDirectory', 'a folder'],
];

/**
 * Before a log is opened: only a regular file is read. A FIFO blocks the open forever and
 * a device such as /dev/zero never ends, so either is refused from its stat alone.
 */
/** Why the file is not read (its kind), or undefined for a regular file. */
export function refuseNonRegular(path: string, file: string): string | undefined {
  let stat: Stats;
  try {
    stat = statSync(path);
  } catch {
    return undefined; // the open reports a missing or forbidden file with its own message
  }
  if (stat.isFile()) return undefined;
  const kind = KINDS.find(([test]) => (stat[test] as () => boolean).call(stat))?.[1] ?? 'not a regular file';
  return `${file} is ${kind}, not a regular file: refused before reading`;
}
