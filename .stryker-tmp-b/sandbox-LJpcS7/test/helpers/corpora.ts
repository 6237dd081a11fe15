// @ts-nocheck
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const DSH_LOGS_DIR = fileURLToPath(new URL('../../corpora/dsh-logs/', import.meta.url));

/** The real DSH logs in corpora/, as [file name, text]. */
export function dshLogs(): Array<[string, string]> {
  return readdirSync(DSH_LOGS_DIR)
    .filter((name) => name.endsWith('.jsonl'))
    .sort()
    .map((name) => [name, readFileSync(DSH_LOGS_DIR + name, 'utf8')]);
}

/** The one real log the load rules refuse (see corpora/dsh-logs/README.md). */
export const REFUSED_DSH_LOG = 'cordis-tool-round__session.jsonl';
