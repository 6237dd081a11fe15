/** The path of the first object inside `value` that is not frozen, or undefined when all are. */
export declare function firstUnfrozen(value: unknown, path?: string): string | undefined;
