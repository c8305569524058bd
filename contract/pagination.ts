import * as v from 'valibot'
import { validationMessages as m } from './messages'

/** `?page=` of a paged list: a page number from 1, as text (query values are text). */
export const pageField = v.optional(
  v.pipe(v.string(m.page), v.trim(), v.regex(/^[1-9]\d{0,5}$/, m.page)),
)

/**
 * A page of a list as the spec's lists answer it: the documents and the mission pagination
 * fields (`limt` is the page size, spelt this way by the spec).
 */
export function paginated<TItem extends v.GenericSchema>(item: TItem) {
  return v.object({
    docs: v.array(item),
    totalPages: v.number(),
    totalDocs: v.number(),
    limt: v.number(),
    page: v.number(),
  })
}

export type Paginated<T> = {
  docs: T[]
  totalPages: number
  totalDocs: number
  limt: number
  page: number
}

/** The page number a validated `?page=` names (1 when absent). */
export function pageNumber(page: string | undefined): number {
  return page === undefined ? 1 : Number(page)
}
