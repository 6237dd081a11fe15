import { type Implementation } from '../implementation.ts';
import { type DshPackages } from './packages.ts';
export declare function dshImplementation(spec: string, cwd: string): Promise<Implementation>;
/** The adapter over packages already loaded (one version's, or a subset of them). */
export declare function dshImplementationOf(dsh: DshPackages): Implementation;
