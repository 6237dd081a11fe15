/**
 * Faults of a process rather than of logic, served by `recon serve --misbehave <kind>`:
 * the reference with one way of not answering. They prove the driver tells a crash, a
 * hang and a protocol error apart from a wrong answer, and from each other.
 */
// @ts-nocheck

import type { Writable } from 'node:stream';
import type { ImplementationAt } from '../../contract/implementation.ts';

export const MISBEHAVIOURS = {
  crash: 'exits when it loads a log holding a surface replace (an assertion in its replace path)',
  hang: 'never answers wire/parseStream for a body fed in pieces (it waits for an end it never sees)',
  malformed: 'prints a debug line on stdout, meant for protocol messages only, before answering request/build',
} as const;

export type Misbehaviour = keyof typeof MISBEHAVIOURS;

export function misbehave(impl: ImplementationAt<'log' | 'request' | 'wire'>, kind: Misbehaviour, stdout: Writable): ImplementationAt<'log' | 'request' | 'wire'> {
  switch (kind) {
    case 'crash':
      return {
        ...impl,
        load: async (jsonl) => {
          const answer = await impl.load(jsonl);
          if (answer.ok && answer.value.events.some((e) => typeof e.surfaceOp === 'object')) process.exit(70);
          return answer;
        },
      };
    case 'hang':
      return { ...impl, parseStream: (provider, body, cuts) => (cuts.length > 0 ? new Promise(() => undefined) : impl.parseStream(provider, body, cuts)) };
    case 'malformed':
      return {
        ...impl,
        buildRequest: (jsonl, boundaries) => {
          stdout.write(`building ${boundaries.length} requests\n`);
          return impl.buildRequest(jsonl, boundaries);
        },
      };
  }
}
