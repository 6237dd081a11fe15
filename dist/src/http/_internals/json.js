/** Reading JSON whose shape is not known in advance: recorded bodies, imported files. */
export function isObject(value) {
    return typeof value === 'object' && value !== null && !Array.isArray(value);
}
/** The JSON object `text` holds; undefined when it is not JSON or not an object. */
export function jsonObject(text) {
    try {
        const value = JSON.parse(text);
        return isObject(value) ? value : undefined;
    }
    catch {
        return undefined;
    }
}
