// @ts-nocheck
import { availableParallelism, homedir } from 'node:os';
import { resolve } from 'node:path';
import { defaultStoreRoot } from '../attachments/index.ts';
import type { AuditedLog, AuditProgress } from '../audit/index.ts';
import { auditLogs, type AuditReport } from '../audit/usage/index.ts';
import { ReconError } from '../errors.ts';
import { renderAuditHtml } from '../report/audit-html.ts';
import { count } from '../report/plural.ts';
import { renderAuditSarif } from '../report/sarif.ts';
import { formatTable, percent } from '../report/table.ts';
import { usageFileText, usageSessionText } from '../report/usage-terminal.ts';
import { EXIT, MAX_WORKERS, parseCommandLine, parseCount, WORKERS_RANGE, type Command, type Io } from './command.ts';
import type { LogAudit, SessionGeneration } from '../audit/index.ts';
import type { LogSource } from '../log/index.ts';

const help = `Usage: recon audit <log.jsonl | log.jsonl.zstd | dir>... [--attachments DIR] [--format text|json|sarif|html] [--strict] [--workers N] [--progress]

Loads each session log (DSH JSONL: format v0, of either design: the current one, or
the session-prefix era's, whose headers carry a messagePrefix and whose logs hold
context/message and compact/* events; or a released format v1 to v4, whose system
prompt is a system/message, whose streams are embedded in their messages, and whose
tool results (v4) are tool-role messages), rebuilds the request at every request
boundary from the log prefix before it (in the session-prefix era: the header's
prefix, then the messages of the events before the step/start), names the format
version, the generation a file name says (session.vN.jsonl) and the era it read,
and reports per log: events, turns, steps,
requests, request/header snapshots by reason, surface replaces, the per-step usage
series with the token-weighted cache-read rate, and every step whose cache reads
drop against the previous step, labelled with its logged cause (first-request,
resume, change, replace) or "unexplained".

A log is read in one pass, as a stream: time grows with its length, and memory with
what the fold keeps (the messages on its surface), not with the file. A directory
stands for every .jsonl and .jsonl.zstd file below it, in sorted order; many logs are
audited on worker threads, and reported in the order they were named.

DSH's own store is read as DSH lays it out: a DSH home ($DSH_HOME, ~/.dsh) stands for
its sessions/ folder, and a session folder (one holding session.jsonl[.zstd] or
session.vN.jsonl[.zstd]) for its current generation, the highest N, which the output
names. A file that starts with a Zstandard magic number is read frame by frame, whatever
its name, every content checksum checked: a damaged complete frame is refused with
ZSTD_FRAME_CORRUPT and its index and byte offset; a last frame cut short is a torn
write and keeps the whole lines its bytes decode to (DSH's rule); a complete frame that
ends inside a line, or holds one the torn-tail rule would cut, is refused with
ZSTD_TORN_COMMITTED; a session whose current generation is there plain and compressed
with SESSION_ENCODING_MIXED.

A log that cannot be loaded is reported with its error code, file, line and seq;
the other logs are still audited.

Other harnesses' logs are told apart by the shape of their records, never by
their names: Claude Code transcripts, Codex rollouts, opencode parts (JSON files
below a directory too) and OTLP JSON spans with GenAI usage. They hold each call's
usage but not its request bytes, so they are audited at the usage level: per
session the per-call series (prompt, uncached input, cache read, cache write with
its lifetime where given, output), lines of one API response counted once, the
read rate with the provider's own denominator ("no data" when nothing reports
reads), the bound where the provider's rules allow, and for every call whose
reads fall below the previous call's prompt a code (COLD_START, ROUTE_CHANGED,
COMPACTED, FORKED, RESUMED, WITHIN_BOUND, IDLE_EXPIRED, READS_AT_SYSTEM_SIZE, or
BYTES_NEEDED when only the request bytes could tell) with the lines that show it.
A file of records of no known shape is refused with LOG_SHAPE_UNKNOWN.

A request with images is also rebuilt to its wire bytes (the provider's body, its
sha256 and length), its images read from a DSH attachment store and verified (id,
presence, sha256, then media type, bytes, width and height); an object that is missing
or corrupt is named with its code (ATTACHMENT_NOT_FOUND, ATTACHMENT_CORRUPT, …), the
log fails, and the rest of it is still audited. With --attachments given, every
request is rebuilt to its wire bytes (each is a serialization of the whole history,
so this costs more than the audit on long logs).

Options:
  --attachments <dir>  the DSH home holding attachments/v1/objects/ (default: $DSH_HOME,
                 else ~/.dsh)
  --format <f>   text (default); json: one object {"logs":[…],"sessions":[…],"summary":
                 {"total","ok","rejected",…}}; sarif: SARIF 2.1.0 for code scanning, a
                 result per refused log (error, at the line it stopped on) and per
                 unexplained break, unexplained drop, unrebuildable request or drop that
                 needs the request bytes (warning, at its line), file paths relative to the
                 working directory; html: one self-contained page
  --json         the same as --format json
  --strict       also fail on unexplained prefix breaks, unexplained cache-read drops,
                 requests with no request/header to rebuild them from, and drops of
                 other harnesses' calls that only the request bytes could explain
  --workers <n>  threads for many logs, this one included (default: the number of
                 cores; 1 audits in process; at most ${MAX_WORKERS} here, 4 per core and
                 256 MiB of memory each). A FIFO, a device or any file that is not
                 regular is refused (FILE_UNREADABLE) before it is opened.
  --progress     progress on stderr (the default when stderr is a terminal)

Exit codes: 0 every log loaded and every image request rebuilt (and, with --strict,
            nothing unexplained), 1 a log was refused, an image object could not be read
            (or --strict found something), 2 usage error.
`;

const FORMATS = ['text', 'json', 'sarif', 'html'];

export const audit: Command = {
  name: 'audit',
  summary: 'load session logs, rebuild every request, attribute each cache-read drop',
  help,
  async run(argv, io) {
    const { values, positionals } = parseCommandLine('audit', argv, {
      json: { type: 'boolean', default: false },
      format: { type: 'string' },
      strict: { type: 'boolean', default: false },
      workers: { type: 'string' },
      progress: { type: 'boolean', default: false },
      attachments: { type: 'string' },
    });
    if (positionals.length === 0) throw new ReconError('USAGE', 'name at least one log file or directory (see recon audit --help)');
    const format = values.format ?? (values.json ? 'json' : 'text');
    if (!FORMATS.includes(format)) throw new ReconError('USAGE', `--format takes ${FORMATS.join(', ')}, not "${format}"`);
    if (values.json && format !== 'json') throw new ReconError('USAGE', `--json and --format ${format} ask for two outputs; give one`);
    const workers = parseCount('workers', values.workers, availableParallelism(), WORKERS_RANGE);
    const attachments = values.attachments === undefined ? defaultStoreRoot(io.env, homedir()) : resolve(io.cwd, values.attachments);
    let show: ReturnType<typeof progressLine> | undefined;
    const report = await auditLogs(positionals, io.cwd, {
      workers,
      attachments,
      allWire: values.attachments !== undefined,
      progress: ({ logs, bytes }) => {
        show = values.progress || io.stderr.isTTY === true ? progressLine(io, logs, bytes) : undefined;
        return show?.update;
      },
    });
    show?.finish();
    const { summary } = report;
    if (format === 'json') io.stdout.write(`${JSON.stringify(report, null, 2)}\n`);
    else if (format === 'sarif') io.stdout.write(`${JSON.stringify(renderAuditSarif(report.logs, io.cwd, report.sessions), null, 2)}\n`);
    else if (format === 'html') io.stdout.write(renderAuditHtml(report));
    else writeHuman(io, report);
    const strictFailure = values.strict && summary.unexplainedBreaks + summary.unexplainedDrops + summary.unreconstructable + summary.bytesNeeded > 0;
    return summary.rejected > 0 || summary.attachmentErrors > 0 || strictFailure ? EXIT.FAILED : EXIT.OK;
  },
};

/** Progress on stderr: redrawn in place on a terminal, else a line at most every few seconds; always a last line. */
function progressLine(io: Io, logs: number, bytes: number) {
  const tty = io.stderr.isTTY === true;
  const started = performance.now();
  let shown = started;
  const mb = (n: number) => (n / 1e6).toFixed(1);
  const seconds = () => (performance.now() - started) / 1000;
  return {
    update(done: AuditProgress): void {
      const now = performance.now();
      if (now - shown < (tty ? 200 : 2000)) return;
      shown = now;
      const line = `audit: ${done.logs}/${logs} logs, ${mb(done.bytes)}/${mb(bytes)} MB (${bytes === 0 ? 100 : Math.floor((done.bytes / bytes) * 100)} %), ${seconds().toFixed(0)} s`;
      io.stderr.write(tty ? `\r\x1b[K${line}` : `${line}\n`);
    },
    finish(): void {
      const s = seconds();
      const line = `audited ${count(logs, 'log')}, ${mb(bytes)} MB in ${s.toFixed(1)} s (${mb(bytes / Math.max(s, 1e-3))} MB/s)`;
      io.stderr.write(tty ? `\r\x1b[K${line}\n` : `${line}\n`);
    },
  };
}

/** Which generation of a DSH session a transcript is, and whether it is the current one. */
function generationLine(g: SessionGeneration | undefined): string {
  if (g === undefined) return '';
  const others = g.generations.filter((n) => n !== g.generation);
  const rest = others.length === 0 ? 'the only one' : `the session also holds ${others.map((n) => `v${n}`).join(', ')}`;
  return `  DSH transcript, generation v${g.generation} (${g.generation === g.current ? 'the current one' : `not the current one, v${g.current} is`}; ${rest})\n`;
}

function sourceLines(source: LogSource | undefined): string {
  if (source?.compression !== 'zstd') return '';
  const skippable = source.skippableFrames > 0 ? `, ${source.skippableFrames} of them skippable` : '';
  const torn = source.tornFrame;
  return (
    `  zstd: ${count(source.frames, 'complete frame')}${skippable}, decoded by ${source.decoder}, ${source.uncheckedFrames === 0 ? 'every content checksum checked' : `${count(source.uncheckedFrames, 'frame')} without a content checksum`}\n` +
    (torn === undefined ? '' : `  torn last frame ${torn.frame} at byte ${torn.offset} (${count(torn.bytes, 'byte')}): ${count(torn.recoveredBytes, 'byte')} of text decoded from it, whole lines kept\n`)
  );
}

const hasImages = (r: { readonly wire?: { readonly body: string } }) => r.wire?.body.includes(';base64,') === true;

/** Which DSH log format the audit read, the generation the file name says, and what reading it took. */
function formatLine(log: AuditedLog): string {
  const { version, generation, projected, wire } = log.format;
  const named = generation === undefined ? '' : generation === version ? `, generation v${generation} by its file name` : `; its file name says generation v${generation}, its header v${version}`;
  const parts = [`DSH log format v${version}${named}`];
  if (projected === true) parts.push('the events carry no seq or time (DSH\'s snapshot projection): seqs are their line order, times unknown');
  if (wire !== undefined) parts.push(`${wire.code}: ${wire.message}`);
  return parts.join('; ');
}

function writeHuman(io: Io, { logs, sessions, summary }: AuditReport): void {
  for (const log of logs) {
    if (!log.ok) {
      io.stdout.write(`✗ ${log.file}\n${generationLine(log.session)}  refused: ${log.message}\n${log.hint === undefined ? '' : `  ${log.hint}\n`}\n`);
      continue;
    }
    if ('harness' in log) {
      io.stdout.write(usageFileText(log));
      continue;
    }
    const h = log.headers;
    io.stdout.write(
      `✓ ${log.file}\n${generationLine(log.session)}${sourceLines(log.source)}  ${log.events} events · ${log.turns} turns · ${log.steps} steps · ${log.requests} requests · ` +
        `headers ${h.initial} initial, ${h.resume} resume, ${h.change} change${h.series > 0 ? `, ${h.series} series` : ''} · ${log.replaces} replaces\n`,
    );
    io.stdout.write(`  ${formatLine(log)}\n`);
    if (log.era === 'session-prefix') {
      const prefixes = [...new Set(log.rebuilt.map((r) => r.prefixMessages))];
      const shown = prefixes.length === 1 && prefixes[0] === 0 ? 'no request carries a session prefix' : `requests start with the header's session prefix (${prefixes.map((n) => count(n, 'message')).join(', ')})`;
      io.stdout.write(`  written in the session-prefix era: ${shown}; messages are those before each step/start\n`);
    }
    if (log.scrubbed.length > 0) io.stdout.write(`  the header's ${log.scrubbed.join(' and ')} ${log.scrubbed.length === 1 ? 'is a placeholder' : 'are placeholders'} (scrubbed): requests are rebuilt with ${log.scrubbed.length === 1 ? 'it' : 'them'} as stored, not as sent\n`);
    if (log.upgradedEvents > 0) io.stdout.write(`  ${log.upgradedEvents} events were stored in an older shape and upgraded on load\n`);
    if (log.tornTail !== undefined) io.stdout.write(`  torn tail cut at line ${log.tornTail.line}: ${log.tornTail.reason} (${log.tornTail.droppedLines} lines)\n`);
    io.stdout.write(`  cache-read rate ${percent(log.cacheReadRate)} over ${log.usage.length} steps with usage\n`);
    if (log.usage.length > 0) {
      const drops = new Map(log.drops.map((d) => [`${d.turn}.${d.step}`, d.cause]));
      const rows = log.usage.map((u) => [`${u.turn}.${u.step}`, u.inputTokens, u.cacheReadTokens ?? 'n/a', drops.has(`${u.turn}.${u.step}`) ? `drop: ${drops.get(`${u.turn}.${u.step}`)}` : '']);
      io.stdout.write(formatTable(['step', 'input', 'cache read', ''], rows, '    '));
    }
    for (const b of log.breaks) io.stdout.write(`  prefix break at ${b.turn}.${b.step} (${b.part}): ${b.cause}\n`);
    for (const r of log.rebuilt) {
      if (r.wire !== undefined && hasImages(r)) io.stdout.write(`  request ${r.turn}.${r.step}: wire bytes rebuilt with its images (${r.wire.provider}, ${r.wire.bytes} bytes, sha256 ${r.wire.sha256.slice(0, 12)}…${r.wire.without === undefined ? '' : `, without the scrubbed ${r.wire.without.join(', ')}`})\n`);
      if (r.attachmentError !== undefined) io.stdout.write(`  request ${r.turn}.${r.step} (line ${r.line}): ${r.attachmentError.code}: ${r.attachmentError.message}\n`);
    }
    for (const u of log.unreconstructable) io.stdout.write(`  request at ${u.turn}.${u.step} (seq ${u.seq}) has no request/header before it: it cannot be rebuilt\n`);
    io.stdout.write('\n');
  }
  for (const session of sessions) io.stdout.write(usageSessionText(session));
  io.stdout.write(
    `${count(summary.total, 'log')}: ${summary.ok} loaded, ${summary.rejected} refused; ` +
      `${count(summary.unexplainedBreaks, 'unexplained prefix break')}, ${count(summary.unexplainedDrops, 'unexplained cache-read drop')}` +
      `${summary.attachmentErrors > 0 ? `; ${count(summary.attachmentErrors, 'image request')} without readable objects` : ''}` +
      `${summary.sessions > 0 ? `; ${count(summary.sessions, 'session')} of other harnesses, ${count(summary.calls, 'call')}, ${count(summary.bytesNeeded, 'drop')} only request bytes could explain` : ''}\n`,
  );
}
