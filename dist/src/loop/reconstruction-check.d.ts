import { type NeutralRequest } from '../fold/index.ts';
import type { SessionLog } from '../log/index.ts';
/**
 * Checks a request at dispatch against one rebuilt from a fresh fold of the log as it
 * stands (never the live cache, which is what it checks). Throws RECONSTRUCTION_MISMATCH
 * with the first differing byte.
 */
export declare function checkReconstruction(log: SessionLog, request: NeutralRequest): void;
