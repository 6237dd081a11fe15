import { type ReferenceOptions } from '../reference/reference-implementation.ts';
import type { Implementation } from '../implementation.ts';
import type { BugClass, Citation, Mutant } from './mutant.ts';
/** An in-process mutant: the reference with some parts swapped, or a wrapper around it. */
export declare function inProcess(name: string, description: string, kind: BugClass | {
    readonly bugClass: BugClass;
    readonly citation?: Citation;
}, make: ReferenceOptions | ((reference: Implementation) => Implementation)): Mutant;
