import { type GeneratedLog } from '../arbitraries/session-log.ts';
import type { RegressionCodec } from './property.ts';
/** A generated valid log is stored as its JSONL, readable and loadable as it is. */
export declare const logCodec: RegressionCodec<GeneratedLog>;
/** A log with extra values (picks, choices): the log as JSONL plus the rest as JSON. */
export declare function logWith<T extends object>(): RegressionCodec<{
    readonly log: GeneratedLog;
} & T>;
export declare function logLabels(log: GeneratedLog): Record<string, boolean>;
/**
 * Below these shares the generator no longer exercises what the properties claim to check.
 * Each floor sits far enough below its usual share to hold at every seed of a 100-case run;
 * rarer labels (a text class in one field, one legacy shape) are reported in the statistics
 * and held by test/properties/generator-reach.test.ts over many cases.
 */
export declare const LOG_FLOORS: Readonly<Record<string, number>>;
