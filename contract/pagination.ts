import * as v from 'valibot'
import { validationMessages as m } from './messages'

/** `?page=` of a paged list: a page number from 1, as text (query values are text). */
export const pageField = v.optional(
  v.pipe(v.string(m.page), v.trim(), v.regex(/^[1-9]\d{0,5}$/, m.page)),
)

/** The page number a validated `?page=` names (1 when absent). */
export function pageNumber(page: string | undefined): number {
  return page === undefined ? 1 : Number(page)
}

/** The spec's list pagination; `limt` is the page size, spelt this way by the API. */
export const pagination = v.object({
  totalPages: v.number(),
  totalDocs: v.number(),
  limt: v.number(),
  page: v.number(),
})
export type Pagination = v.InferOutput<typeof pagination>

/** data of a paged list: one page of items and where it sits in the whole list. */
export function paged<TItem extends v.GenericSchema>(item: TItem) {
  return v.object({ items: v.array(item), pagination })
}

/**
 * A page of a list as the spec's team lists answer it: the documents and the pagination fields
 * beside them.
 */
export function paginated<TItem extends v.GenericSchema>(item: TItem) {
  return v.object({ docs: v.array(item), ...pagination.entries })
}

export type Paginated<T> = Pagination & { docs: T[] }

/** The pagination of `totalDocs` documents shown `limt` at a time, on page `page`. */
export function paginate(totalDocs: number, limt: number, page: number): Pagination {
  return { totalPages: Math.ceil(totalDocs / limt), totalDocs, limt, page }
}
