/**
 * The 19 real recordings in corpora/recorded-http/ and their committed cassettes in
 * corpora/cassettes/. Licence and origin come from the MANIFEST, so one table feeds both
 * the importer and the check that the committed cassettes are what it produces.
 *
 * Run `npx tsx test/helpers/recorded-http.ts` to write the cassettes again.
 */
// @ts-nocheck

import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatCassette, importRecording, type Cassette } from '../../src/http/index.ts';

export const RECORDED_DIR = fileURLToPath(new URL('../../corpora/recorded-http/', import.meta.url));
export const CASSETTES_DIR = fileURLToPath(new URL('../../corpora/cassettes/', import.meta.url));

export interface Recording {
  /** Path under corpora/recorded-http/, e.g. "deepseek/node-llm__tool-calling.har". */
  readonly file: string;
  readonly provider: string;
  readonly origin: string;
  readonly licence: string;
}

/** The MANIFEST's table rows. */
export function recordings(): Recording[] {
  const manifest = readFileSync(`${RECORDED_DIR}MANIFEST.md`, 'utf8');
  return manifest
    .split('\n')
    .filter((line) => line.startsWith('| `'))
    .map((line) => {
      const cells = line.split('|').map((cell) => cell.trim().replace(/^`|`$/g, ''));
      const [, file, repo, path, , licence] = cells as [string, string, string, string, string, string];
      return { file, provider: file.split('/')[0]!, origin: `${repo}:${path}`, licence };
    });
}

export function importRecorded(recording: Recording): Cassette {
  return importRecording(readFileSync(RECORDED_DIR + recording.file, 'utf8'), { file: recording.file, origin: recording.origin, licence: recording.licence });
}

/** corpora/cassettes/<provider>/<name>.jsonl */
export function cassetteFile(recording: Recording): string {
  return `${CASSETTES_DIR}${recording.file.replace(/\.[^./]+$/, '')}.jsonl`;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const recording of recordings()) {
    mkdirSync(`${CASSETTES_DIR}${recording.provider}`, { recursive: true });
    writeFileSync(cassetteFile(recording), formatCassette(importRecorded(recording)));
    console.log(cassetteFile(recording));
  }
}
