import { type Misbehaviour } from './misbehaviours.ts';
import type { Mutant } from './mutant.ts';
export declare function serveCommand(kind?: Misbehaviour): string;
export declare const STDIO_MUTANTS: readonly Mutant[];
