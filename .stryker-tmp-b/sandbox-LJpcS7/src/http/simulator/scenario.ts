/**
 * What the simulator answers: a scenario, a JSON list of `ScriptedReply` (the loop's
 * scripted replies as data). The reply to a request is the one numbered by how many
 * assistant messages the request already holds, so each conversation walks the script
 * from its start: a reference run and a mutant run can share one simulator, and a retried
 * request gets the same reply. Past the end of the script comes a default reply.
 */
// @ts-nocheck

import { ReconError } from '../../errors.ts';
import type { ScriptedReply } from '../../loop/index.ts';

const DEFAULT_REPLY: ScriptedReply = { text: 'This is the recon simulator; its script has no more replies for this conversation.' };

const FINISHES = new Set(['stop', 'tool-calls', 'max-tokens', 'error']);

/** The scenario in `text`, checked field by field; `SIMULATOR_SCENARIO` names the first bad reply. */
export function parseScenario(text: string, file?: string): ScriptedReply[] {
  const refuse = (detail: string) => new ReconError('SIMULATOR_SCENARIO', detail, { location: file === undefined ? {} : { file } });
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw refuse(`not JSON: ${(error as Error).message}`);
  }
  if (!Array.isArray(value)) throw refuse('a scenario is a JSON list of scripted replies');
  value.forEach((reply: unknown, index) => {
    const problem = replyProblem(reply);
    if (problem !== undefined) throw refuse(`reply ${index + 1}: ${problem}`);
  });
  return value as ScriptedReply[];
}

function replyProblem(reply: unknown): string | undefined {
  if (typeof reply !== 'object' || reply === null || Array.isArray(reply)) return 'is not an object';
  const r = reply as Record<string, unknown>;
  const unknown = Object.keys(r).find((key) => !['reasoning', 'text', 'toolCalls', 'usage', 'finish', 'error', 'chunkSize'].includes(key));
  if (unknown !== undefined) return `has an unknown field "${unknown}"`;
  if (r['text'] !== undefined && typeof r['text'] !== 'string') return 'text must be a string';
  if (r['reasoning'] !== undefined && typeof r['reasoning'] !== 'string') return 'reasoning must be a string';
  if (r['finish'] !== undefined && !FINISHES.has(r['finish'] as string)) return `finish must be one of ${[...FINISHES].join(', ')}`;
  if (r['chunkSize'] !== undefined && !(Number.isSafeInteger(r['chunkSize']) && (r['chunkSize'] as number) > 0)) return 'chunkSize must be a positive whole number';
  const calls = r['toolCalls'];
  if (calls === undefined) return undefined;
  if (!Array.isArray(calls)) return 'toolCalls must be a list';
  const bad = calls.findIndex((c: Record<string, unknown>) => typeof c?.['name'] !== 'string' || typeof c['arguments'] !== 'string' || (c['id'] !== undefined && typeof c['id'] !== 'string'));
  return bad === -1 ? undefined : `toolCalls[${bad}] needs a string name and string arguments (and an optional string id)`;
}

/** The reply to a request body: numbered by the assistant messages it holds. */
export function replyFor(replies: readonly ScriptedReply[], body: Readonly<Record<string, unknown>>): { readonly reply: ScriptedReply; readonly position: number } {
  const messages = Array.isArray(body['messages']) ? (body['messages'] as unknown[]) : [];
  const position = messages.filter((m) => (m as Record<string, unknown> | null)?.['role'] === 'assistant').length;
  return { reply: replies[position] ?? DEFAULT_REPLY, position };
}
