// @ts-nocheck
export { CLAUSE_ID, citedClauseIds, parseSpecFile, readSpecFiles, shippedSpec, specOf, type Clause, type Spec, type SpecFile } from './clauses.ts';
export { citationProblems, withCheckedBy, type Citing } from './citations.ts';
