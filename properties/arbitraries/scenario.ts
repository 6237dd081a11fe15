/**
 * Loop scenarios, generated (DESIGN §4): prompts, scripted replies with tool calls,
 * injections during a request, system prompt changes, tools registered mid-session,
 * per-call config overrides, compactions, tool-result trims, and restarts of the loop
 * over the persisted log with or without drift; and the optional features of the
 * scenario contract (retries, a crash or a header change in the middle of a turn, tool
 * outputs chosen by the scenario, replies that arrive whole, forks of the session after a
 * turn or at the end, with or without a fork override). Every free-text field —
 * system prompt, user text, injected text, reply text, reasoning, the strings inside
 * tool-call arguments, tool outputs, tool names — draws from every text value class.
 */
import fc from 'fast-check';
import type { ToolSpec } from '../../src/log/index.ts';
import type { HeaderChange, RouteConfig, Scenario, ScenarioAction, ScenarioReply, ScriptedToolOutput } from '../../src/contract/index.ts';
import { anyText, textLabels, toolName } from './text.ts';
import { independently } from '../_internals/independent.ts';

const DESCRIPTIONS = ['Run a shell command.', 'Read a file.', 'Apply a patch.', 'Search the code.'];

/** `arbitrary` in about one case of `n`, else undefined. */
const oneIn = <T>(n: number, arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.oneof({ weight: n - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary });

const toolSpec = (name: string, description: string, required: boolean): ToolSpec => ({
  name,
  description,
  parameters: { type: 'object', properties: { path: { type: 'string' }, options: { type: 'object' } }, ...(required ? { required: ['path'] } : {}) },
});

export const tool: fc.Arbitrary<ToolSpec> = fc.tuple(toolName, fc.constantFrom(...DESCRIPTIONS), fc.boolean()).map(([name, description, required]) => toolSpec(name, description, required));

/**
 * Tool-call arguments: JSON with free text inside, nested objects and arrays, in the
 * layouts real models emit (compact, indented, tab-indented). A harness must keep the
 * string as it came: re-serializing it changes the bytes of every later request.
 */
const toolArguments: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: fc.constantFrom('{}', '') },
  {
    weight: 6,
    arbitrary: fc
      .record({
        path: anyText,
        options: fc.option(fc.record({ pattern: anyText, depth: fc.nat(5), flags: fc.array(anyText, { maxLength: 2 }), nested: fc.option(fc.record({ note: anyText }), { nil: undefined }) }, { requiredKeys: ['pattern'] }), { nil: undefined }),
        layout: fc.constantFrom<undefined | number | string>(undefined, undefined, 2, '\t'),
      })
      .map(({ path, options, layout }) => JSON.stringify(options === undefined ? { path } : { path, options }, null, layout)),
  },
);

const toolOutput: fc.Arbitrary<ScriptedToolOutput> = fc
  .record({ texts: fc.array(anyText, { maxLength: 3 }), isError: fc.boolean() })
  .map(({ texts, isError }) => ({ content: texts.map((text) => ({ type: 'text' as const, text })), ...(isError ? { isError: true } : {}) }));

const call = fc.record({ name: toolName, arguments: toolArguments, output: oneIn(3, toolOutput) }).map(({ output, ...c }) => (output === undefined ? c : { ...c, output }));

/** Usage with every optional field present or absent, cache fields included. */
const usage = fc.record(
  { inputTokens: fc.nat(5000), outputTokens: fc.nat(300), cacheReadTokens: fc.nat(5000), cacheWriteTokens: fc.nat(5000), reasoningTokens: fc.nat(300) },
  { requiredKeys: ['inputTokens', 'outputTokens'] },
);

/**
 * A reply. `failing` is how many of 19 replies fail: a steady provider fails now and then,
 * a flaky one (an outage, a rate limit) about every other time, so failures and their
 * retries meet whatever else is happening in flight: an injection, a header change, a crash.
 */
const replyOf = (failing: number): fc.Arbitrary<ScenarioReply> => fc
  .record({
    reasoning: fc.option(anyText),
    text: fc.option(anyText),
    calls: fc.array(call, { maxLength: 2 }),
    usage: fc.option(usage),
    chunkSize: fc.option(fc.integer({ min: 1, max: 6 })),
    finish: fc.constantFrom<'normal' | 'error' | 'max-tokens'>(...Array<'normal'>(18 - failing).fill('normal'), ...Array<'error'>(failing).fill('error'), 'max-tokens'),
    error: fc.option(fc.record({ message: anyText, code: fc.constantFrom('SERVER_ERROR', 'OVERLOADED', 'RATE_LIMITED') })),
    whole: fc.integer({ min: 0, max: 6 }).map((n) => n === 0),
  })
  .map(({ reasoning, text, calls, usage, chunkSize, finish, error, whole }) => {
    const out: Record<string, unknown> = {};
    if (reasoning !== null) out['reasoning'] = reasoning;
    if (text !== null || (calls.length === 0 && reasoning === null)) out['text'] = text ?? 'done';
    if (calls.length > 0) out['toolCalls'] = calls;
    if (usage !== null) out['usage'] = usage;
    // Long texts stream in long deltas: thousands of one-character chunks add time, not cases.
    const longest = Math.max(0, ...[reasoning, text, ...calls.map((c) => c.arguments)].map((t) => t?.length ?? 0));
    if (chunkSize !== null) out['chunkSize'] = longest > 200 ? chunkSize * 500 : chunkSize;
    if (finish === 'error') {
      out['finish'] = 'error';
      if (error !== null) out['error'] = error;
    } else if (finish === 'max-tokens') out['finish'] = 'max-tokens';
    else if (whole) out['whole'] = true;
    return out as ScenarioReply;
  })
  // Drawn apart, so the replies drawn before stay as they were: one in ten streams no content
  // (a stop so is EMPTY_RESPONSE, a max-tokens cut an empty message), another one in ten comes whole, failures too.
  .chain((reply) => independently('reply shape', fc.integer({ min: 0, max: 9 })).map((n): ScenarioReply => (n === 0 ? emptied(reply) : n === 1 ? { ...reply, whole: true } : reply)));

/** The reply with no blocks: no reasoning, text or tool calls. */
function emptied(reply: ScenarioReply): ScenarioReply {
  const { reasoning: _r, text: _t, toolCalls: _c, chunkSize: _s, whole: _w, ...rest } = reply;
  return rest;
}

/** The route's defaults most generated scenarios declare: an override may give their very values. */
export const SCENARIO_DEFAULTS = { maxTokens: 8192, reasoningEffort: 'high' } as const;

/**
 * The route's defaults of a scenario (what the adapter fills in and marks when a proposal
 * lacks the field, docs/PROTOCOL.md): mostly both of SCENARIO_DEFAULTS, else each alone,
 * none, or both of other values. Drawn apart (`linearScenario`), so a case with the usual
 * defaults is, seed for seed, the one drawn before they varied.
 */
export const routeDefaults: fc.Arbitrary<Scenario['defaults']> = fc.oneof(
  { weight: 4, arbitrary: fc.constant({ ...SCENARIO_DEFAULTS }) },
  { weight: 1, arbitrary: fc.constant({}) },
  { weight: 1, arbitrary: fc.constant({ maxTokens: SCENARIO_DEFAULTS.maxTokens }) },
  { weight: 1, arbitrary: fc.constant({ reasoningEffort: SCENARIO_DEFAULTS.reasoningEffort }) },
  { weight: 1, arbitrary: fc.constant({ maxTokens: 1024, reasoningEffort: 'max' }) },
);

/** `arbitrary` in about four cases of five, else absent. */
const mostly = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T | undefined> => fc.option(arbitrary, { freq: 5, nil: undefined });

/**
 * The fields of a config override, each present or absent (the effort more often absent, so
 * that it often changes alone), each of every value class: the route's default value itself
 * (then only the adapter-default marker changes, spec §2.2), every effort the DeepSeek route
 * takes, stop lists empty, of one and of two entries, and two of the same length.
 */
const OVERRIDE_VALUES = {
  temperature: [0, 0.2, 1],
  maxTokens: [512, 4096, SCENARIO_DEFAULTS.maxTokens],
  reasoningEffort: ['off', 'low', SCENARIO_DEFAULTS.reasoningEffort, 'max'],
  stop: [[], ['<END>'], ['<STOP>'], ['<END>', '\n\n']],
} as const;
export type OverrideConfig = Extract<HeaderChange, { do: 'override' }>['config'] & object;

export const overrideConfig = fc
  .record({
    temperature: mostly(fc.constantFrom(...OVERRIDE_VALUES.temperature)),
    maxTokens: mostly(fc.constantFrom(...OVERRIDE_VALUES.maxTokens)),
    reasoningEffort: oneIn(3, fc.constantFrom(...OVERRIDE_VALUES.reasoningEffort)),
    stop: mostly(fc.constantFrom<string[]>(...OVERRIDE_VALUES.stop.map((stop) => [...stop]))),
  })
  .map((fields) => Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as OverrideConfig);

/** One field of a config changed: taken out, put in, or set to another value of its class (the route's default among them). */
type ConfigEdit = { readonly field: keyof typeof OVERRIDE_VALUES; readonly pick: number };
const configEdit: fc.Arbitrary<ConfigEdit> = fc.record({ field: fc.constantFrom(...(Object.keys(OVERRIDE_VALUES) as (keyof typeof OVERRIDE_VALUES)[])), pick: fc.nat() });

/**
 * `config` with `field` edited, the kind of edit drawn first so that each shows as often:
 * its presence toggled, the route's default put in where the field has one (absent, only
 * the adapter-default marker then changes), or another value of its class.
 */
function edited(config: OverrideConfig, { field, pick }: ConfigEdit): OverrideConfig {
  const now = config[field];
  const others: unknown[] = OVERRIDE_VALUES[field].filter((value) => JSON.stringify(value) !== JSON.stringify(now));
  const other = others[Math.floor(pick / 3) % others.length];
  const fallback = (SCENARIO_DEFAULTS as Record<string, unknown>)[field];
  const value = pick % 3 === 0 ? (now === undefined ? other : undefined) : pick % 3 === 1 && now === undefined && fallback !== undefined ? fallback : other;
  const { [field]: _old, ...rest } = config;
  return (value === undefined ? rest : { ...rest, [field]: structuredClone(value) }) as OverrideConfig;
}

/** Per config override of a scenario, in order, the config it gives (one that stops stays null): drawn apart, like torn bytes. */
export const overrideConfigs = fc.array(overrideConfig, { minLength: 8, maxLength: 8 });

/** A first config and the edits of a walk (see withWalk); `fresh` walks start over in a new loop instance from an empty override. */
export const configWalk = fc.record({ first: overrideConfig, edits: fc.array(configEdit, { minLength: 6, maxLength: 6 }), fresh: fc.boolean() });
export type ConfigWalk = { readonly first: OverrideConfig; readonly edits: readonly ConfigEdit[]; readonly fresh?: boolean };

/**
 * The scenario with the walk's first config before its first prompt, then, after its own
 * actions, a one-request turn per edit, each after an override that is the config in force
 * (the walk's, or one a turn's change or a reused override gave since) with one field
 * changed: nothing else moves between those requests, so each header differs from the one
 * before in that field alone. A fresh walk first restarts and sends one request under an
 * empty override: a field an override leaves out is kept from the request before, so only in
 * a new instance does a field go from absent (or the route's default, marked) to given.
 */
export function withWalk(s: Scenario, walk: ConfigWalk | null): Scenario {
  if (walk === null) return s;
  let inForce: OverrideConfig | null = walk.first;
  const first = s.actions.findIndex((a) => a.do === 'prompt');
  const actions: ScenarioAction[] = first < 0 ? [...s.actions] : [...s.actions.slice(0, first), { do: 'override', config: walk.first }, ...s.actions.slice(first)];
  for (const a of actions.slice(first + 1)) {
    if (a.do === 'override') inForce = a.config;
    else if (a.do === 'prompt' && a.change?.action.do === 'override') inForce = a.change.action.config;
  }
  const replies = [...s.replies];
  if (walk.fresh === true) {
    inForce = {};
    actions.push({ do: 'restart' }, { do: 'override', config: inForce }, { do: 'prompt', text: 'walk 0' });
    replies.push({ text: 'walked 0' });
  }
  walk.edits.forEach((edit, k) => {
    inForce = edited(inForce ?? walk.first, edit);
    actions.push({ do: 'override', config: inForce }, { do: 'prompt', text: `walk ${k + 1}` });
    replies.push({ text: `walked ${k + 1}` });
  });
  return { ...s, actions, replies };
}

export const headerChange: fc.Arbitrary<HeaderChange> = fc.oneof(
  { weight: 3, arbitrary: anyText.map((text): HeaderChange => ({ do: 'setSystem', text })) },
  { weight: 1, arbitrary: tool.map((t): HeaderChange => ({ do: 'registerTool', tool: t })) },
  {
    weight: 1,
    // Its config is drawn apart (`withDamageAndReuse`): this draw only keeps every other part of the case as it was.
    arbitrary: fc
      .option(fc.record({ temperature: fc.constantFrom(0, 0.2, 1), maxTokens: fc.constantFrom(512, 4096), stop: fc.constantFrom([], ['<END>']) }, { requiredKeys: [] }))
      .map((config): HeaderChange => ({ do: 'override', config })),
  },
);

const duringRequest = fc.integer({ min: 1, max: 3 });

const prompt: fc.Arbitrary<ScenarioAction> = fc
  .record({
    text: anyText,
    inject: oneIn(2, fc.record({ text: anyText, duringRequest })),
    crash: oneIn(5, fc.record({ duringRequest, inTool: fc.boolean() }).map(({ duringRequest, inTool }) => (inTool ? { duringRequest, inTool } : { duringRequest }))),
    change: oneIn(8, fc.record({ duringRequest, action: headerChange })),
  })
  .map(({ text, inject, crash, change }): ScenarioAction => ({
    do: 'prompt',
    text,
    ...(inject === undefined ? {} : { inject }),
    ...(crash === undefined ? {} : { crash }),
    ...(change === undefined ? {} : { change }),
  }));

const action: fc.Arbitrary<ScenarioAction> = fc.oneof(
  { weight: 7, arbitrary: prompt },
  { weight: 4, arbitrary: headerChange },
  { weight: 3, arbitrary: fc.option(fc.nat(2)).map((keep): ScenarioAction => (keep === null ? { do: 'compact' } : { do: 'compact', keep })) },
  { weight: 1, arbitrary: fc.record({ call: fc.integer({ min: 1, max: 4 }), text: anyText }).map(({ call, text }): ScenarioAction => ({ do: 'trim', call, text })) },
  {
    weight: 3,
    arbitrary: fc.oneof(
      { weight: 3, arbitrary: fc.constant<ScenarioAction>({ do: 'restart' }) },
      { weight: 1, arbitrary: anyText.map((system): ScenarioAction => ({ do: 'restart', system })) },
      {
        weight: 1,
        arbitrary: fc.constantFrom<ScenarioAction>({ do: 'restart', route: { provider: 'deepseek', model: 'deepseek-reasoner' } }, { do: 'restart', route: { provider: 'deepseek', model: 'deepseek-chat', maxTokens: 2048 } }),
      },
    ),
  },
);

const retries = fc.integer({ min: 1, max: 2 });

/** The provider's replies, and the retries the harness makes: a harness facing a flaky provider mostly retries. */
const provider = fc.oneof(
  { weight: 3, arbitrary: fc.record({ replies: fc.array(replyOf(2), { maxLength: 10 }), maxRetries: oneIn(2, retries) }) },
  { weight: 1, arbitrary: fc.record({ replies: fc.array(replyOf(9), { maxLength: 10 }), maxRetries: fc.option(retries, { freq: 4, nil: undefined }) }) },
);

/** A write cut short: the first bytes of an event line, never all of it (so never a line that parses), and no newline. */
export const tornBytes: fc.Arbitrary<string> = fc.tuple(anyText, fc.nat()).map(([text, cut]) => {
  const line = JSON.stringify({ type: 'assistant/chunk', seq: 0, time: 1_700_000_000_000, data: { turn: 1, step: 1, chunk: { type: 'text-delta', text } } });
  return line.slice(0, 1 + (cut % (line.length - 1)));
});

/**
 * What is drawn apart from the rest of a scenario (so a case without them is, seed for seed,
 * the one drawn before they existed): per restart, in order, the torn bytes its log ends with
 * (feature `tornRestart`); per tool registration, in order, which name already registered it
 * takes again (a name registered twice is replaced in its place, spec LOOP-3.6).
 */
/**
 * What a route may give besides its provider: its model, this one or the other, and a max-tokens
 * present or absent (the route's default's own value among them). No effort: the protocol's
 * route is a provider and model (docs/PROTOCOL.md), and DSH's AgentOptions have no effort.
 */
export interface RouteFields {
  readonly maxTokens?: number;
  readonly otherModel: boolean;
}
export const routeFields: fc.Arbitrary<RouteFields> = fc
  .record({ maxTokens: oneIn(2, fc.constantFrom(2048, SCENARIO_DEFAULTS.maxTokens)), otherModel: fc.nat(3).map((n) => n === 0) })
  .map(({ maxTokens, otherModel }) => ({ otherModel, ...(maxTokens === undefined ? {} : { maxTokens }) }));

/** Per config override between turns, in order, whether it stops the merging (config null) instead: what it gave is then no longer given. */
export const overrideStops = fc.array(fc.integer({ min: 0, max: 3 }).map((n) => n === 0), { minLength: 8, maxLength: 8 });

/** Per restart, in order, the route it goes to with these fields (null: the route as it was drawn). */
export const restartRoutes = fc.array(fc.option(routeFields, { freq: 4 }), { minLength: 8, maxLength: 8 });

const damageAndReuse = fc.record({
  torn: fc.array(fc.option(tornBytes, { freq: 2 }), { maxLength: 8 }),
  reuse: fc.array(fc.option(fc.nat(), { freq: 2 }), { maxLength: 8 }),
  overrides: overrideConfigs,
  routes: restartRoutes,
  stops: overrideStops,
  initial: fc.option(routeFields, { freq: 4 }),
});

const MODELS = ['deepseek-chat', 'deepseek-reasoner'];

/** `base` with the model it names or the other one, and these config fields. */
function withFields(base: RouteConfig, { otherModel, ...config }: RouteFields): RouteConfig {
  return { provider: base.provider, model: otherModel ? (MODELS.find((m) => m !== base.model) ?? base.model) : base.model, ...config };
}

/** The route in force after `a`: a restart or fork that names one moves it, anything else keeps it. */
const nextRoute = (route: RouteConfig, a: ScenarioAction): RouteConfig => ((a.do === 'restart' || a.do === 'fork') && a.route !== undefined ? a.route : route);

export function withDamageAndReuse(
  scenario: Scenario,
  { torn, reuse, overrides = [], routes = [], stops = [], initial = null }: { readonly torn: readonly (string | null)[]; readonly reuse: readonly (number | null)[]; readonly overrides?: ReadonlyArray<Extract<HeaderChange, { do: 'override' }>['config']>; readonly routes?: readonly (RouteFields | null)[]; readonly stops?: readonly boolean[]; readonly initial?: RouteFields | null },
): Scenario {
  const s = initial === null ? scenario : { ...scenario, route: withFields(scenario.route, initial) };
  const names = s.tools.map((t) => t.name);
  // The route in force, which a restart without one keeps.
  let route: RouteConfig = s.route;
  const rerouted = (a: Extract<ScenarioAction, { do: 'restart' }>, fields: RouteFields | null): Extract<ScenarioAction, { do: 'restart' }> => (fields === null ? a : { ...a, route: withFields(a.route ?? route, fields) });
  let restarts = 0;
  let registrations = 0;
  // An override of one field edits the override in force: that field alone changes, so each
  // field's comparison is what decides whether the header changed (stop lists of one length included).
  let active: Extract<HeaderChange, { do: 'override' }>['config'] = null;
  let given = 0;
  let overridden = 0;
  const again = (change: HeaderChange, midTurn = false): HeaderChange => {
    if (change.do === 'override') {
      // Between turns only: a change made while an attempt is in flight keeps what it gives.
      const stop = !midTurn && stops[overridden++] === true;
      const drawn = change.config === null ? null : (overrides[given++ % Math.max(1, overrides.length)] ?? change.config);
      const config = stop ? null : drawn;
      const edit = config !== null && Object.keys(config).length === 1 && active !== null;
      active = edit ? { ...active, ...config } : config;
      return { ...change, config: active };
    }
    if (change.do !== 'registerTool') return change;
    const pick = reuse[registrations++] ?? null;
    const name = pick === null || names.length === 0 ? change.tool.name : names[pick % names.length]!;
    if (!names.includes(name)) names.push(name);
    return name === change.tool.name ? change : { ...change, tool: { ...change.tool, name } };
  };
  const actions = s.actions.map((a): ScenarioAction => {
    if (a.do === 'restart') {
      const bytes = torn[restarts] ?? null;
      const restart = rerouted(a, routes[restarts++] ?? null);
      route = nextRoute(route, restart);
      return bytes === null ? restart : { ...restart, torn: bytes };
    }
    route = nextRoute(route, a);
    if (a.do === 'prompt' && a.change !== undefined) return { ...a, change: { ...a.change, action: again(a.change.action, true) } };
    return a.do === 'registerTool' || a.do === 'override' ? again(a) : a;
  });
  return { ...s, actions };
}

/** Scenarios without forks: what a property that follows one log from its start to its end plays. */
const wholeLinearScenario: fc.Arbitrary<Scenario> = fc
  .record({
    first: prompt,
    actions: fc.array(action, { minLength: 1, maxLength: 8, size: 'medium' }),
    provider,
    tools: fc.uniqueArray(tool, { maxLength: 5, selector: (t) => t.name }),
    system: anyText,
  })
  .map(({ first, actions, provider: { replies, maxRetries }, tools, system }) => ({
    scenario: 1 as const,
    session: { id: 'scenario-session', createdAt: 1_700_000_000_000 },
    clock: { start: 1_700_000_000_000, step: 1 },
    route: { provider: 'deepseek', model: 'deepseek-chat' },
    defaults: { ...SCENARIO_DEFAULTS },
    system,
    tools,
    replies,
    actions: distinctInjections([first, ...actions, { do: 'prompt', text: 'Anything else?' }]),
    ...(maxRetries === undefined ? {} : { maxRetries }),
  }));

/**
 * In about one case of two, a trim just before the last prompt, whose turn then applies it:
 * of any call the replies hold (a loop that trims the first current result, or the newest,
 * whatever the call, shows it only when there are several). Drawn apart, so every other case
 * is the one drawn without it.
 */
const lastTrim = oneIn(2, fc.record({ pick: fc.nat(), text: anyText }));

const withLastTrim = (s: Scenario, trim: { readonly pick: number; readonly text: string } | undefined): Scenario => {
  if (trim === undefined) return s;
  const calls = s.replies.reduce((n, r) => n + (r.toolCalls?.length ?? 0), 0);
  return beforeLastPrompt(s, { do: 'trim', call: 1 + (trim.pick % Math.max(1, calls)), text: trim.text });
};

const beforeLastPrompt = (s: Scenario, ...actions: ScenarioAction[]): Scenario => ({ ...s, actions: [...s.actions.slice(0, -1), ...actions, s.actions.at(-1)!] });

/**
 * Per prompt with an injection and no crash, in order, whether the process stops while the
 * request the text was injected during is in flight (in its first tool or not): the pending
 * message must then come back from the log. Drawn apart, so every other prompt stays as it was.
 */
const crashAlongInjection = fc.array(oneIn(3, fc.record({ inTool: fc.boolean(), first: fc.boolean() })), { maxLength: 10 });

function withCrashAlongInjections(s: Scenario, crashes: readonly ({ inTool: boolean; first: boolean } | undefined)[]): Scenario {
  let k = 0;
  const actions = s.actions.map((a): ScenarioAction => {
    if (a.do !== 'prompt' || a.inject === undefined || a.crash !== undefined) return a;
    const crash = crashes[k++];
    if (crash === undefined) return a;
    // Half of them at the turn's first request, which every turn reaches.
    const duringRequest = crash.first ? 1 : a.inject.duringRequest;
    return { ...a, inject: { ...a.inject, duringRequest }, crash: { duringRequest, ...(crash.inTool ? { inTool: true } : {}) } };
  });
  return { ...s, actions };
}

/**
 * In about one case of four, just before the last prompt: a turn under an override that gives
 * a reasoning effort alone, then the override stops and the process restarts on the other
 * model, so the last prompt's instance has an explicit effort in the log that it must not keep
 * (LOOP-3.3 keeps one only on the same provider and model). Drawn apart.
 */
const routeMove = oneIn(4, fc.constantFrom(...OVERRIDE_VALUES.reasoningEffort));

function withRouteMove(s: Scenario, effort: string | undefined): Scenario {
  if (effort === undefined) return s;
  const route = s.actions.reduce(nextRoute, s.route);
  const moved = beforeLastPrompt(
    s,
    { do: 'override', config: { reasoningEffort: effort } },
    { do: 'prompt', text: 'before the move' },
    { do: 'override', config: null },
    { do: 'restart', route: withFields(route, { otherModel: true }) },
  );
  return { ...moved, replies: [...s.replies, { text: 'moved' }] };
}

export const linearScenario: fc.Arbitrary<Scenario> = fc
  .tuple(wholeLinearScenario, independently('damage and reuse', damageAndReuse), independently('route defaults', routeDefaults), independently('last trim', lastTrim), independently('crash along injection', crashAlongInjection), independently('route move', routeMove))
  .map(([s, extras, defaults, trim, crashes, move]) => withRouteMove(withCrashAlongInjections(withDamageAndReuse(withLastTrim({ ...s, defaults }, trim), extras), crashes), move));

interface ForkStep {
  /** Put after the action `at` (modulo the room there is). */
  readonly at: number;
  readonly afterTurn: number | undefined;
  readonly route: RouteConfig | undefined;
  readonly system: string | undefined;
}

/** A fork after a turn or at the end, with or without a fork override. */
const forkStep: fc.Arbitrary<ForkStep> = fc.record({
  at: fc.nat(),
  afterTurn: oneIn(2, fc.integer({ min: 1, max: 3 })),
  route: oneIn(3, fc.constantFrom<RouteConfig>({ provider: 'deepseek', model: 'deepseek-reasoner' }, { provider: 'deepseek', model: 'deepseek-chat', maxTokens: 2048 })),
  system: oneIn(3, anyText),
});

/** `s` with `forks` among its actions, never after its last prompt (each child plays at least that one); child ids by position. */
function withForks(s: Scenario, forks: readonly ForkStep[]): Scenario {
  if (forks.length === 0) return s;
  const actions = [...s.actions];
  for (const { at, afterTurn, route, system } of forks) {
    actions.splice(1 + (at % (actions.length - 1)), 0, { do: 'fork', childId: '', ...(afterTurn === undefined ? {} : { afterTurn }), ...(route === undefined ? {} : { route }), ...(system === undefined ? {} : { system }) });
  }
  let n = 0;
  return { ...s, actions: actions.map((a) => (a.do === 'fork' ? { ...a, childId: `${s.session.id}-fork-${++n}` } : a)) };
}

/**
 * Loop scenarios: `linearScenario`, and in one of three one or two forks (scenario feature
 * `fork`). The forks are drawn from a random stream of their own, so a scenario without
 * forks is, seed for seed, the one `linearScenario` draws: adding forks changed no other case.
 */
export const scenario: fc.Arbitrary<Scenario> = fc
  .tuple(linearScenario, independently('forks', fc.oneof({ weight: 2, arbitrary: fc.constant([]) }, { weight: 1, arbitrary: fc.array(forkStep, { minLength: 1, maxLength: 2 }) })))
  .map(([s, forks]) => withForks(s, forks));

/** Scenarios that fork once or twice: what a property of forks plays. */
export const forkingScenario: fc.Arbitrary<Scenario> = fc.tuple(linearScenario, independently('forks', fc.array(forkStep, { minLength: 1, maxLength: 2 }))).map(([s, forks]) => withForks(s, forks));

/**
 * An injected text is told apart from the prompts by its text (LOOP-LATE-INJECTION counts
 * its copies): one equal to a prompt or to another injection gets a prefix that makes it unique.
 */
function distinctInjections(actions: ScenarioAction[]): ScenarioAction[] {
  const taken = new Set(actions.flatMap((a) => (a.do === 'prompt' ? [a.text] : [])));
  return actions.map((a) => {
    if (a.do !== 'prompt' || a.inject === undefined) return a;
    let text = a.inject.text;
    for (let n = 1; taken.has(text); n++) text = `Context ${n}: ${a.inject.text}`;
    taken.add(text);
    return { ...a, inject: { ...a.inject, text } };
  });
}

/** The strings inside a tool call's JSON arguments (the arguments themselves when they are not JSON). */
function argumentStrings(json: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch {
    return [json];
  }
  const out: string[] = [];
  const visit = (v: unknown): void => {
    if (typeof v === 'string') out.push(v);
    else if (Array.isArray(v)) v.forEach(visit);
    else if (typeof v === 'object' && v !== null) Object.values(v).forEach(visit);
  };
  visit(value);
  return out;
}

/**
 * Floors for the scenario labels, from a sample of 5 000 scenarios: 5 % for a label that
 * generation puts in at least 35 % of scenarios, at least one case in 50 (2 %) for one at
 * 25–35 %, none below (tool names take few classes; long texts and retries are rarer). A
 * floor that chance could miss would fail a sweep now and then: below 25 % it could.
 */
const FIVE_PERCENT = ['arguments: JSON-special', 'arguments: astral', 'arguments: combining', 'arguments: empty', 'arguments: long', 'arguments: non-ASCII', 'arguments: whitespace edges', 'compaction', 'error finish', 'injected: non-ASCII', 'injection', 'reasoning: JSON-special', 'reasoning: astral', 'reasoning: combining', 'reasoning: empty', 'reasoning: non-ASCII', 'reasoning: whitespace edges', 'reply: JSON-special', 'reply: astral', 'reply: combining', 'reply: empty', 'reply: non-ASCII', 'reply: whitespace edges', 'restart', 'system change', 'system: JSON-special', 'system: non-ASCII', 'tool calls', 'tool output chosen', 'tool output: error', 'tool output: non-ASCII', 'tool output: several blocks', 'usage absent', 'usage with cacheReadTokens', 'usage with cacheWriteTokens', 'usage with reasoningTokens', 'usage without cacheReadTokens', 'usage without cacheWriteTokens', 'usage without reasoningTokens', 'user: JSON-special', 'user: astral', 'user: non-ASCII', 'user: whitespace edges', 'whole reply'];
const ONE_CASE = ['header change mid-turn', 'torn restart', 'injected: JSON-special', 'injected: whitespace edges', 'restart mid-turn', 'system: astral', 'system: combining', 'system: whitespace edges', 'tool output: JSON-special', 'tool output: astral', 'tool output: combining', 'tool output: no block', 'tool output: whitespace edges', 'user: combining', 'user: empty'];
export const SCENARIO_FLOORS: Readonly<Record<string, number>> = Object.fromEntries([...FIVE_PERCENT.map((label) => [label, 0.05]), ...ONE_CASE.map((label) => [label, 0.02])]);

/** Whether a tool registration names a tool registered before it. */
function reRegisters(s: Scenario): boolean {
  const names = new Set(s.tools.map((t) => t.name));
  for (const a of s.actions) {
    const change = a.do === 'prompt' ? a.change?.action : a;
    if (change?.do !== 'registerTool') continue;
    if (names.has(change.tool.name)) return true;
    names.add(change.tool.name);
  }
  return false;
}

/** The override configs of a scenario in the order they apply (a prompt's change during its turn). */
function overridesOf(s: Scenario): Array<Extract<HeaderChange, { do: 'override' }>['config']> {
  return s.actions.flatMap((a) => [a.do === 'override' ? a : undefined, a.do === 'prompt' && a.change?.action.do === 'override' ? a.change.action : undefined]).flatMap((o) => (o === undefined ? [] : [o.config]));
}

/** Whether two override configs differ in exactly one field (absent counts as a value). */
function oneFieldApart(a: Record<string, unknown> | null, b: Record<string, unknown> | null): boolean {
  const keys = new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})]);
  return [...keys].filter((k) => JSON.stringify(a?.[k]) !== JSON.stringify(b?.[k])).length === 1;
}

/** What a scenario's config overrides exercise: each field, the route defaults' own values, a change of one field alone. */
function overrideLabels(s: Scenario): Record<string, boolean> {
  const configs = overridesOf(s);
  const given = configs.flatMap((c) => (c === null ? [] : [c]));
  return {
    'override: reasoningEffort': given.some((c) => c.reasoningEffort !== undefined),
    'override: a default value': given.some((c) => (c.maxTokens !== undefined && c.maxTokens === s.defaults.maxTokens) || (c.reasoningEffort !== undefined && c.reasoningEffort === s.defaults.reasoningEffort)),
    'override: stop of two': given.some((c) => (c.stop?.length ?? 0) > 1),
    'override: one field changed': configs.some((c, i) => oneFieldApart(i === 0 ? null : configs[i - 1]!, c)),
  };
}

/** What a scenario exercises, for the generator statistics. */
export function scenarioLabels(s: Scenario): Record<string, boolean> {
  const has = (kind: ScenarioAction['do']) => s.actions.some((a) => a.do === kind);
  const prompts = s.actions.filter((a): a is Extract<ScenarioAction, { do: 'prompt' }> => a.do === 'prompt');
  const changes = [...s.actions, ...prompts.flatMap((p) => (p.change === undefined ? [] : [p.change.action]))];
  const calls = s.replies.flatMap((r) => r.toolCalls ?? []);
  const outputs = calls.flatMap((c) => (c.output === undefined ? [] : [c.output]));
  const usages = s.replies.flatMap((r) => (r.usage === undefined ? [] : [r.usage]));
  const optional = ['cacheReadTokens', 'cacheWriteTokens', 'reasoningTokens'] as const;
  return {
    'tool calls': calls.length > 0,
    compaction: has('compact'),
    restart: has('restart'),
    fork: has('fork'),
    'fork after a turn': s.actions.some((a) => a.do === 'fork' && a.afterTurn !== undefined),
    'fork override': s.actions.some((a) => a.do === 'fork' && (a.route !== undefined || a.system !== undefined)),
    injection: prompts.some((p) => p.inject !== undefined),
    'system change': changes.some((a) => a.do === 'setSystem'),
    retries: (s.maxRetries ?? 0) > 0 && s.replies.some((r) => r.finish === 'error'),
    'restart mid-turn': prompts.some((p) => p.crash !== undefined),
    'restart during a tool': prompts.some((p) => p.crash?.inTool === true),
    'header change mid-turn': prompts.some((p) => p.change !== undefined),
    'torn restart': s.actions.some((a) => a.do === 'restart' && a.torn !== undefined),
    're-registered tool': reRegisters(s),
    'whole reply': s.replies.some((r) => r.whole === true),
    'error finish': s.replies.some((r) => r.finish === 'error'),
    'max-tokens finish': s.replies.some((r) => r.finish === 'max-tokens'),
    'tool output chosen': outputs.length > 0,
    'tool output: no block': outputs.some((o) => o.content.length === 0),
    'tool output: several blocks': outputs.some((o) => o.content.length > 1),
    'tool output: error': outputs.some((o) => o.isError === true),
    'usage absent': s.replies.some((r) => r.usage === undefined),
    'route defaults: other than both': s.defaults.maxTokens === undefined || s.defaults.reasoningEffort === undefined,
    ...overrideLabels(s),
    ...Object.fromEntries(optional.flatMap((f) => [[`usage with ${f}`, usages.some((u) => u[f] !== undefined)], [`usage without ${f}`, usages.some((u) => u[f] === undefined)]])),
    ...textLabels([s.system, ...changes.flatMap((a) => (a.do === 'setSystem' ? [a.text] : (a.do === 'restart' || a.do === 'fork') && a.system !== undefined ? [a.system] : []))], 'system'),
    ...textLabels(prompts.map((p) => p.text), 'user'),
    ...textLabels(prompts.flatMap((p) => (p.inject === undefined ? [] : [p.inject.text])), 'injected'),
    ...textLabels(s.replies.flatMap((r) => (r.text === undefined ? [] : [r.text])), 'reply'),
    ...textLabels(s.replies.flatMap((r) => (r.reasoning === undefined ? [] : [r.reasoning])), 'reasoning'),
    ...textLabels(calls.flatMap((c) => argumentStrings(c.arguments)), 'arguments'),
    ...textLabels(outputs.flatMap((o) => o.content.map((b) => b.text)), 'tool output'),
    ...textLabels([...s.tools, ...changes.flatMap((a) => (a.do === 'registerTool' ? [a.tool] : []))].map((t) => t.name), 'tool name'),
  };
}
