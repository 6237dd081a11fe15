import { relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PROPERTIES } from '../../properties/index.ts';
import { openImplementation } from '../conformance/open-implementation.ts';
import { RegressionStore } from '../conformance/regressions.ts';
import { DEFAULT_RUNS, runSuite, type SuiteProgress, type SuiteResult } from '../conformance/run-suite.ts';
import { ReconError } from '../errors.ts';
import { formatDuration, renderSuite } from '../report/suite-terminal.ts';
import { EXIT, parseCommandLine, parseCount, type Command, type Io } from './command.ts';

const PACKAGE_REGRESSIONS = fileURLToPath(new URL('../../corpora/regressions/', import.meta.url));

const help = `Usage: recon check [--impl reference|dsh[@version]] [--property ID]... [--runs N] [--seed S] [--json]

Runs the property suite against an implementation: every stored regression first,
then generated logs, requests, streams and loop scenarios. Each property states one
consequence of "every model request is reconstructable from the session log" and
names the spec clause it checks. A failure is shrunk to a minimal input, printed with
the first differing byte and the logged event that should have explained it, and
stored in the regressions folder so every later run replays it.

Options:
  --impl <name>        the implementation to check (default: reference); dsh[@version]:
                       deepseek-harness's published packages, in process (see README)
  --property <ID>      run only this property (repeatable); see the table for ids
  --runs <N>           generated cases per property (default ${DEFAULT_RUNS}; loop properties run half)
  --seed <S>           the fast-check seed (default: from the clock, printed in the report)
  --regressions <dir>  where failures are stored and read back (default: corpora/regressions)
  --no-save            do not store new counterexamples
  --list               list the properties (id, level, clause, statement) and exit
  --json               print one JSON object:
                       {"implementation":{…},"properties":[{"id","level","status","runs","counterexample"?}],
                        "summary":{"pass","fail","na"}}

Exit codes: 0 every applicable property passed, 1 a property failed, 2 usage error,
            3 the implementation could not be run.
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
      regressions: { type: 'string' },
      'no-save': { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      list: { type: 'boolean', default: false },
    });
    if (values.list) {
      const list = PROPERTIES.map((p) => ({ id: p.id, level: p.levels.join('+'), clause: p.clause, title: p.title, ...(p.inProcess === true ? { inProcess: true } : {}) }));
      io.stdout.write(values.json ? `${JSON.stringify(list, null, 2)}\n` : list.map((p) => `${p.id.padEnd(26)} ${p.level.padEnd(8)} ${p.title}\n${' '.repeat(36)}checks ${p.clause}\n`).join(''));
      return EXIT.OK;
    }
    if (positionals.length > 0) throw new ReconError('USAGE', `unexpected argument "${positionals[0]}" (see recon check --help)`);
    const runs = parseCount('runs', values.runs, DEFAULT_RUNS);
    const seed = values.seed === undefined ? undefined : parseCount('seed', values.seed, 0, 0);
    const only = values.property;
    const unknown = (only ?? []).filter((id) => !PROPERTIES.some((p) => p.id === id));
    if (unknown.length > 0) throw new ReconError('USAGE', `unknown property ${unknown.join(', ')}; known: ${PROPERTIES.map((p) => p.id).join(', ')}`);
    const impl = await openImplementation(values.impl!, { cwd: io.cwd });
    const localDir = resolve(io.cwd, values.regressions ?? 'corpora/regressions');
    const store = new RegressionStore([localDir, PACKAGE_REGRESSIONS], values['no-save'] ? undefined : localDir);
    let result: SuiteResult;
    try {
      result = await runSuite(impl, PROPERTIES, {
        runs,
        ...(seed === undefined ? {} : { seed }),
        ...(only === undefined ? {} : { only }),
        regressions: store,
        onProgress: progress(io, values.json === true),
      });
    } finally {
      await impl.close?.();
    }
    if (values.json) io.stdout.write(`${JSON.stringify(toJson(result), null, 2)}\n`);
    else io.stdout.write(renderSuite(relativeFiles(result, io.cwd), (id) => `recon check --impl ${values.impl} --property ${id}`));
    return result.summary.fail > 0 ? EXIT.FAILED : EXIT.OK;
  },
};

function progress(io: Io, quiet: boolean) {
  const live = io.stderr.isTTY === true;
  return (event: SuiteProgress) => {
    if (quiet && !live) return;
    if (event.type === 'case' && live) io.stderr.write(`\r[${event.property.id}] ${event.done}/${event.of} cases`);
    if (event.type === 'end') {
      const r = event.result;
      const line = `[${String(event.index + 1).padStart(2)}/${event.total}] ${r.status.padEnd(4)} ${r.id} (${r.runs} cases, ${formatDuration(r.timeMs)})`;
      io.stderr.write(live ? `\r\x1b[2K${line}\n` : `${line}\n`);
    }
  };
}

function relativeFiles(result: SuiteResult, cwd: string): SuiteResult {
  const properties = result.properties.map((p) => (p.counterexample?.file === undefined ? p : { ...p, counterexample: { ...p.counterexample, file: relative(cwd, p.counterexample.file) } }));
  return { ...result, properties };
}

/** The JSON shape of the report: stable keys for machines. */
export function toJson(result: SuiteResult) {
  return {
    implementation: result.implementation,
    seed: result.seed,
    budget: result.budget,
    properties: result.properties.map((p) => ({
      id: p.id,
      level: p.levels.join('+'),
      title: p.title,
      clause: p.clause,
      status: p.status,
      runs: p.runs,
      regressions: p.regressions,
      timeMs: Math.round(p.timeMs),
      ...(p.reason === undefined ? {} : { reason: p.reason }),
      ...(p.statistics === undefined ? {} : { statistics: p.statistics }),
      ...(p.counterexample === undefined ? {} : { counterexample: p.counterexample }),
    })),
    summary: result.summary,
    timeMs: Math.round(result.timeMs),
  };
}
