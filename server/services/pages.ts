import type { Paged } from '../../contract/missions'

/** Where a page of a list starts, and how to describe it: the spec's totalDocs, totalPages, limt, page. */
export function pageOf(page: number, limt: number) {
  return {
    offset: (page - 1) * limt,
    limit: limt,
    paged: <T>(docs: T[], totalDocs: number): Paged<T> => ({
      docs,
      totalDocs,
      totalPages: Math.ceil(totalDocs / limt),
      limt,
      page,
    }),
  }
}

/** The page a query asked for (`?page=2`), 1 when it did not say. */
export function requestedPage(query: { page?: string }): number {
  return query.page === undefined ? 1 : Number(query.page)
}
