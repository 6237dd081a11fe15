/**
 * Loop scenarios planned attempt by attempt, so that what happens between attempts is
 * reached on purpose rather than by chance: every turn is one to three steps, each step
 * fails up to `maxRetries` times before its reply comes (a tool call, so another step
 * follows, or the last step's text), and the scenario knows which request each reply
 * answers. A turn's header change lands while an attempt of its choosing is in flight —
 * most often one that fails and is retried, else any, the last attempt of a step before the
 * next step included. Between turns: compactions (always followed by more turns with tool
 * steps), restarts whose log a write cut short left torn, drift, header changes, and tool
 * registrations that take an existing name again.
 */
import fc from 'fast-check';
import { FALLBACK_REPLY, type HeaderChange, type Scenario, type ScenarioAction, type ScenarioReply } from '../../src/contract/index.ts';
import { SCENARIO_DEFAULTS, configWalk, headerChange, overrideConfigs, overrideStops, restartRoutes, routeFields, tool, tornBytes, withDamageAndReuse, withWalk } from './scenario.ts';
import { independently } from '../_internals/independent.ts';
import { anyText } from './text.ts';

/** What happens before a turn (a compaction only where there is history to summarize). */
type Between = { readonly kind: 'compact' } | { readonly kind: 'restart'; readonly torn: string | null; readonly system: string | null } | { readonly kind: 'change'; readonly action: HeaderChange };

const between: fc.Arbitrary<Between> = fc.oneof(
  { weight: 2, arbitrary: fc.constant<Between>({ kind: 'compact' }) },
  { weight: 2, arbitrary: fc.record({ torn: fc.option(tornBytes, { freq: 3 }), system: fc.option(anyText, { freq: 4 }) }).map((r): Between => ({ kind: 'restart', ...r })) },
  { weight: 2, arbitrary: headerChange.map((action): Between => ({ kind: 'change', action })) },
);

const turn = fc.record({
  text: anyText,
  reply: anyText,
  // Per step, how many of its attempts fail before one succeeds.
  steps: fc.array(fc.nat(2), { minLength: 1, maxLength: 3 }),
  change: fc.option(fc.record({ pick: fc.nat(), retried: fc.nat(2).map((n) => n > 0), action: headerChange }), { freq: 5 }),
  before: fc.array(between, { maxLength: 2 }),
});

const FAILED: ScenarioReply = { text: 'partial', finish: 'error', error: { message: 'overloaded', code: 'OVERLOADED' } };
export const TIMED_SESSION = 'timed-session';

export const timedScenario: fc.Arbitrary<Scenario> = fc
  .record({
    system: anyText,
    tools: fc.uniqueArray(tool, { minLength: 1, maxLength: 3, selector: (t) => t.name }),
    maxRetries: fc.integer({ min: 1, max: 2 }),
    turns: fc.array(turn, { minLength: 2, maxLength: 4 }),
    reuse: fc.array(fc.option(fc.nat(), { freq: 2 }), { maxLength: 8 }),
    overrides: independently('overrides', overrideConfigs),
    // In four scenarios of five a walk of configs, each the one in force with one field changed
    // (withWalk): drawn apart, so the other scenarios stay as they were.
    walk: independently('walk', fc.option(configWalk, { freq: 4, nil: null })),
    routes: independently('routes', restartRoutes),
    stops: independently('stops', overrideStops),
    initial: independently('initial', fc.option(routeFields, { freq: 4 })),
  })
  .map(({ system, tools, maxRetries, turns, reuse, overrides, walk, routes, stops, initial }) => {
    const actions: ScenarioAction[] = [];
    const replies: ScenarioReply[] = [];
    turns.forEach((t, i) => {
      for (const b of t.before) {
        if (b.kind === 'compact') {
          // Before the first turn there is nothing to summarize, and no summary call.
          if (i === 0) continue;
          actions.push({ do: 'compact' });
          replies.push({ text: `summary ${i}` });
        } else if (b.kind === 'restart') actions.push({ do: 'restart', ...(b.torn === null ? {} : { torn: b.torn }), ...(b.system === null ? {} : { system: b.system }) });
        else actions.push(b.action);
      }
      const attempts: boolean[] = []; // per attempt of the turn: whether it fails
      t.steps.forEach((f, j) => {
        for (let k = 0; k < Math.min(f, maxRetries); k++) {
          attempts.push(true);
          replies.push(FAILED);
        }
        attempts.push(false);
        const last = j === t.steps.length - 1;
        replies.push(last ? { text: t.reply } : { toolCalls: [{ name: tools[(i + j) % tools.length]!.name, arguments: `{"path":"step-${j + 1}"}` }] });
      });
      const failing = attempts.flatMap((failed, n) => (failed ? [n + 1] : []));
      const at = t.change === null ? undefined : t.change.retried && failing.length > 0 ? failing[t.change.pick % failing.length]! : 1 + (t.change.pick % attempts.length);
      actions.push({ do: 'prompt', text: t.text, ...(t.change === null || at === undefined ? {} : { change: { duringRequest: at, action: t.change.action } }) });
    });
    const s: Scenario = {
      scenario: 1,
      session: { id: TIMED_SESSION, createdAt: 1_700_000_000_000 },
      clock: { start: 1_700_000_000_000, step: 1 },
      route: { provider: 'deepseek', model: 'deepseek-chat' },
      defaults: { ...SCENARIO_DEFAULTS },
      system,
      tools,
      replies,
      actions,
      maxRetries,
    };
    return withWalk(withDamageAndReuse(s, { torn: [], reuse, overrides, routes, stops, initial }), walk);
  });

/**
 * Where a timed scenario's changes land, read back from its plan: each reply answers the
 * next request (a compaction's summary call included), a failed attempt is retried, a
 * tool call opens another step.
 */
export function timedLabels(s: Scenario): Record<string, boolean> {
  const labels: Record<string, boolean> = { 'change during a retried attempt': false, 'change before the next step': false, 'change in the last step': false, 'tool steps after a compaction': false, 'torn restart': false };
  if (s.session.id !== TIMED_SESSION) return {};
  let next = 0;
  let compacted = false;
  for (const a of s.actions) {
    if (a.do === 'compact') {
      next++;
      compacted = true;
    }
    if (a.do === 'restart' && a.torn !== undefined) labels['torn restart'] = true;
    if (a.do !== 'prompt') continue;
    for (let n = 1; ; n++) {
      const reply = s.replies[next++] ?? FALLBACK_REPLY;
      const changed = n === a.change?.duringRequest;
      if (reply.finish === 'error') {
        if (changed) labels['change during a retried attempt'] = true;
        continue;
      }
      if ((reply.toolCalls?.length ?? 0) > 0) {
        if (changed) labels['change before the next step'] = true;
        if (compacted) labels['tool steps after a compaction'] = true;
        continue;
      }
      if (changed) labels['change in the last step'] = true;
      break;
    }
    compacted = false;
  }
  return labels;
}
