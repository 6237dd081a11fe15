/**
 * Mutants of the session-prefix era (dsh-eras §3, §4.1): the loop gets the prefix or its
 * boundary wrong in one way, or a reader gets the era's older vocabulary wrong.
 */
// @ts-nocheck

import { Session, buildRequest, deriveEventMessage, headerEquals, type NeutralRequest } from '../../fold/index.ts';
import type { EpochHeader, HeaderReason, Message, SessionEvent } from '../../log/index.ts';
import { AgentLoop } from '../../loop/index.ts';
import { inProcess } from './define.ts';

class RecomposedEveryStepLoop extends AgentLoop {
  protected override async composePrefix(): Promise<void> {
    // The cache is never consulted: every step composes again, and the header logs each result as a change.
    this.composedPrefix = undefined;
    await super.composePrefix();
  }
}

class PrefixInHistoryLoop extends AgentLoop {
  #written = false;
  protected override async composePrefix(): Promise<void> {
    await super.composePrefix();
    if (this.#written) return;
    this.#written = true;
    for (const message of this.composedPrefix ?? []) this.log.append('user/message', message, { surfaceOp: 'append' });
  }
  protected override headerPrefix(): { readonly messagePrefix?: readonly Message[] } {
    return {};
  }
}

class PrefixNotInHeaderLoop extends AgentLoop {
  protected override headerPrefix(): { readonly messagePrefix?: readonly Message[] } {
    return {};
  }
  protected override buildLoopRequest(header: EpochHeader, messages: readonly Message[]): NeutralRequest {
    return buildRequest({ ...header, ...(this.composedPrefix === undefined || this.composedPrefix.length === 0 ? {} : { messagePrefix: this.composedPrefix }) }, messages, this.log.header.id);
  }
}

/** Recomposes every step, compares headers without their prefix, and sends the header it built. */
class PrefixChangedSilentlyLoop extends RecomposedEveryStepLoop {
  #built: EpochHeader | undefined;
  protected override headerReason(folded: EpochHeader | undefined, built: EpochHeader, first: boolean): HeaderReason | undefined {
    this.#built = built;
    if (first) return super.headerReason(folded, built, first);
    const { messagePrefix: _a, ...a } = folded ?? built;
    const { messagePrefix: _b, ...b } = built;
    return headerEquals(a, b) ? undefined : 'change';
  }
  protected override requestHeader(built: EpochHeader): EpochHeader {
    return this.#built ?? built;
  }
}

class ContextJoinsCurrentLoop extends AgentLoop {
  protected override requestMessages(): readonly Message[] {
    // The derivation at dispatch, not at the step's start: context appended since joins the request in flight.
    return this.session.deriveMessages();
  }
}

export const SESSION_PREFIX_RECOMPOSED = inProcess('session-prefix-recomposed', 'the session prefix is composed again for every step instead of once per loop instance, so a plugin whose contribution changed rewrites the head of every later request', 'per-turn data in the cached block', {
  parts: { loop: (o) => new RecomposedEveryStepLoop(o) },
});
export const SESSION_PREFIX_IN_HISTORY = inProcess('session-prefix-in-history', 'the session prefix is appended to the log as ordinary user messages instead of being recorded in the header, so it becomes history that compaction and forks carry', 'history rewritten on reload', {
  parts: { loop: (o) => new PrefixInHistoryLoop(o) },
});
export const SESSION_PREFIX_NOT_IN_HEADER = inProcess('session-prefix-not-in-header', 'the session prefix is sent but not recorded in the request/header snapshot, so no request can be rebuilt from the log', 'unlogged block', {
  parts: { loop: (o) => new PrefixNotInHeaderLoop(o) },
});
export const SESSION_PREFIX_CHANGED_SILENTLY = inProcess('session-prefix-changed-silently', 'the prefix changes inside a loop instance and the header is compared without it, so the new prefix is sent with no snapshot that records it', 'header discipline', {
  parts: { loop: (o) => new PrefixChangedSilentlyLoop(o) },
});
export const CONTEXT_JOINS_CURRENT = inProcess('context-joins-current', 'in the session-prefix era a request is derived at dispatch instead of at its step/start, so a context message appended after the boundary (an injection during a failed attempt) joins the retry', 'late injection', {
  parts: { loop: (o) => new ContextJoinsCurrentLoop(o) },
});

/**
 * A fold that reads the replace of a compaction logged under the older names (`compact/*`)
 * as ending before its `end`, as a slice does: the last message the summary shadows stays
 * in the history after it. Replaces citing a `compaction/summary` are read right.
 */
class CompactRangeMisreadSession extends Session {
  override deriveMessages(): Message[] {
    const events = this.log.events;
    const nodes: number[] = [];
    for (const event of events) {
      const op = event.surfaceOp;
      if (op === 'append') nodes.push(event.seq);
      else if (op !== undefined) {
        const from = nodes.indexOf(op.start);
        const through = nodes.indexOf(op.end) + (citesOldSummary(events, event) ? 0 : 1);
        nodes.splice(from, through - from, event.seq);
      }
    }
    return nodes.flatMap((seq) => deriveEventMessage(events[seq]!) ?? []);
  }

  override derivedMessages(): readonly Message[] {
    return this.deriveMessages();
  }
}

const citesOldSummary = (events: readonly SessionEvent[], event: SessionEvent) => event.sourceEventSeqs?.some((seq) => events[seq]?.type === 'compact/summary') === true;

export const COMPACT_RANGE_MISREAD = inProcess('compact-range-misread', 'a compaction logged under its older names (compact/*) has its replace read as ending before its end, as a slice would, so the last message the summary shadows stays in the history after the summary', 'projection', {
  info: { era: 'session-prefix' },
  parts: { session: (log) => new CompactRangeMisreadSession(log) },
});

export const SESSION_PREFIX_MUTANTS = [SESSION_PREFIX_RECOMPOSED, SESSION_PREFIX_IN_HISTORY, SESSION_PREFIX_NOT_IN_HEADER, SESSION_PREFIX_CHANGED_SILENTLY, CONTEXT_JOINS_CURRENT, COMPACT_RANGE_MISREAD];
