/**
 * The implementation side of the stdio protocol: answers JSON-RPC calls on `input` by
 * calling an `Implementation`, one response line per request line (docs/PROTOCOL.md).
 */
// @ts-nocheck

import type { Readable, Writable } from 'node:stream';
import { PROTOCOL_VERSION, type Implementation } from '../../contract/implementation.ts';
import { readLines } from './lines.ts';
import { METHODS, RPC_ERROR, isMethod, type InitializeResult, type JsonRpcId, type JsonRpcResponse } from './methods.ts';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

class RpcFailure extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

/** Serves `impl` until `input` ends or a `shutdown` call is answered. */
export function serveProtocol(impl: Implementation, input: Readable, output: Writable): Promise<void> {
  const { inProcess: _, ...info } = impl.info;
  const initialized: InitializeResult = { protocolVersion: PROTOCOL_VERSION, ...info };
  return new Promise((resolve) => {
    let stopping = false;
    const write = (message: unknown) => output.write(`${JSON.stringify(message)}\n`);
    const stop = () => {
      stopping = true;
      input.destroy();
      resolve();
    };
    input.on('end', stop);

    async function answer(message: unknown): Promise<JsonRpcResponse | undefined> {
      const request = isObject(message) ? message : {};
      const id = typeof request['id'] === 'number' || typeof request['id'] === 'string' ? (request['id'] as JsonRpcId) : null;
      // A notification (no id) is never answered, not even with an error.
      const notification = isObject(message) && !('id' in message);
      try {
        const { jsonrpc, method, params } = request;
        if (jsonrpc !== '2.0' || typeof method !== 'string' || !(params === undefined || isObject(params)) || (!notification && id === null)) {
          throw new RpcFailure(RPC_ERROR.INVALID_REQUEST, 'a request is an object {"jsonrpc":"2.0","id":<number or string>,"method":<string>,"params"?:<object>}');
        }
        const result = await call(method, params ?? {});
        return notification ? undefined : { jsonrpc: '2.0', id: id!, result };
      } catch (error) {
        const failure = error instanceof RpcFailure ? error : new RpcFailure(RPC_ERROR.INTERNAL, `the implementation threw: ${error instanceof Error ? `${error.name}: ${error.message}` : String(error)}`);
        return notification ? undefined : { jsonrpc: '2.0', id, error: { code: failure.code, message: failure.message } };
      }
    }

    async function call(method: string, params: Record<string, unknown>): Promise<unknown> {
      if (method === 'initialize') {
        if (params['protocolVersion'] !== PROTOCOL_VERSION) throw new RpcFailure(RPC_ERROR.INVALID_PARAMS, `this implementation speaks protocol version ${PROTOCOL_VERSION}, not ${JSON.stringify(params['protocolVersion'])}`);
        return initialized;
      }
      if (method === 'shutdown') {
        stopping = true; // later lines go unread, even those already received
        setImmediate(stop);
        return null;
      }
      const spec = isMethod(method) ? METHODS[method] : undefined;
      const operation = spec === undefined ? undefined : (impl[spec.operation] as ((...args: unknown[]) => Promise<unknown>) | undefined);
      if (spec === undefined || operation === undefined) throw new RpcFailure(RPC_ERROR.METHOD_NOT_FOUND, `method "${method}" is not served here`);
      const optional: readonly string[] = 'optional' in spec ? spec.optional : [];
      const missing = spec.params.filter((name) => params[name] === undefined && !optional.includes(name));
      if (missing.length > 0) throw new RpcFailure(RPC_ERROR.INVALID_PARAMS, `${method} needs the params ${missing.join(', ')}`);
      return operation.apply(impl, spec.params.map((name) => params[name]));
    }

    readLines(input, (line) => {
      if (stopping) return;
      let message: unknown;
      try {
        message = JSON.parse(line);
      } catch {
        write({ jsonrpc: '2.0', id: null, error: { code: RPC_ERROR.PARSE, message: 'a line is not JSON' } });
        return;
      }
      if (!Array.isArray(message)) {
        void answer(message).then((response) => response !== undefined && write(response));
      } else if (message.length === 0) {
        write({ jsonrpc: '2.0', id: null, error: { code: RPC_ERROR.INVALID_REQUEST, message: 'a batch holds at least one request' } });
      } else {
        void Promise.all(message.map(answer)).then((responses) => {
          const answered = responses.filter((r) => r !== undefined);
          if (answered.length > 0) write(answered);
        });
      }
    }, {
      // The splitter stops reading: no later line can be framed with certainty.
      onTooLong: (bytes) => write({ jsonrpc: '2.0', id: null, error: { code: RPC_ERROR.INVALID_REQUEST, message: `a line of more than ${bytes} bytes is over the line limit` } }),
    });
  });
}
