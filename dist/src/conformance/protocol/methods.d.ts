/**
 * The stdio protocol's messages as TypeScript types (docs/PROTOCOL.md; the JSON Schema
 * is schemas/protocol-v1.json). Each operation of `Implementation` is one method whose
 * params are the operation's arguments by name and whose result is its `Outcome`.
 */
import type { Level } from '../implementation.ts';
export declare const METHODS: {
    readonly 'log/load': {
        readonly level: "log";
        readonly operation: "load";
        readonly params: readonly ["jsonl"];
    };
    readonly 'log/append': {
        readonly level: "log";
        readonly operation: "append";
        readonly params: readonly ["jsonl", "events"];
    };
    readonly 'fold/deriveMessages': {
        readonly level: "fold";
        readonly operation: "deriveMessages";
        readonly params: readonly ["jsonl", "prefixes"];
    };
    readonly 'fold/foldRequestHeader': {
        readonly level: "fold";
        readonly operation: "foldRequestHeader";
        readonly params: readonly ["jsonl", "prefixes"];
    };
    readonly 'request/build': {
        readonly level: "request";
        readonly operation: "buildRequest";
        readonly params: readonly ["jsonl", "boundaries"];
    };
    readonly 'wire/serialize': {
        readonly level: "wire";
        readonly operation: "serialize";
        readonly params: readonly ["request", "provider"];
    };
    readonly 'wire/parseStream': {
        readonly level: "wire";
        readonly operation: "parseStream";
        readonly params: readonly ["provider", "body", "cuts"];
    };
    readonly 'loop/run': {
        readonly level: "loop";
        readonly operation: "run";
        readonly params: readonly ["scenario"];
    };
};
export type Method = keyof typeof METHODS;
export type JsonRpcId = number | string;
export interface JsonRpcError {
    readonly code: number;
    readonly message: string;
    readonly data?: unknown;
}
export type JsonRpcResponse = {
    readonly jsonrpc: '2.0';
    readonly id: JsonRpcId;
    readonly result: unknown;
} | {
    readonly jsonrpc: '2.0';
    readonly id: JsonRpcId | null;
    readonly error: JsonRpcError;
};
/** The JSON-RPC 2.0 error codes the protocol uses. */
export declare const RPC_ERROR: {
    readonly PARSE: -32700;
    readonly INVALID_REQUEST: -32600;
    readonly METHOD_NOT_FOUND: -32601;
    readonly INVALID_PARAMS: -32602;
    readonly INTERNAL: -32603;
};
/** The handshake's answer: `ImplementationInfo` over the wire (never `inProcess`) plus the protocol version. */
export interface InitializeResult {
    readonly protocolVersion: number;
    readonly name: string;
    readonly version: string;
    readonly language: string;
    readonly levels: readonly Level[];
    readonly providers?: readonly string[];
}
