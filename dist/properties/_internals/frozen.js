/** The path of the first object inside `value` that is not frozen, or undefined when all are. */
export function firstUnfrozen(value, path = 'value') {
    const stack = [[value, path]];
    while (stack.length > 0) {
        const [item, at] = stack.pop();
        if (typeof item !== 'object' || item === null)
            continue;
        if (!Object.isFrozen(item))
            return at;
        for (const [key, child] of Object.entries(item))
            stack.push([child, `${at}.${key}`]);
    }
    return undefined;
}
