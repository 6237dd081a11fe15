/**
 * Loop scenarios whose free text is of every value class: the scenarios of scenario.ts
 * with each prompt, injection, reply text, reasoning and tool-call argument string
 * replaced by text from text.ts, and arguments written as real models write them
 * (nested objects, keys in no sorted order, compact, spaced or pretty-printed). A harness
 * that trims, normalises, re-escapes, re-serializes or truncates the history shows it here.
 */
// @ts-nocheck

import fc from 'fast-check';
import type { Scenario, ScenarioAction } from '../../src/contract/index.ts';
import type { ScriptedReply } from '../../src/loop/index.ts';
import type { Mutable } from '../../src/_internals/mutable.ts';
import { linearScenario } from './scenario.ts';
import { anyText, textOf } from './text.ts';

type Style = 'compact' | 'spaced' | 'pretty';

/** Tool-call arguments: a JSON object with nested values, in one of the layouts models emit. */
const toolArguments: fc.Arbitrary<string> = fc
  .record({
    style: fc.constantFrom<Style>('compact', 'spaced', 'pretty'),
    path: anyText,
    pattern: anyText,
    // What a write or patch tool carries: often a whole file.
    content: fc.oneof({ weight: 2, arbitrary: anyText }, { weight: 1, arbitrary: textOf('long') }),
    nested: fc.boolean(),
    limit: fc.nat(500),
  })
  .map(({ style, path, pattern, content, nested, limit }) => {
    // Keys in the order a model writes them, which is not sorted and not by length.
    const value = nested ? { path, options: { recursive: limit % 2 === 0, pattern, limit }, content, dry_run: false } : { path, content, pattern };
    return layout(value, style);
  });

function layout(value: unknown, style: Style): string {
  if (style === 'pretty') return JSON.stringify(value, null, 2);
  const compact = JSON.stringify(value);
  // JSON.stringify never puts whitespace outside strings, so a space after each structural
  // colon or comma can be found by walking the text with string state.
  return style === 'compact' ? compact : spaced(compact);
}

function spaced(json: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < json.length; i++) {
    const c = json[i]!;
    out += c;
    if (inString) {
      if (c === '\\') out += json[++i]!;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === ':' || c === ',') out += ' ';
  }
  return out;
}

/** `value` with the text of every `{type:'text'}` block inside it drawn from `texts`, in turn. */
function withTexts<T>(value: T, texts: readonly string[]): T {
  let next = 0;
  const walk = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(walk);
    if (v === null || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    if (o['type'] === 'text' && typeof o['text'] === 'string') return { ...o, text: texts[next++ % texts.length]! };
    return Object.fromEntries(Object.entries(o).map(([k, x]) => [k, walk(x)]));
  };
  return walk(value) as T;
}

/** Deltas of at most about 64 per block, so long texts do not turn into thousands of chunk events. */
function chunkSizeFor(reply: ScriptedReply): number | undefined {
  const longest = Math.max(reply.text?.length ?? 0, reply.reasoning?.length ?? 0, ...(reply.toolCalls ?? []).map((c) => c.arguments.length));
  const floor = Math.ceil(longest / 64);
  return reply.chunkSize === undefined && floor <= 1 ? undefined : Math.max(reply.chunkSize ?? 1, floor);
}

// Without fast-check's bias toward small values in the first runs: every case is a whole
// conversation, so a short run (the kill matrix's) sees as much history as a long one.
export const richScenario: fc.Arbitrary<Scenario> = fc.noBias(linearScenario).chain((s) => {
  const prompts = s.actions.filter((a) => a.do === 'prompt');
  return fc
    .record({
      prompts: fc.array(anyText, { minLength: prompts.length, maxLength: prompts.length }),
      injected: fc.array(anyText, { minLength: prompts.length, maxLength: prompts.length }),
      // Most scenarios restart once more right after one of their first two prompts and again
      // before the last, so history written by one loop instance is read back by the next.
      restartAfter: fc.option(fc.nat(), { freq: 3 }),
      replies: fc.tuple(
        ...s.replies.map((r) =>
          fc.record({
            text: anyText,
            reasoning: anyText,
            args: fc.array(toolArguments, { minLength: r.toolCalls?.length ?? 0, maxLength: r.toolCalls?.length ?? 0 }),
            // Text for any text block a scripted call carries besides its arguments (an output the scenario chooses).
            blocks: fc.array(fc.oneof({ weight: 3, arbitrary: anyText }, { weight: 1, arbitrary: textOf('long') }), { minLength: 4, maxLength: 4 }),
          }),
        ),
      ),
    })
    .map(({ prompts: promptTexts, injected, restartAfter, replies }): Scenario => {
      let p = 0;
      const actions = s.actions.map((a): ScenarioAction => {
        if (a.do !== 'prompt') return a;
        const i = p++;
        return a.inject === undefined ? { ...a, text: promptTexts[i]! } : { ...a, text: promptTexts[i]!, inject: { ...a.inject, text: injected[i]! } };
      });
      const registered = [...s.tools.map((t) => t.name), ...s.actions.flatMap((a) => (a.do === 'registerTool' ? [a.tool.name] : []))];
      const rich = s.replies.map((r, i): ScriptedReply => {
        const { text, reasoning, args, blocks } = replies[i]!;
        const out: Mutable<ScriptedReply> = { ...r };
        if (r.text !== undefined) out.text = text;
        if (r.reasoning !== undefined) out.reasoning = reasoning;
        // Calls go to tools the scenario registers, when it has any: an unknown tool's error is the harness's text, not the conversation's.
        const name = (j: number, given: string) => (registered.length === 0 ? given : registered[(i + j) % registered.length]!);
        if (r.toolCalls !== undefined) out.toolCalls = r.toolCalls.map((call, j) => ({ ...withTexts(call, blocks), name: name(j, call.name), arguments: args[j]! }));
        const size = chunkSizeFor(out);
        if (size === undefined) delete out.chunkSize;
        else out.chunkSize = size;
        return out;
      });
      if (restartAfter !== null) {
        const after = actions.flatMap((a, i) => (a.do === 'prompt' && i < actions.length - 1 ? [i] : []));
        actions.splice(actions.length - 1, 0, { do: 'restart' });
        actions.splice(after[restartAfter % Math.min(2, after.length)]! + 1, 0, { do: 'restart' });
      }
      return { ...s, actions, replies: rich };
    });
});
