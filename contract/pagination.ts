import * as v from 'valibot'
import { validationMessages as m } from './messages'

/**
 * The pagination's Spanish message. They live with the area, not in
 * contract/messages.ts, so the entry chunk (which carries that module) does not grow with them.
 */
export const paginationMessages = {
  page: 'La página debe ser un número desde 1',
} as const

/** The spec's list pagination: `limt` is the page size, spelt this way by the API. */
export const pagination = v.object({
  totalPages: v.number(),
  totalDocs: v.number(),
  limt: v.number(),
  page: v.number(),
})
export type Pagination = v.InferOutput<typeof pagination>

/** `?page=`: a page number from 1, as digits (the first page when omitted). */
export const pageField = v.optional(
  v.pipe(v.string(m.digits), v.regex(/^[1-9]\d{0,5}$/, paginationMessages.page)),
)

/** The pagination of `totalDocs` documents shown `limt` at a time, on page `page`. */
export function paginate(totalDocs: number, limt: number, page: number): Pagination {
  return { totalPages: Math.ceil(totalDocs / limt), totalDocs, limt, page }
}
