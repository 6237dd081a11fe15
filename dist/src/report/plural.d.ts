/** "1 property", "2 properties": a count with its noun in the right number. */
export declare function count(n: number, singular: string, plural?: string): string;
