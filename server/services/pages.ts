import { paginate, type Paginated, type Pagination } from '../../contract/pagination'

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
