import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { auditLog, type AuditedLog, type LogAudit } from '../audit/index.ts';
import { ReconError } from '../errors.ts';
import { decodeLogBytes } from '../log/index.ts';
import { formatTable, percent } from '../report/table.ts';
import { EXIT, parseCommandLine, type Command, type Io } from './command.ts';

const help = `Usage: recon audit <log.jsonl>... [--json] [--strict]

Loads each session log (DSH v0 JSONL), rebuilds the request at every request
boundary from the log prefix before it, and reports per log: events, turns, steps,
requests, request/header snapshots by reason, surface replaces, the per-step usage
series with the token-weighted cache-read rate, and every step whose cache reads
drop against the previous step, labelled with its logged cause (first-request,
resume, change, replace) or "unexplained".

A log that cannot be loaded is reported with its error code, file, line and seq;
the other logs are still audited.

Options:
  --json     print one JSON object: {"logs":[…],"summary":{"total","ok","rejected"}}
  --strict   also fail on unexplained prefix breaks, unexplained cache-read drops
             and requests with no request/header to rebuild them from

Exit codes: 0 every log loaded (and, with --strict, nothing unexplained),
            1 a log was refused (or --strict found something), 2 usage error.
`;

export const audit: Command = {
  name: 'audit',
  summary: 'load session logs, rebuild every request, attribute each cache-read drop',
  help,
  async run(argv, io) {
    const { values, positionals } = parseCommandLine('audit', argv, {
      json: { type: 'boolean', default: false },
      strict: { type: 'boolean', default: false },
    });
    if (positionals.length === 0) throw new ReconError('USAGE', 'name at least one log file (see recon audit --help)');
    const logs: LogAudit[] = [];
    for (const file of positionals) {
      let bytes: Uint8Array;
      try {
        bytes = await readFile(resolve(io.cwd, file));
      } catch (error) {
        logs.push({ file, ok: false, code: 'FILE_UNREADABLE', message: `${file}: FILE_UNREADABLE: ${(error as Error).message}` });
        continue;
      }
      logs.push(auditBytes(bytes, file));
    }
    const ok = logs.filter((log): log is AuditedLog => log.ok);
    const summary = {
      total: logs.length,
      ok: ok.length,
      rejected: logs.length - ok.length,
      unexplainedBreaks: ok.reduce((n, log) => n + log.breaks.filter((b) => b.cause === 'unexplained').length, 0),
      unexplainedDrops: ok.reduce((n, log) => n + log.drops.filter((d) => d.cause === 'unexplained').length, 0),
      unreconstructable: ok.reduce((n, log) => n + log.unreconstructable.length, 0),
    };
    if (values.json) io.stdout.write(`${JSON.stringify({ logs, summary }, null, 2)}\n`);
    else writeHuman(io, logs, summary);
    const strictFailure = values.strict && summary.unexplainedBreaks + summary.unexplainedDrops + summary.unreconstructable > 0;
    return summary.rejected > 0 || strictFailure ? EXIT.FAILED : EXIT.OK;
  },
};

/** Invalid UTF-8 is a refusal of that log, like any other, with its code and line. */
function auditBytes(bytes: Uint8Array, file: string): LogAudit {
  try {
    return auditLog(decodeLogBytes(bytes, file), file);
  } catch (error) {
    if (!ReconError.is(error) || error.code !== 'LOG_NOT_UTF8') throw error;
    return { file, ok: false, code: error.code, message: error.message, line: error.location.line!, ...(error.hint === undefined ? {} : { hint: error.hint }) };
  }
}

function writeHuman(io: Io, logs: readonly LogAudit[], summary: Record<string, number>): void {
  for (const log of logs) {
    if (!log.ok) {
      io.stdout.write(`✗ ${log.file}\n  refused: ${log.message}\n${log.hint === undefined ? '' : `  ${log.hint}\n`}\n`);
      continue;
    }
    const h = log.headers;
    io.stdout.write(
      `✓ ${log.file}\n  ${log.events} events · ${log.turns} turns · ${log.steps} steps · ${log.requests} requests · ` +
        `headers ${h.initial} initial, ${h.resume} resume, ${h.change} change · ${log.replaces} replaces\n`,
    );
    if (log.upgradedEvents > 0) io.stdout.write(`  ${log.upgradedEvents} events were stored in an older shape and upgraded on load\n`);
    if (log.tornTail !== undefined) io.stdout.write(`  torn tail cut at line ${log.tornTail.line}: ${log.tornTail.reason} (${log.tornTail.droppedLines} lines)\n`);
    io.stdout.write(`  cache-read rate ${percent(log.cacheReadRate)} over ${log.usage.length} steps with usage\n`);
    if (log.usage.length > 0) {
      const drops = new Map(log.drops.map((d) => [`${d.turn}.${d.step}`, d.cause]));
      const rows = log.usage.map((u) => [`${u.turn}.${u.step}`, u.inputTokens, u.cacheReadTokens ?? 'n/a', drops.has(`${u.turn}.${u.step}`) ? `drop: ${drops.get(`${u.turn}.${u.step}`)}` : '']);
      io.stdout.write(formatTable(['step', 'input', 'cache read', ''], rows, '    '));
    }
    for (const b of log.breaks) io.stdout.write(`  prefix break at ${b.turn}.${b.step} (${b.part}): ${b.cause}\n`);
    for (const u of log.unreconstructable) io.stdout.write(`  request at ${u.turn}.${u.step} (seq ${u.seq}) has no request/header before it: it cannot be rebuilt\n`);
    io.stdout.write('\n');
  }
  io.stdout.write(
    `${summary['total']} logs: ${summary['ok']} loaded, ${summary['rejected']} refused; ` +
      `${summary['unexplainedBreaks']} unexplained prefix breaks, ${summary['unexplainedDrops']} unexplained cache-read drops\n`,
  );
}
