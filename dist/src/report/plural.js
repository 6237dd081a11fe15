/** "1 property", "2 properties": a count with its noun in the right number. */
export function count(n, singular, plural = `${singular}s`) {
    return `${n} ${n === 1 ? singular : plural}`;
}
