import type { Pagination } from '../../contract/pagination'
import type { ResourcePage } from '../../machines/resource/resource.machine'

/** A page of a list answered as the spec's lists are, the documents beside the pagination. */
export function pageOfDocs<T>({
  docs,
  ...pagination
}: Pagination & { docs: T[] }): ResourcePage<T[]> {
  return { data: docs, pagination }
}

/** A page of a list answered as `{ items, pagination }`. */
export function pageOfItems<T>({
  items,
  pagination,
}: {
  items: T[]
  pagination: Pagination
}): ResourcePage<T[]> {
  return { data: items, pagination }
}
