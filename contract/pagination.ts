import * as v from 'valibot'
import { digitsField } from './fields'

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

/** `?page=`: a page number from 1 (as text, like every query value); 1 when absent. */
export const pageField = v.optional(digitsField)
