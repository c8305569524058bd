/**
 * Rows as an aligned plain-text table for a terminal, two spaces between columns. Columns listed
 * in `right` are right-aligned (counts); the others are left-aligned.
 */
export function textTable(
  rows: ReadonlyArray<readonly string[]>,
  right: readonly number[] = [],
): string {
  const widths = (rows[0] ?? []).map((_, column) =>
    Math.max(...rows.map((row) => (row[column] ?? '').length)),
  )
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          right.includes(column)
            ? cell.padStart(widths[column] ?? 0)
            : cell.padEnd(widths[column] ?? 0),
        )
        .join('  ')
        .trimEnd(),
    )
    .join('\n')
}
