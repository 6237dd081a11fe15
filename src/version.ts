import { readFileSync } from 'node:fs';

/** This harness's version, from its package.json: stamped into run records, handshakes and bench runs. */
export const HARNESS_VERSION = (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
