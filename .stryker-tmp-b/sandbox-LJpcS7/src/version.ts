// @ts-nocheck
import { readFileSync } from 'node:fs';
import { packagePath } from './_internals/package-root.ts';

/** This harness's version, from its package.json: stamped into run records, handshakes and bench runs. */
export const HARNESS_VERSION = (JSON.parse(readFileSync(packagePath('package.json'), 'utf8')) as { version: string }).version;
