// @ts-nocheck
// The adapter inside this very vitest run (its failure output is checked by test/package.test.ts): the reference passes, a mutant's failure is an
// expected failure (its test passes only if the property really fails), a level the
// implementation lacks is skipped.
import { findMutant, referenceImplementation } from '../../src/suite/index.ts';
import { describeConformance } from '../../src/vitest/index.ts';

const ONLY = ['LOG-FORMAT-VERSION', 'FOLD-MATCHES-SPEC'];

describeConformance(referenceImplementation(), { runs: 10, seed: 7, only: ONLY, name: 'reference' });

const mutant = await findMutant('reads-any-version').open();
describeConformance(mutant, {
  runs: 10,
  seed: 7,
  only: ONLY,
  name: 'mutant reads-any-version',
  regressions: false,
  expectations: [{ property: 'LOG-FORMAT-VERSION', status: 'fail', reason: 'the mutant ignores the format version' }],
});

const logOnly = { ...referenceImplementation(), info: { ...referenceImplementation().info, levels: ['log' as const] } };
describeConformance(logOnly, { runs: 10, seed: 7, only: ONLY, name: 'log level only' });
