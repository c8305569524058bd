import type { Pagination } from '../../contract/pagination'

/** The page a `?page=` query asks for: from 1, and 1 when absent. */
export function pageNumber(raw: string | undefined): number {
  const page = raw === undefined ? 1 : Number(raw)
  return Number.isSafeInteger(page) && page >= 1 ? page : 1
}

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
