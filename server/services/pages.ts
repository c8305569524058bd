import { sql } from 'drizzle-orm'
import { paginate, type Paginated, type Pagination } from '../../contract/pagination'

/**
 * SQL: how many rows a paged select matches, beside each row of its page (a window over every
 * row, evaluated before the LIMIT), so the page and its total are one statement.
 */
export const matchedRows = () => sql<number>`count(*) over ()`.mapWith(Number)

/**
 * The total of a page read with `matchedRows` as `total`: from its first row; an empty first page
 * matched nothing, and an empty page past the end carries no row to say it, so it is counted
 * apart (`count`).
 */
export async function totalOf(
  rows: readonly { total: number }[],
  page: number,
  count: () => Promise<number>,
): Promise<number> {
  const [first] = rows
  if (first) return first.total
  return page > 1 ? count() : 0
}

/**
 * One page of a list shown `limt` at a time: where it starts in the rows (`offset`, `limit`), and
 * the spec's pagination once the total is counted, alone (`pagination`) or beside the page's
 * documents (`paged`). Every paged list of the API reads its page through here.
 */
export function pageOf(page: number, limt: number) {
  return {
    offset: (page - 1) * limt,
    limit: limt,
    pagination: (totalDocs: number): Pagination => paginate(totalDocs, limt, page),
    paged: <T>(docs: T[], totalDocs: number): Paginated<T> => ({
      docs,
      ...paginate(totalDocs, limt, page),
    }),
  }
}
