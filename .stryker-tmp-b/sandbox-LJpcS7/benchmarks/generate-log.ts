/**
 * Writes a valid synthetic session log of about the given size, for trying `recon audit`
 * on big input: `npx tsx benchmarks/generate-log.ts <out.jsonl> <megabytes>`.
 */
// @ts-nocheck

import { writeLargeLog } from './_internals/large-log.ts';

const [out, megabytes] = process.argv.slice(2);
const size = Number(megabytes);
if (out === undefined || !(size > 0)) {
  process.stderr.write('usage: npx tsx benchmarks/generate-log.ts <out.jsonl> <megabytes>\n');
  process.exit(2);
}
const written = writeLargeLog(out, size * 1e6);
process.stdout.write(`${out}: ${written.events} events, ${(written.bytes / 1e6).toFixed(1)} MB\n`);
