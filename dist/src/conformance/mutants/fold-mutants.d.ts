import { type EpochHeader, type Message } from '../../log/index.ts';
export declare const STALE_FOLD_AFTER_REPLACE: import("./mutant.ts").Mutant;
export declare const EMPTY_ASSISTANT_PROJECTED: import("./mutant.ts").Mutant;
export declare const TODO_LIST_PROJECTED: import("./mutant.ts").Mutant;
export declare const UNFROZEN_MESSAGES: import("./mutant.ts").Mutant;
export declare const HEADER_FOLD_NOT_CANONICAL: import("./mutant.ts").Mutant;
export declare const REQUEST_KEYS_REORDERED: import("./mutant.ts").Mutant;
export declare const UNFROZEN_REQUEST_PART: (header: EpochHeader, messages: readonly Message[], sessionId: string) => import("../../fold/request.ts").NeutralRequest;
export declare const FOLD_MUTANTS: import("./mutant.ts").Mutant[];
