export const SCENARIO_VERSION = 1;
export const FALLBACK_REPLY = { text: 'done' };
/** The text every scenario tool answers with. */
export function scenarioToolOutput(name, argumentsJson) {
    return `${name}(${argumentsJson})`;
}
