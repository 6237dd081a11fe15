/** "1 property", "2 properties": a count with its noun in the right number. */
// @ts-nocheck

export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
