import { statSync, type Stats } from 'node:fs';
import type { RefusedLog } from '../audit-log.ts';

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
export function refuseNonRegular(path: string, file: string): RefusedLog | undefined {
  let stat: Stats;
  try {
    stat = statSync(path);
  } catch {
    return undefined; // the open reports a missing or forbidden file with its own message
  }
  if (stat.isFile()) return undefined;
  const kind = KINDS.find(([test]) => (stat[test] as () => boolean).call(stat))?.[1] ?? 'not a regular file';
  const detail = `${file} is ${kind}, not a regular file: refused before reading`;
  return { file, ok: false, code: 'FILE_UNREADABLE', message: `${file}: FILE_UNREADABLE: ${detail}`, detail };
}
