/**
 * The stdio protocol's messages as TypeScript types (docs/PROTOCOL.md; the JSON Schema
 * is schemas/protocol-v1.json). Each operation of `Implementation` is one method whose
 * params are the operation's arguments by name and whose result is its `Outcome`.
 */
// @ts-nocheck

import type { Era } from '../../fold/index.ts';
import type { Level, LevelOperations, OperationOf, Operations } from '../../contract/implementation.ts';

/** A method: the level and operation it carries, and its params' names in the order the operation takes them. */
type MethodSpec = { readonly [L in Level]: { readonly level: L; readonly operation: OperationOf<L>; readonly params: readonly string[]; readonly optional?: readonly string[] } }[Level];

export const METHODS = {
  'log/load': { level: 'log', operation: 'load', params: ['jsonl'] },
  'log/append': { level: 'log', operation: 'append', params: ['jsonl', 'events'] },
  'log/fork': { level: 'log', operation: 'fork', params: ['jsonl', 'boundary', 'childId', 'createdAt'] },
  'fold/deriveMessages': { level: 'fold', operation: 'deriveMessages', params: ['jsonl', 'prefixes'] },
  'fold/foldRequestHeader': { level: 'fold', operation: 'foldRequestHeader', params: ['jsonl', 'prefixes'] },
  'request/build': { level: 'request', operation: 'buildRequest', params: ['jsonl', 'boundaries'] },
  'wire/serialize': { level: 'wire', operation: 'serialize', params: ['request', 'provider', 'images'], optional: ['images'] },
  'wire/parseStream': { level: 'wire', operation: 'parseStream', params: ['provider', 'body', 'cuts'] },
  'loop/run': { level: 'loop', operation: 'run', params: ['scenario'] },
} as const satisfies Record<string, MethodSpec>;

export type Method = keyof typeof METHODS;

/** Whether `name` is a method of the protocol (not `initialize` or `shutdown`). */
export function isMethod(name: string): name is Method {
  return Object.hasOwn(METHODS, name);
}

/** The operation a method carries. */
type OperationOfMethod<M extends Method> = NonNullable<Operations[(typeof METHODS)[M]['operation']]>;

/**
 * The operations of `levels`, each sending its arguments as the method that carries it:
 * the `cmd:` driver sends them to a process, the `module:` host to a worker thread.
 */
export function operationsOver(levels: readonly Level[], send: (method: Method, args: readonly unknown[]) => Promise<unknown>, optional: readonly string[] = []): Partial<Operations> {
  // The one cast of this boundary: an answer crosses it as unknown (JSON from a process, a clone
  // from a worker). The driver checks that it is an outcome (its shape, or the whole protocol
  // schema with --validate-protocol), and the properties compare every value they read with
  // their oracles, so a malformed answer fails a property instead of passing it.
  const call = <M extends Method>(method: M, args: Parameters<OperationOfMethod<M>>) => send(method, args) as ReturnType<OperationOfMethod<M>>;
  const byLevel: LevelOperations = {
    log: {
      load: (...args) => call('log/load', args),
      append: (...args) => call('log/append', args),
      // An optional operation is there only when declared: a property that needs it is n/a otherwise.
      ...(optional.includes('fork') ? { fork: (...args: Parameters<OperationOfMethod<'log/fork'>>) => call('log/fork', args) } : {}),
    },
    fold: { deriveMessages: (...args) => call('fold/deriveMessages', args), foldRequestHeader: (...args) => call('fold/foldRequestHeader', args) },
    request: { buildRequest: (...args) => call('request/build', args) },
    wire: { serialize: (...args) => call('wire/serialize', args), parseStream: (...args) => call('wire/parseStream', args) },
    loop: { run: (...args) => call('loop/run', args) },
  };
  return levels.reduce<Partial<Operations>>((operations, level) => ({ ...operations, ...byLevel[level] }), {});
}

export type JsonRpcId = number | string;

export interface JsonRpcError {
  readonly code: number;
  readonly message: string;
  readonly data?: unknown;
}

export type JsonRpcResponse =
  | { readonly jsonrpc: '2.0'; readonly id: JsonRpcId; readonly result: unknown }
  | { readonly jsonrpc: '2.0'; readonly id: JsonRpcId | null; readonly error: JsonRpcError };

/** The JSON-RPC 2.0 error codes the protocol uses. */
export const RPC_ERROR = { PARSE: -32700, INVALID_REQUEST: -32600, METHOD_NOT_FOUND: -32601, INVALID_PARAMS: -32602, INTERNAL: -32603 } as const;

/** The handshake's answer: `ImplementationInfo` over the wire (never `inProcess`) plus the protocol version. */
export interface InitializeResult {
  readonly protocolVersion: number;
  readonly name: string;
  readonly version: string;
  readonly language: string;
  readonly levels: readonly Level[];
  readonly providers?: readonly string[];
  readonly scenarioFeatures?: readonly string[];
  readonly operations?: readonly string[];
  /** The design of the rule it follows (absent: current). */
  readonly era?: Era;
}
