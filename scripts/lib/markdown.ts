/** Markdown helpers for the generated docs: they come out formatted as Prettier would. */

/** Text for a table cell: pipes escaped, on one line. */
export function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
}

export function code(text: string): string {
  return `\`${text}\``
}

/** A table with its columns padded to one width, the way Prettier aligns them. */
export function table(headers: readonly string[], rows: ReadonlyArray<readonly string[]>): string {
  const all = [headers, ...rows]
  const widths = headers.map((_, column) =>
    Math.max(3, ...all.map((row) => [...(row[column] ?? '')].length)),
  )
  const line = (row: readonly string[]) =>
    `| ${widths.map((width, column) => (row[column] ?? '').padEnd(width + (row[column] ?? '').length - [...(row[column] ?? '')].length)).join(' | ')} |`
  return [
    line(headers),
    `| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`,
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
