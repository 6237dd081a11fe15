/** Fills `maxTokens` and `reasoningEffort` from the route's defaults and marks what it filled. */
export function prepareWithDefaults(proposal, defaults) {
    const config = { ...proposal };
    const marks = {};
    if (config['reasoningEffort'] === undefined && defaults.reasoningEffort !== undefined) {
        config['reasoningEffort'] = defaults.reasoningEffort;
        marks.reasoningEffort = true;
    }
    if (config['maxTokens'] === undefined && defaults.maxTokens !== undefined) {
        config['maxTokens'] = defaults.maxTokens;
        marks.maxTokens = true;
    }
    return Object.keys(marks).length === 0 ? { config: config } : { config: config, adapterDefaults: marks };
}
