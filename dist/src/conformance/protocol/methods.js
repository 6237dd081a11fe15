export const METHODS = {
    'log/load': { level: 'log', operation: 'load', params: ['jsonl'] },
    'log/append': { level: 'log', operation: 'append', params: ['jsonl', 'events'] },
    'fold/deriveMessages': { level: 'fold', operation: 'deriveMessages', params: ['jsonl', 'prefixes'] },
    'fold/foldRequestHeader': { level: 'fold', operation: 'foldRequestHeader', params: ['jsonl', 'prefixes'] },
    'request/build': { level: 'request', operation: 'buildRequest', params: ['jsonl', 'boundaries'] },
    'wire/serialize': { level: 'wire', operation: 'serialize', params: ['request', 'provider'] },
    'wire/parseStream': { level: 'wire', operation: 'parseStream', params: ['provider', 'body', 'cuts'] },
    'loop/run': { level: 'loop', operation: 'run', params: ['scenario'] },
};
/** The JSON-RPC 2.0 error codes the protocol uses. */
export const RPC_ERROR = { PARSE: -32700, INVALID_REQUEST: -32600, METHOD_NOT_FOUND: -32601, INVALID_PARAMS: -32602, INTERNAL: -32603 };
