/** The path of the first object inside `value` that is not frozen, or undefined when all are. */
// @ts-nocheck

export function firstUnfrozen(value: unknown, path = 'value'): string | undefined {
  const stack: Array<[unknown, string]> = [[value, path]];
  while (stack.length > 0) {
    const [item, at] = stack.pop()!;
    if (typeof item !== 'object' || item === null) continue;
    if (!Object.isFrozen(item)) return at;
    for (const [key, child] of Object.entries(item)) stack.push([child, `${at}.${key}`]);
  }
  return undefined;
}
