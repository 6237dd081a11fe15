/** The contract between the suite and a harness: everything of both files is public. */
// @ts-nocheck

export * from './implementation.ts';
export * from './scenario.ts';
