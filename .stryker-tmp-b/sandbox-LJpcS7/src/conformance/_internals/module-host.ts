/**
 * Inside the worker of `--impl module:`: imports the module, reports what it exports,
 * then runs each call it is sent and posts back the outcome or what was thrown.
 */
// @ts-nocheck

import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

export type HostReply =
  | { readonly type: 'ready'; readonly candidate: unknown }
  | { readonly type: 'unavailable'; readonly message: string }
  | { readonly type: 'result'; readonly id: number; readonly value: unknown }
  | { readonly type: 'thrown'; readonly id: number; readonly name: string; readonly message: string };

export interface HostCall {
  readonly id: number;
  readonly operation: string;
  readonly args: readonly unknown[];
}

const port = parentPort!;
const post = (reply: HostReply) => port.postMessage(reply);
let impl: Record<string, unknown>;
try {
  const module = (await import(pathToFileURL((workerData as { file: string }).file).href)) as { default?: unknown; implementation?: unknown };
  impl = (module.implementation ?? module.default) as Record<string, unknown>;
  // What the parent checks: the interface version, the info and which operations are functions.
  const shape = typeof impl === 'object' && impl !== null ? { interfaceVersion: impl['interfaceVersion'], info: impl['info'], operations: Object.keys(impl).filter((key) => typeof impl[key] === 'function') } : impl;
  post({ type: 'ready', candidate: JSON.parse(JSON.stringify(shape ?? null)) as unknown });
} catch (error) {
  post({ type: 'unavailable', message: error instanceof Error ? error.message : String(error) });
}

port.on('message', (call: HostCall) => {
  void (async () => {
    try {
      const value: unknown = await (impl[call.operation] as (...args: unknown[]) => unknown).apply(impl, [...call.args]);
      post({ type: 'result', id: call.id, value });
    } catch (error) {
      const e = error instanceof Error ? error : new Error(String(error));
      post({ type: 'thrown', id: call.id, name: e.name, message: e.message });
    }
  })().catch((error: unknown) => post({ type: 'thrown', id: call.id, name: 'DataCloneError', message: `the result cannot be sent back: ${String(error)}` }));
});
