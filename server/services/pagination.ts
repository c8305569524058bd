import type { Pagination } from '../../contract/pagination'

/** Where a page starts, and the spec's pagination of a list of `totalDocs`. */
export function paginate(page: number, limt: number, totalDocs: number) {
  const pagination: Pagination = {
    totalPages: Math.ceil(totalDocs / limt),
    totalDocs,
    limt,
    page,
  }
  return { offset: (page - 1) * limt, pagination }
}
