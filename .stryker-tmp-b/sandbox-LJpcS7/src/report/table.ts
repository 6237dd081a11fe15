/** A plain-text table: columns padded to their widest cell; numbers right-aligned. */
// @ts-nocheck

export function formatTable(header: readonly string[], rows: ReadonlyArray<readonly (string | number)[]>, indent = ''): string {
  const cells = [header, ...rows.map((row) => row.map(String))];
  const numeric = header.map((_, c) => rows.length > 0 && rows.every((row) => typeof row[c] === 'number'));
  const widths = header.map((_, c) => Math.max(...cells.map((row) => (row[c] ?? '').length)));
  const line = (row: readonly string[]) =>
    indent +
    row
      .map((cell, c) => (numeric[c] ? cell.padStart(widths[c]!) : cell.padEnd(widths[c]!)))
      .join('  ')
      .trimEnd();
  return [line(header), line(widths.map((w) => '─'.repeat(w))), ...cells.slice(1).map(line)].join('\n') + '\n';
}

/** A ratio as a percentage with one decimal, or "n/a" when unknown. */
export function percent(ratio: number | null | undefined): string {
  return ratio === null || ratio === undefined ? 'n/a' : `${(ratio * 100).toFixed(1)}%`;
}
