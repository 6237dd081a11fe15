/**
 * Invalid logs, generated: a valid log with exactly one fault, and the code a reader must
 * refuse it with. There is one fault class per rule of the log validators (src/log/rules.ts),
 * named by the rule it breaks; the code comes from the rule table, never from here.
 * Event-level faults also say which event holds them, so append can be held to the same
 * verdict as load.
 */
import fc from 'fast-check';
import type { ProtocolErrorCode } from '../../src/errors.ts';
import { type LogRuleId, type SessionEvent } from '../../src/log/index.ts';
import { type GeneratedLog } from './session-log.ts';
export interface InvalidLog {
    /** The fault class: the id of the rule it breaks. */
    readonly fault: string;
    readonly code: ProtocolErrorCode;
    readonly jsonl: string;
    /** For faults in one event: its seq, the valid log before it, and the event as written. */
    readonly event?: {
        readonly seq: number;
        readonly prefix: string;
        readonly faulty: SessionEvent;
        readonly original: SessionEvent | undefined;
    };
}
type Mutation = (log: GeneratedLog, pick: number) => InvalidLog | undefined;
/** Faults in one event: a reader refuses them at load, a writer at append, with the same code. */
export declare const EVENT_FAULTS: Partial<Record<LogRuleId, Mutation>>;
/** Faults that live in the stored text rather than in one event: they have no append counterpart. */
export declare const TEXT_FAULTS: Partial<Record<LogRuleId, Mutation>>;
/** Values a JSON text cannot hold, for in-process appends: each breaks one lossless-JSON rule. */
export declare const MEMORY_FAULTS: Partial<Record<LogRuleId, () => unknown>>;
/** Logs seeded in memory: events whose seqs are not their indices. */
export declare const SEED_FAULTS: Partial<Record<LogRuleId, (log: GeneratedLog, pick: number) => SessionEvent[]>>;
/**
 * Whether an event can be passed to append at all over the protocol: its AppendInput schema
 * only carries a list of seqs, an "append" or exact replace op, and an ignorable that is true.
 * Faults in those shapes exist in memory and in stored text; over the protocol only load can see them.
 */
export declare function fitsAppendInput(event: SessionEvent): boolean;
/** Every fault class, by the rule it breaks. */
export declare const FAULT_CLASSES: readonly string[];
/** The rules of the validators that no fault class in `classes` breaks. */
export declare function uncoveredRules(classes: readonly string[]): LogRuleId[];
/** The fault of class `name` in `log`; a class the log has no room for falls back to an unknown type. */
export declare function faultIn(log: GeneratedLog, name: string, pick: number): InvalidLog;
/** Faults in one event (with the verdict append must match), several per case. */
export declare const invalidEventLogs: fc.Arbitrary<InvalidLog[]>;
/** Faults of every class that a stored log can hold, event-level or textual, several per case. */
export declare const invalidLogs: fc.Arbitrary<InvalidLog[]>;
/** Kinds of storage damage (spec §5.3 item 2), each placed before and after the last turn/end. */
export declare const DAMAGE_KINDS: readonly ["torn line", "garbage line", "empty line", "seq gap", "repeated line", "missing newline", "bad chunk row"];
export type DamageKind = (typeof DAMAGE_KINDS)[number];
export type DamagePlace = 'committed' | 'tail';
/** A damaged stored log and what a reader must make of it: a refusal, or the events kept after cutting the torn tail. */
export interface DamagedLog {
    readonly kind: DamageKind;
    readonly place: DamagePlace;
    readonly jsonl: string;
    readonly expect: {
        readonly refused: ProtocolErrorCode;
    } | {
        readonly kept: number;
    };
}
/**
 * Every kind of damage at every place a log has room for. Damage before a later turn/end is
 * committed and refused (TORN_COMMITTED, or a malformed row's own CHUNK_ROW_INVALID, which is
 * refused wherever it lies: a torn write cannot produce a row that parses); damage after the
 * last turn/end is a torn tail, cut at the first damaged line.
 */
export declare function damagesOf(log: GeneratedLog, pick: number): DamagedLog[];
export {};
