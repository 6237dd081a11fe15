export function defineProperty(property) {
    return property;
}
/** Inputs that are plain JSON values. */
export function jsonCodec() {
    return {
        encode: (input) => ({ kind: 'json', value: input }),
        decode: (payload) => (payload.kind === 'json' ? payload.value : JSON.parse(payload.jsonl)),
    };
}
