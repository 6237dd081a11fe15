/** Reading JSON whose shape is not known in advance: recorded bodies, imported files. */
// @ts-nocheck


export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The JSON object `text` holds; undefined when it is not JSON or not an object. */
export function jsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isObject(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
