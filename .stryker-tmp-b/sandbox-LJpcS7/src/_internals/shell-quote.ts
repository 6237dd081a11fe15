/** One shell word: as it is when a POSIX shell would neither split nor expand it, else single-quoted. */
// @ts-nocheck

export function shellQuote(word: string): string {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replaceAll("'", `'\\''`)}'`;
}
