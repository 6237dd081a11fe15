/**
 * The history a request carries is the conversation as it happened (spec §2.1, §3.1,
 * §4.5): projection does no framing and mints nothing, and an assistant message holds the
 * blocks the model streamed. Checked against the scenario itself, an oracle independent of
 * the implementation's log, so a harness that rewrites text before or after it is logged,
 * or when it reads its history back after a restart, is caught either way.
 */
// @ts-nocheck

import type { ImplementationAt, LoopRun, Scenario } from '../src/contract/index.ts';
import { FALLBACK_REPLY, scenarioToolOutput } from '../src/contract/scenario.ts';
import type { NeutralRequest } from '../src/fold/index.ts';
import { eventsOf, type ContentBlock, type Message, type SessionEvent } from '../src/log/index.ts';
import type { ScriptedReply } from '../src/loop/index.ts';
import { richScenario } from './arbitraries/rich-scenario.ts';
import { textLabels } from './arbitraries/text.ts';
import { fail, must } from './_internals/failure.ts';
import { parseLog } from './_internals/oracle.ts';
import { loopProperty } from './_internals/loop-property.ts';
import { defineProperty, jsonCodec } from './_internals/property.ts';

/**
 * Every text the conversation produced: what the user typed or injected, what the model
 * streamed, what the tools returned. Scenario text is taken from every string the scenario
 * holds (prompts, replies, trims, and any text a later scenario field carries), plus what
 * the contract derives from it: each tool's `<name>(<arguments>)` and the fallback reply.
 */
interface Produced {
  readonly texts: ReadonlySet<string>;
  readonly arguments: ReadonlySet<string>;
}

function produced(s: Scenario): Produced {
  const calls = s.replies.flatMap((r) => r.toolCalls ?? []);
  const derived = calls.flatMap((c) => [scenarioToolOutput(c.name, c.arguments), scenarioToolOutput(c.name, compact(c.arguments))]);
  return { texts: new Set([...stringsIn(s), ...derived, ...(FALLBACK_REPLY.text === undefined ? [] : [FALLBACK_REPLY.text])]), arguments: new Set(calls.map((c) => c.arguments)) };
}

function stringsIn(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsIn);
  if (value !== null && typeof value === 'object') return Object.values(value).flatMap(stringsIn);
  return [];
}

/** A tool that is handed parsed arguments (as DSH's are) can only answer with them re-serialized: the contract's output either way. */
function compact(json: string): string {
  try {
    return JSON.stringify(JSON.parse(json));
  } catch {
    return json;
  }
}

/** The first text of `message` the conversation did not produce, described; undefined when every text is one it produced. */
function foreignText(message: Message, known: Produced): string | undefined {
  const show = (s: string) => JSON.stringify(s.length > 80 ? `${s.slice(0, 80)}…` : s);
  for (const block of message.content) {
    if ((block.type === 'text' || block.type === 'reasoning') && !known.texts.has(block.text)) return `a ${block.type} block ${show(block.text)}`;
    if (block.type === 'tool-call' && !known.arguments.has(block.arguments)) return `the arguments ${show(block.arguments)} of a call to ${block.name}`;
    if (block.type === 'tool-result' && block.isError !== true) {
      for (const inner of block.content) if (inner.type === 'text' && !known.texts.has(inner.text)) return `the tool output ${show(inner.text)}`;
    }
  }
  return undefined;
}

/**
 * A reply's blocks as the model streamed them (reasoning, text, tool calls), without the
 * ids a loop mints. An empty text or reasoning opens no block on a wire such as DeepSeek's
 * (spec §8.2), so empty ones are left out on both sides.
 */
function streamed(reply: ScriptedReply): Array<{ readonly type: string; readonly [field: string]: string }> {
  return [
    ...(reply.reasoning === undefined || reply.reasoning === '' ? [] : [{ type: 'reasoning', text: reply.reasoning }]),
    ...(reply.text === undefined || reply.text === '' ? [] : [{ type: 'text', text: reply.text }]),
    ...(reply.toolCalls ?? []).map((c) => ({ type: 'tool-call', name: c.name, arguments: c.arguments })),
  ];
}

const withoutIds = (content: readonly ContentBlock[]): object[] =>
  content.flatMap((b): object[] =>
    b.type === 'tool-call' ? [{ type: b.type, name: b.name, arguments: b.arguments }] : b.type === 'text' || b.type === 'reasoning' ? (b.text === '' ? [] : [{ type: b.type, text: b.text }]) : [b],
  );

/** Each reply as the model streamed it; a cut-off one (max-tokens) also without its tool calls, which a loop may drop (spec §4.5). */
function streamedReplies(s: Scenario): Set<string> {
  return new Set(
    [...s.replies, FALLBACK_REPLY].flatMap((reply) => {
      const blocks = streamed(reply);
      const uncalled = blocks.filter((b) => b.type !== 'tool-call');
      return (reply.finish === 'max-tokens' ? [blocks, uncalled] : [blocks]).map((b) => JSON.stringify(b));
    }),
  );
}

/** Ids of assistant messages a cancellation or crash cut short: they hold only what streamed before the cut. */
function interruptedIds(events: readonly SessionEvent[]): Set<string> {
  return new Set(events.filter(eventsOf('assistant/message')).filter((e) => e.data.interrupted === true).map((e) => e.data.message.id));
}

/** The free text a scenario puts in the history: prompts, injections, replies and arguments (for the statistics). */
function historyTexts(s: Scenario): string[] {
  const prompts = s.actions.flatMap((a) => (a.do !== 'prompt' ? [] : a.inject === undefined ? [a.text] : [a.text, a.inject.text]));
  return [...prompts, ...s.replies.flatMap((r) => [...[r.text, r.reasoning].filter((t): t is string => t !== undefined), ...(r.toolCalls ?? []).map((c) => c.arguments)])];
}

/** What the scenario's registered tools answer to the calls its replies make: the text a call carries, else `<name>(<arguments>)`. */
function toolOutputs(s: Scenario): string[] {
  const registered = new Set([...s.tools.map((t) => t.name), ...s.actions.flatMap((a) => (a.do === 'registerTool' ? [a.tool.name] : []))]);
  return s.replies.flatMap((r) =>
    (r.toolCalls ?? []).filter((c) => registered.has(c.name)).flatMap(({ name, arguments: args, id: _id, ...rest }) => {
      const chosen = stringsIn(rest);
      return chosen.length > 0 ? chosen : [scenarioToolOutput(name, args)];
    }),
  );
}

async function observe(impl: ImplementationAt<'loop'>, s: Scenario): Promise<{ run: LoopRun; events: readonly SessionEvent[] }> {
  const run = must(await impl.run(s), 'running the scenario');
  try {
    return { run, events: parseLog(run.jsonl).events };
  } catch (error) {
    return fail(`the log the loop wrote does not load: ${(error as Error).message}`);
  }
}

export const LOOP_HISTORY_VERBATIM = loopProperty(defineProperty({
  id: 'LOOP-HISTORY-VERBATIM',
  title: 'every request carries the conversation verbatim, before and after a restart: each text, argument and tool output in it is one the conversation produced, byte for byte, and each assistant message is a reply as the model streamed it',
  clause: 'RULE-1.1, FOLD-1.2 (projection adds and changes nothing), LOOP-4.1, LOOP-5.2',
  levels: ['loop'],
  weight: 0.5,
  arbitrary: richScenario,
  labels: (s: Scenario) => ({
    restart: s.actions.some((a) => a.do === 'restart'),
    'tool calls': s.replies.some((r) => (r.toolCalls?.length ?? 0) > 0),
    ...textLabels(historyTexts(s), 'history'),
    'long tool output': toolOutputs(s).some((t) => t.length >= 2_000),
  }),
  floors: { restart: 0.2, 'tool calls': 0.5, 'history: whitespace edges': 0.3, 'history: non-ASCII': 0.3, 'history: combining': 0.3, 'history: JSON-special': 0.3, 'history: long': 0.1, 'long tool output': 0.2 },
  codec: jsonCodec<Scenario>(),
  async check(impl, s) {
    const { run, events } = await observe(impl, s);
    const known = produced(s);
    const cut = interruptedIds(events);
    const inRequest = (r: NeutralRequest, i: number) => `request ${i + 1} of ${run.requests.length}`;
    run.requests.forEach((request, i) => {
      for (const message of request.messages) {
        // Plugin context (a compaction summary, a runtime snapshot) is the harness's own text.
        if (message.source.kind === 'plugin' || cut.has(message.id)) continue;
        const foreign = foreignText(message, known);
        if (foreign !== undefined) fail(`${inRequest(request, i)} carries ${foreign} in a ${message.role} message, which the conversation never produced (the history was rewritten, or text was added that the log cannot explain)`);
      }
    });
    // Each assistant message is one of the replies, block for block, as the model streamed it.
    const replies = streamedReplies(s);
    run.requests.forEach((request, i) => {
      for (const message of request.messages) {
        if (message.role !== 'assistant' || cut.has(message.id)) continue;
        const shown = withoutIds(message.content);
        if (shown.length > 0 && !replies.has(JSON.stringify(shown))) {
          fail(`${inRequest(request, i)} carries an assistant message that is none of the replies as the model streamed them (blocks dropped, merged or rewritten): ${JSON.stringify(shown).slice(0, 200)}`);
        }
      }
    });
  },
}));

export const HISTORY_PROPERTIES = [LOOP_HISTORY_VERBATIM];
