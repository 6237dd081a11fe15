/**
 * Every rule a reader or writer of the log refuses by, with its code: the one table the
 * validators refuse through (`refuse(rule, …)`). A refusal names its rule, so the suite can
 * hold each rule to a fault class that breaks it (test/properties/rule-enumeration.test.ts).
 *
 * `reach` says how the rule can be broken from outside: `text` only by a stored JSONL file,
 * `event` by one event (stored or appended), `memory` only by an in-process value JSON text
 * cannot hold, `seed` only by seeding a log with events in memory.
 */
import { ReconError, type ErrorLocation, type LogErrorCode } from '../errors.ts';
export type RuleReach = 'text' | 'event' | 'memory' | 'seed';
interface Rule {
    readonly code: LogErrorCode;
    readonly reach: RuleReach;
    readonly rule: string;
}
export declare const LOG_RULES: {
    readonly 'session.present': Rule;
    readonly 'session.bom': Rule;
    readonly 'session.json': Rule;
    readonly 'session.object': Rule;
    readonly 'session.tag': Rule;
    readonly 'session.version-integer': Rule;
    readonly 'session.version-newer': Rule;
    readonly 'session.version-older': Rule;
    readonly 'session.id': Rule;
    readonly 'session.createdAt': Rule;
    readonly 'session.seedLength': Rule;
    readonly 'session.delegationDepth': Rule;
    readonly 'session.cwd': Rule;
    readonly 'session.parentSession': Rule;
    readonly 'session.agentPreset': Rule;
    readonly 'session.origin': Rule;
    readonly 'torn.unparsable-committed': Rule;
    readonly 'torn.seq-gap-committed': Rule;
    readonly 'chunk-row.envelope': Rule;
    readonly 'chunk-row.seq0': Rule;
    readonly 'chunk-row.time0': Rule;
    readonly 'chunk-row.data-object': Rule;
    readonly 'chunk-row.data-keys': Rule;
    readonly 'chunk-row.numbers': Rule;
    readonly 'chunk-row.tool-strings': Rule;
    readonly 'chunk-row.members': Rule;
    readonly 'chunk-row.dt': Rule;
    readonly 'chunk-row.dt-arity': Rule;
    readonly 'chunk-row.seq-range': Rule;
    readonly 'chunk-row.time-range': Rule;
    readonly 'envelope.object': Rule;
    readonly 'envelope.key': Rule;
    readonly 'envelope.type': Rule;
    readonly 'envelope.seq': Rule;
    readonly 'envelope.time': Rule;
    readonly 'envelope.data': Rule;
    readonly 'envelope.ignorable': Rule;
    readonly 'seq.contiguous': Rule;
    readonly 'json.negative-zero': Rule;
    readonly 'json.non-finite': Rule;
    readonly 'json.undefined': Rule;
    readonly 'json.type': Rule;
    readonly 'json.cycle': Rule;
    readonly 'json.array-subclass': Rule;
    readonly 'json.sparse-array': Rule;
    readonly 'json.plain-object': Rule;
    readonly 'json.symbol-key': Rule;
    readonly 'json.enumerable-key': Rule;
    readonly 'legacy.header-delta': Rule;
    readonly 'legacy.mode-set': Rule;
    readonly 'legacy.reason-fallback': Rule;
    readonly 'legacy-shape.turn-start': Rule;
    readonly 'legacy-shape.turn-end': Rule;
    readonly 'legacy-shape.turn-end-kind-only': Rule;
    readonly 'legacy-shape.error-step': Rule;
    readonly 'legacy-shape.error-form': Rule;
    readonly 'legacy-shape.steering': Rule;
    readonly 'event.known-type': Rule;
    readonly 'header.shape': Rule;
    readonly 'header.reason': Rule;
    readonly 'header.config': Rule;
    readonly 'header.provider': Rule;
    readonly 'header.model': Rule;
    readonly 'header.reasoning-effort': Rule;
    readonly 'header.temperature': Rule;
    readonly 'header.max-tokens': Rule;
    readonly 'header.stop': Rule;
    readonly 'header.markers-object': Rule;
    readonly 'header.marker-key': Rule;
    readonly 'header.marker-true': Rule;
    readonly 'header.marker-backed': Rule;
    readonly 'message.id': Rule;
    readonly 'message.role': Rule;
    readonly 'message.source': Rule;
    readonly 'message.content': Rule;
    readonly 'message.model-source': Rule;
    readonly 'message.tool-source': Rule;
    readonly 'message.tool-result-block': Rule;
    readonly 'message.tool-call-ids': Rule;
    readonly 'surface.op-on-log-only': Rule;
    readonly 'surface.sources-on-log-only': Rule;
    readonly 'surface.op-missing': Rule;
    readonly 'surface.op-value': Rule;
    readonly 'surface.sources-array': Rule;
    readonly 'surface.sources-empty': Rule;
    readonly 'surface.sources-integers': Rule;
    readonly 'surface.sources-earlier': Rule;
    readonly 'surface.sources-distinct': Rule;
    readonly 'surface.replace-shape': Rule;
    readonly 'surface.replace-start': Rule;
    readonly 'surface.replace-end': Rule;
    readonly 'surface.replace-order': Rule;
    readonly 'surface.replace-coverage': Rule;
    readonly 'surface.rewrite-one': Rule;
    readonly 'surface.rewrite-target': Rule;
    readonly 'surface.rewrite-content-only': Rule;
};
export type LogRuleId = keyof typeof LOG_RULES;
/** The coded refusal of rule `id`. */
export declare function refusal(id: LogRuleId, detail: string, options?: {
    location?: ErrorLocation;
    hint?: string;
}): ReconError;
/** Throws the coded refusal of rule `id`. */
export declare function refuse(id: LogRuleId, detail: string, options?: {
    location?: ErrorLocation;
    hint?: string;
}): never;
export {};
