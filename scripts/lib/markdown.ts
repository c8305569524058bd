/** Markdown helpers for the generated docs: they come out formatted as Prettier would. */

/** Text for a table cell: pipes escaped, on one line. */
export function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
}

export function code(text: string): string {
  return `\`${text}\``
}

/** How many columns a cell's text takes: characters, not UTF-16 units. */
function width(text: string): number {
  return [...text].length
}

/** A table with its columns padded to one width, the way Prettier aligns them. */
export function table(headers: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const widths = headers.map((_, column) =>
    Math.max(3, ...[headers, ...rows].map((row) => width(row[column] ?? ''))),
  )
  const line = (row: readonly string[]) => {
    const cells = widths.map((columnWidth, column) => {
      const text = row[column] ?? ''
      return text + ' '.repeat(columnWidth - width(text))
    })
    return `| ${cells.join(' | ')} |`
  }
  return [
    line(headers),
    `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`,
    ...rows.map(line),
  ].join('\n')
}

/** One file's text: no run of blank lines, one newline at the end. */
export function document(parts: readonly string[]): string {
  return `${parts
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()}\n`
}
