// @ts-nocheck
// `npm run spec:checked-by`: writes the "Checked by" line of every clause in docs/spec/ and
// the coverage table of docs/spec/README.md from the properties' citations, so the list of
// properties that check a clause is never kept by hand. Prints what still does not hold
// (a dangling citation, a clause without a reason) and exits 1 if anything does.
import { join } from 'node:path';
import { PROPERTIES } from '../properties/index.ts';
import { writeFileAtomic } from '../src/_internals/atomic-write.ts';
import { packagePath } from '../src/_internals/package-root.ts';
import { citationProblems, readSpecFiles, specOf, withCheckedBy } from '../src/spec/index.ts';

const dir = packagePath('docs/spec');
const files = readSpecFiles(dir);
const written = withCheckedBy(specOf(files), PROPERTIES);
for (const { name, text } of files) {
  const next = written.get(name)!;
  if (next === text) continue;
  writeFileAtomic(join(dir, name), next);
  console.log(`wrote docs/spec/${name}`);
}
const problems = citationProblems(PROPERTIES, specOf(readSpecFiles(dir)));
for (const problem of problems) console.log(problem);
process.exitCode = problems.length === 0 ? 0 : 1;
