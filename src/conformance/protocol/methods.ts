/**
 * The stdio protocol's messages as TypeScript types (docs/PROTOCOL.md; the JSON Schema
 * is schemas/protocol-v1.json). Each operation of `Implementation` is one method whose
 * params are the operation's arguments by name and whose result is its `Outcome`.
 */
import type { Implementation, Level } from '../../contract/implementation.ts';

type Operation = Exclude<keyof Implementation, 'info' | 'close'>;

interface MethodSpec {
  readonly level: Level;
  readonly operation: Operation;
  /** The names of the params, in the order the operation takes them. */
  readonly params: readonly string[];
}

export const METHODS = {
  'log/load': { level: 'log', operation: 'load', params: ['jsonl'] },
  'log/append': { level: 'log', operation: 'append', params: ['jsonl', 'events'] },
  'fold/deriveMessages': { level: 'fold', operation: 'deriveMessages', params: ['jsonl', 'prefixes'] },
  'fold/foldRequestHeader': { level: 'fold', operation: 'foldRequestHeader', params: ['jsonl', 'prefixes'] },
  'request/build': { level: 'request', operation: 'buildRequest', params: ['jsonl', 'boundaries'] },
  'wire/serialize': { level: 'wire', operation: 'serialize', params: ['request', 'provider'] },
  'wire/parseStream': { level: 'wire', operation: 'parseStream', params: ['provider', 'body', 'cuts'] },
  'loop/run': { level: 'loop', operation: 'run', params: ['scenario'] },
} as const satisfies Record<string, MethodSpec>;

export type Method = keyof typeof METHODS;

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
}
