import { PROPERTIES } from '../../properties/index.ts';
import { MUTANTS } from '../conformance/mutants/catalog.ts';
import { killMatrixInWorkers, MUTANT_RUNS, type KillMatrix } from '../suite/kill-matrix.ts';
import { DEFAULT_RUNS } from '../suite/run-suite.ts';
import { ReconError } from '../errors.ts';
import { formatDuration } from '../report/suite-terminal.ts';
import { count } from '../report/plural.ts';
import { EXIT, MAX_WORKERS, parseCommandLine, parseCount, SEED_RANGE, WORKERS_RANGE, type Command } from './command.ts';

const help = `Usage: recon mutants [--json] [--mutant NAME]... [--runs N] [--seed S] [--workers N]

Runs the property suite against every mutant of the catalog — the reference with one
realistic bug each (a clock in the system prompt, a stale fold cache, a non-atomic
append, …) — and prints the kill matrix: which properties caught which mutant. It
proves the suite has teeth: every mutant must be killed, and every property must kill
at least one mutant.

Options:
  --mutant <NAME>   run only this mutant (repeatable)
  --list            list the mutants and the bug each one has, and exit
  --runs <N>        generated cases per property and mutant (default ${MUTANT_RUNS}; failures are not
                    shrunk); wire properties run at least the default check's ${DEFAULT_RUNS},
                    as they cost about a millisecond a case
  --seed <S>        the fast-check seed (default 1, so the matrix is the same every run)
  --workers <N>     run mutants on N threads at once (the same matrix as one thread;
                    at most ${MAX_WORKERS} here: 4 per core, 256 MiB of memory each)
  --json            print one JSON object:
                    {"mutants":[{"name","description","killedBy":[…]}],"summary":{"mutants","killed"}}

Each mutant also has its bug class ("bugClass"), and the bug museum's mutants, which
reproduce prefix breaks real harnesses shipped, cite the public report ("citation":
{"repo","ref","url"}); the text output lists those reports after the matrix.

Exit codes: 0 every mutant killed and every property killed one, 1 otherwise, 2 usage error.
`;

export const mutants: Command = {
  name: 'mutants',
  summary: 'run the suite against the mutant catalog and print the kill matrix',
  help,
  async run(argv, io) {
    const { values, positionals } = parseCommandLine('mutants', argv, {
      json: { type: 'boolean', default: false },
      list: { type: 'boolean', default: false },
      mutant: { type: 'string', multiple: true },
      runs: { type: 'string' },
      seed: { type: 'string' },
      workers: { type: 'string' },
    });
    if (positionals.length > 0) throw new ReconError('USAGE', `unexpected argument "${positionals[0]}" (see recon mutants --help)`);
    if (values.list) {
      io.stdout.write(MUTANTS.map((m) => `${m.name.padEnd(34)} ${m.runs.padEnd(10)} ${m.bugClass.padEnd(31)} ${m.description}${m.citation === undefined ? '' : ` (${cite(m.citation)})`}\n`).join(''));
      return EXIT.OK;
    }
    const unknown = (values.mutant ?? []).filter((name) => !MUTANTS.some((m) => m.name === name));
    if (unknown.length > 0) throw new ReconError('USAGE', `unknown mutant ${unknown.join(', ')} (see recon mutants --list)`);
    const chosen = values.mutant === undefined ? MUTANTS : MUTANTS.filter((m) => values.mutant!.includes(m.name));
    const started = performance.now();
    const matrix = await killMatrixInWorkers(chosen, PROPERTIES, {
      workers: parseCount('workers', values.workers, 1, WORKERS_RANGE),
      runs: parseCount('runs', values.runs, MUTANT_RUNS),
      seed: parseCount('seed', values.seed, 1, SEED_RANGE),
      onMutant: (v, i, total) => {
        if (!values.json || io.stderr.isTTY === true) io.stderr.write(`[${String(i + 1).padStart(2)}/${total}] ${v.killedBy.length > 0 ? 'killed  ' : 'SURVIVED'} ${v.name} (${formatDuration(v.timeMs)})\n`);
      },
    });
    const complete = chosen.length === MUTANTS.length;
    const shown = withBugClasses(matrix);
    if (values.json) io.stdout.write(`${JSON.stringify(shown, null, 2)}\n`);
    else io.stdout.write(renderMatrix(shown, complete, performance.now() - started));
    return matrix.summary.survived.length > 0 || (complete && matrix.idleProperties.length > 0) ? EXIT.FAILED : EXIT.OK;
  },
};

type ShownMatrix = ReturnType<typeof withBugClasses>;

/** The matrix with each mutant's bug class and the report it cites, next to its name. */
function withBugClasses(matrix: KillMatrix) {
  return {
    ...matrix,
    mutants: matrix.mutants.map(({ name, description, ...verdict }) => {
      const { bugClass, citation } = MUTANTS.find((m) => m.name === name)!;
      return { name, description, bugClass, citation, ...verdict };
    }),
  };
}

function cite(citation: { readonly repo: string; readonly ref: string }): string {
  return `${citation.repo} ${citation.ref}`;
}

function renderMatrix(matrix: ShownMatrix, complete: boolean, ms: number): string {
  const width = Math.max(...matrix.mutants.map((m) => m.name.length));
  const classWidth = Math.max(...matrix.mutants.map((m) => m.bugClass.length));
  const lines = matrix.mutants.map((m) => `${m.name.padEnd(width)}  ${m.bugClass.padEnd(classWidth)}  ${m.killedBy.length === 0 ? 'SURVIVED' : m.killedBy.join(', ')}`);
  const cited = matrix.mutants.flatMap((m) => (m.citation === undefined ? [] : [`  ${m.name.padEnd(width)}  ${cite(m.citation)}`]));
  const counts = new Map<string, number>();
  for (const m of matrix.mutants) for (const id of m.killedBy) counts.set(id, (counts.get(id) ?? 0) + 1);
  const byProperty = PROPERTIES.filter((p) => counts.has(p.id)).map((p) => `  ${p.id.padEnd(26)} ${counts.get(p.id)}`);
  return [
    `${'mutant'.padEnd(width)}  ${'bug class'.padEnd(classWidth)}  killed by`,
    ...lines,
    '',
    ...(cited.length === 0 ? [] : ['real reports the mutants reproduce:', ...cited, '']),
    'mutants killed per property:',
    ...byProperty,
    complete ? `properties that killed nothing: ${matrix.idleProperties.length === 0 ? 'none' : matrix.idleProperties.join(', ')}` : '',
    `${count(matrix.summary.mutants, 'mutant')}: ${matrix.summary.killed} killed, ${matrix.summary.survived.length} survived (${formatDuration(ms)})`,
    '',
  ].join('\n');
}
