// @ts-nocheck
import { referenceImplementation, type ReferenceOptions } from '../reference/reference-implementation.ts';
import type { Implementation, ImplementationAt, Level } from '../../contract/implementation.ts';
import type { BugClass, Citation, Mutant } from './mutant.ts';

/** An in-process mutant: the reference with some parts swapped, or a wrapper around it. */
export function inProcess(
  name: string,
  description: string,
  kind: BugClass | { readonly bugClass: BugClass; readonly citation?: Citation },
  make: ReferenceOptions | ((reference: ImplementationAt<Level>) => Implementation),
): Mutant {
  const { bugClass, citation } = typeof kind === 'string' ? { bugClass: kind, citation: undefined } : kind;
  return {
    name,
    description,
    bugClass,
    ...(citation === undefined ? {} : { citation }),
    runs: 'in-process',
    ...(typeof make === 'function' || make.parts === undefined ? {} : { parts: make.parts }),
    open: async () => {
      // Mutants model harnesses without the reference's own dispatch-time check: the suite must find the bug.
      const base = { info: { name: `mutant:${name}` }, checkReconstruction: false };
      // A mutant whose bug lives in one era declares it (its info), beside its name.
      return typeof make === 'function' ? make(referenceImplementation(base)) : referenceImplementation({ ...base, ...make, info: { ...make.info, ...base.info } });
    },
  };
}
