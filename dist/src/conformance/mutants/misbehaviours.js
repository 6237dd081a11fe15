export const MISBEHAVIOURS = {
    crash: 'exits when it loads a log holding a surface replace (an assertion in its replace path)',
    hang: 'never answers wire/parseStream for a body fed in pieces (it waits for an end it never sees)',
    malformed: 'prints a debug line on stdout, meant for protocol messages only, before answering request/build',
};
export function misbehave(impl, kind, stdout) {
    switch (kind) {
        case 'crash':
            return {
                ...impl,
                load: async (jsonl) => {
                    const answer = await impl.load(jsonl);
                    if (answer.ok && answer.value.events.some((e) => typeof e.surfaceOp === 'object'))
                        process.exit(70);
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
