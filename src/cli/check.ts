import { existsSync } from 'node:fs';
import { relative, resolve } from 'node:path';
import { PROPERTIES } from '../../properties/index.ts';
import { ERAS, type Era } from '../fold/index.ts';
import { readExpectations, type ExpectationsFile } from '../suite/expectations.ts';
import { DEFAULT_TIMEOUT_MS } from '../conformance/protocol/driver.ts';
import { DEFAULT_MAX_LINE_BYTES } from '../conformance/protocol/lines.ts';
import { checkConformance, userRegressions } from '../suite/check-conformance.ts';
import { DEFAULT_RUNS, parseShard, type SuiteProgress } from '../suite/run-suite.ts';
import { defaultWorkers } from '../suite/run-in-workers.ts';
import { packagePath } from '../_internals/package-root.ts';
import { ReconError } from '../errors.ts';
import type { RunRecord } from '../suite/run-record.ts';
import { count } from '../report/plural.ts';
import { formatDuration, renderRunText } from '../report/suite-terminal.ts';
import { citedClauseIds } from '../spec/index.ts';
import { reportFiles, writeReports } from '../report/write-reports.ts';
import { makeDirectory, refuseInputAsOutput, unmakeDirectory } from '../_internals/output-guard.ts';
import { sweep } from './_internals/sweep.ts';
import { EXIT, MAX_TIMER_MS, MAX_WORKERS, parseCommandLine, parseCount, SEED_RANGE, WORKERS_RANGE, type Command, type Io } from './command.ts';


const help = `Usage: recon check [--impl reference|dsh[@version]] [--era current|session-prefix] [--property ID]... [--runs N] [--seed S] [--sweep N] [--json] [--report DIR]
       recon check --impl cmd:"<command>" [--timeout MS] [--max-line BYTES] [--validate-protocol]

Runs the property suite against an implementation: every stored regression first,
then generated logs, requests, streams and loop scenarios. Each property states one
consequence of "every model request is reconstructable from the session log" and
cites the clauses of docs/spec/ it checks. A failure is shrunk to a minimal input,
printed with the first differing byte and the logged event that should have explained
it, and stored in the regressions folder (./.recon/regressions unless --regressions says where;
never the package's own corpus) so every later run replays it.

Options:
  --impl <spec>        the implementation to check (default: reference):
                         reference         the reference, in process
                         mutant:<name>     a mutant of the catalog (see recon mutants --list)
                         cmd:<command>     a process speaking JSON-RPC on stdio (docs/PROTOCOL.md),
                                           started through the shell in this directory,
                                           e.g. cmd:"python3 adapter.py" or cmd:"npx recon serve"
                         module:<path>     a JS/TS module whose default export (or export
                                           "implementation") is an Implementation, run in
                                           a worker thread
                         dsh[@<version>]   deepseek-harness's published packages, in process;
                                           versions in dsh-versions/ (npm ci --prefix there)
  --timeout <ms>       cmd: and module: how long one call may take before the process
                       (or worker) counts as hung and is restarted (default ${DEFAULT_TIMEOUT_MS},
                       at most ${MAX_TIMER_MS}, the longest timer Node keeps)
  --max-line <bytes>   cmd: the longest line accepted on stdout; a longer one is a
                       protocol-error at once (default ${DEFAULT_MAX_LINE_BYTES}, 64 MB)
  --validate-protocol  cmd: check every message against schemas/protocol-v1.json;
                       a violation fails the call as protocol-error
  --property <ID>      run only this property (repeatable); see --list
  --list               list the properties (id, level, statement, the docs/spec/ clauses
                       it checks) and exit
  --runs <N>           generated cases per property (default ${DEFAULT_RUNS}; loop properties run half)
  --seed <S>           the fast-check seed (default: from the clock, printed in the report)
  --era <era>          the design of the rule to hold the implementation to: current, or
                       session-prefix (every loop property plays its scenarios with a session
                       prefix, the fold properties read logs of that design, compaction under
                       both names). An implementation declares its era in its handshake ("era";
                       none is current) and is checked in it without --era; --era naming
                       another is a usage error. The reference runs either (default current).
                       LOOP-SESSION-PREFIX checks the other design in every run, and readers
                       are held to the real logs of both.
  --sweep <N>          run the suite at N seeds drawn from --seed (or the clock), each printed as it
                       runs; stop at the first unexpected result and print the line that replays it
  --expectations <f>   expected failures with reasons (default: expectations/<impl>.json if present,
                       expectations/dsh@<version>.json before expectations/dsh.json);
                       an unexpected failure and an unexpected pass both fail the run.
                       Refused before the run (USAGE): an entry naming a property not in
                       --list, a property listed twice, a field the reader does not know,
                       or "implementation" other than the handshake's name (or name@version)
  --report <dir>       also write run.jsonl, summary.txt, summary.md, report.html, junit.xml and
                       badge.json (a shields.io endpoint badge) there
  --stats              generator statistics below the table (--json always holds them)
  --regressions <dir>  where failures are stored and read back (default: .recon/regressions in
                       this directory; the package's corpora/regressions are read as well).
                       Every .jsonl file there is checked before the run (REGRESSION_INVALID,
                       with file and line): named <PROPERTY>-<hash>.jsonl as its line 1 says,
                       its input matching that hash, a property in --list, an input it reads
  --no-save            do not store new counterexamples
  --shard <i/n>        run part i of n of the generated cases (case k of every property goes
                       to the shard with k mod n = i-1; stored regressions to shard 1); needs
                       --seed; join the shards' run.jsonl with recon report merge
  --workers <N>        spread the cases over N threads, each with its own implementation
                       (cmd: one adapter process each); the same verdicts as one thread;
                       at most ${MAX_WORKERS} here (4 per core, 256 MiB of memory each); default: one
                       per core (${defaultWorkers('reference')} here) for the reference, 1 for any other
  --json               print one JSON object:
                       {"implementation":{…},"properties":[{"id","level","status","runs","counterexample"?}],
                        "summary":{"pass","fail","na"}}

A failure says how the implementation failed: wrong-answer, crashed (exited or threw),
timed-out, protocol-error (over cmd:), or generator-floor. Properties that need the
implementation's own objects (freezing) report n/a over cmd: and module:.

Exit codes: 0 every property as expected, 1 an unexpected failure or pass, 2 usage error
            (an expectations file refused), 3 the implementation could not be started or
            failed its handshake, a stored regression is damaged or names a property the
            suite does not have (REGRESSION_INVALID), a regressions folder or file cannot be
            read (FILE_UNREADABLE), or a report cannot be written.
`;

export const check: Command = {
  name: 'check',
  summary: 'run the property suite against an implementation',
  help,
  async run(argv, io) {
    const { values, positionals } = parseCommandLine('check', argv, {
      impl: { type: 'string', default: 'reference' },
      property: { type: 'string', multiple: true },
      runs: { type: 'string' },
      seed: { type: 'string' },
      expectations: { type: 'string' },
      report: { type: 'string' },
      regressions: { type: 'string' },
      'no-save': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      stats: { type: 'boolean', default: false },
      list: { type: 'boolean', default: false },
      timeout: { type: 'string' },
      'max-line': { type: 'string' },
      'validate-protocol': { type: 'boolean', default: false },
      shard: { type: 'string' },
      workers: { type: 'string' },
      sweep: { type: 'string' },
      era: { type: 'string' },
    });
    if (values.list) {
      const list = PROPERTIES.map((p) => ({ id: p.id, level: p.levels.join('+'), clause: p.clause, clauses: citedClauseIds(p.clause), title: p.title, ...(p.inProcess === true ? { inProcess: true } : {}) }));
      io.stdout.write(values.json ? `${JSON.stringify(list, null, 2)}\n` : list.map((p) => `${p.id.padEnd(26)} ${p.level.padEnd(8)} ${p.title}\n${' '.repeat(36)}checks ${p.clause}\n`).join(''));
      return EXIT.OK;
    }
    if (positionals.length > 0) throw new ReconError('USAGE', `unexpected argument "${positionals[0]}" (see recon check --help)`);
    const runs = parseCount('runs', values.runs, DEFAULT_RUNS);
    const seed = values.seed === undefined ? undefined : parseCount('seed', values.seed, 0, SEED_RANGE);
    const sweepCount = values.sweep === undefined ? undefined : parseCount('sweep', values.sweep, 1);
    if (sweepCount !== undefined && (values.json || values.report !== undefined)) throw new ReconError('USAGE', '--sweep prints each seed as it runs; it does not combine with --json or --report');
    const only = values.property;
    const shard = values.shard === undefined ? undefined : parseShard(values.shard);
    if (shard !== undefined && seed === undefined) throw new ReconError('USAGE', '--shard needs --seed: every shard must generate the same cases');
    const era = values.era as Era | undefined;
    if (era !== undefined && !ERAS.includes(era)) throw new ReconError('USAGE', `--era takes ${ERAS.join(' or ')}, not "${values.era}"`);
    const unknown = (only ?? []).filter((id) => !PROPERTIES.some((p) => p.id === id));
    if (unknown.length > 0) throw new ReconError('USAGE', `unknown property ${unknown.join(', ')} (see recon check --list)`);
    const spec = values.impl!;
    // The in-process reference spreads over every core by default; an adapter's processes share
    // whatever it keeps on disk, so more than one runs only when asked for.
    const workers = parseCount('workers', values.workers, defaultWorkers(spec), WORKERS_RANGE);
    const expectations = findExpectations(spec, values.expectations, io.cwd);
    const timeoutMs = parseCount('timeout', values.timeout, DEFAULT_TIMEOUT_MS, { min: 1, max: MAX_TIMER_MS, why: 'the longest timer Node keeps' });
    const maxLineBytes = parseCount('max-line', values['max-line'], DEFAULT_MAX_LINE_BYTES, { min: 1, max: 2 ** 29, why: 'the longest string Node holds, 512 MiB' });
    const openOptions = { cwd: io.cwd, timeoutMs, maxLineBytes, validateProtocol: values['validate-protocol'] === true, ...(era === undefined ? {} : { era }) };
    const store = userRegressions(io.cwd, values.regressions, !values['no-save']);
    const runAt = async (at: number | undefined, onProgress?: (event: SuiteProgress) => void): Promise<RunRecord> => {
      const record = await checkConformance(spec, {
        open: openOptions,
        runs,
        workers,
        ...(shard === undefined ? {} : { shard }),
        ...(at === undefined ? {} : { seed: at }),
        ...(only === undefined ? {} : { only }),
        regressions: store,
        ...(expectations === undefined ? {} : { expectations }),
        ...(onProgress === undefined ? {} : { onProgress }),
      });
      return relativeFiles(record, io.cwd);
    };
    if (sweepCount !== undefined) {
      const given = (['expectations', 'regressions', 'timeout'] as const).flatMap((option) => (values[option] === undefined ? [] : [`--${option}`, values[option]!]));
      const replayArgs = ['--impl', spec, ...(era === undefined ? [] : ['--era', era]), ...(runs === DEFAULT_RUNS ? [] : ['--runs', String(runs)]), ...(only ?? []).flatMap((id) => ['--property', id]), ...given];
      return sweep({ count: sweepCount, sweepSeed: seed ?? Date.now() % 2 ** 31, replayArgs, runAt }, io);
    }
    if (values.report !== undefined) {
      // Before the run: a report that cannot be written fails now, not after the suite.
      if (expectations !== undefined) refuseInputAsOutput(reportFiles(resolve(io.cwd, values.report)), [resolve(io.cwd, expectations.file)], '--report', io.cwd);
    }
    const created = values.report === undefined ? [] : makeDirectory(resolve(io.cwd, values.report));
    let run: RunRecord;
    try {
      run = await runAt(seed, progress(io, values.json === true));
    } catch (error) {
      unmakeDirectory(created);
      throw error;
    }
    if (values.report !== undefined) {
      const files = writeReports(run, resolve(io.cwd, values.report));
      io.stderr.write(`reports written: ${files.map((f) => relative(io.cwd, f)).join(', ')}\n`);
    }
    io.stdout.write(values.json ? `${JSON.stringify(toJson(run), null, 2)}\n` : renderRunText(run, { stats: values.stats === true }));
    // A shard may pass where the whole run fails (the failing case lies in another shard): only its unexpected failures count.
    const findings = shard === undefined ? run.footer.summary.unexpected : run.results.filter((r) => r.verdict !== 'as-expected' && r.verdict !== 'unexpected-pass').length;
    return findings > 0 ? EXIT.FAILED : EXIT.OK;
  },
};

/** `--expectations`, else `expectations/<name>@<version>.json`, then `expectations/<name>.json` (name = the spec before `@` or `:`), in the cwd or the package. */
function findExpectations(spec: string, given: string | undefined, cwd: string): { file: string; content: ExpectationsFile } | undefined {
  if (given !== undefined) return { file: given, content: readExpectations(resolve(cwd, given), given) };
  const name = spec.split(/[@:]/)[0]!;
  const names = /^[\w-]+@[\w.-]+$/.test(spec) ? [spec, name] : [name];
  for (const candidate of names) {
    for (const dir of [resolve(cwd, 'expectations'), `${packagePath('expectations')}`]) {
      const file = resolve(dir, `${candidate}.json`);
      if (existsSync(file)) return { file: relative(cwd, file), content: readExpectations(file, relative(cwd, file)) };
    }
  }
  return undefined;
}

function progress(io: Io, quiet: boolean) {
  const live = io.stderr.isTTY === true;
  return (event: SuiteProgress) => {
    if (quiet && !live) return;
    if (event.type === 'case' && live) io.stderr.write(`\r[${event.property.id}] ${event.done}/${event.of} cases`);
    if (event.type === 'end') {
      const r = event.result;
      const line = `[${String(event.index + 1).padStart(2)}/${event.total}] ${r.status.padEnd(4)} ${r.id} (${count(r.runs, 'case')}, ${formatDuration(r.timeMs)})`;
      io.stderr.write(live ? `\r\x1b[2K${line}\n` : `${line}\n`);
    }
  };
}

function relativeFiles(run: RunRecord, cwd: string): RunRecord {
  const results = run.results.map((r) => (r.counterexample?.file === undefined ? r : { ...r, counterexample: { ...r.counterexample, file: relative(cwd, r.counterexample.file) } }));
  return { ...run, results };
}

/** The JSON of `--json`: the run with stable keys for machines. */
function toJson(run: RunRecord) {
  const { type: _h, ...header } = run.header;
  return {
    ...header,
    properties: run.results.map(({ type: _r, ...result }) => result),
    summary: run.footer.summary,
    timeMs: run.footer.timeMs,
  };
}
