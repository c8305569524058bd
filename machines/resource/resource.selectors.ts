import type { SnapshotFrom } from 'xstate'
import type { Pagination, resourceMachine } from './resource.machine'

export type ResourceSnapshot = SnapshotFrom<typeof resourceMachine>

export function selectIsLoading(snapshot: ResourceSnapshot): boolean {
  return snapshot.matches('loading')
}

/** The loaded data, typed by the caller that knows what its `load` actor returns. */
export function selectData<TData>(snapshot: ResourceSnapshot): TData | null {
  return snapshot.matches('loaded') ? (snapshot.context.data as TData) : null
}

export function selectIsEmpty(snapshot: ResourceSnapshot): boolean {
  return snapshot.matches('empty')
}

/** The Spanish message of a failed load. */
export function selectError(snapshot: ResourceSnapshot): string | null {
  return snapshot.matches('failed') ? snapshot.context.error : null
}

export function selectPagination(snapshot: ResourceSnapshot): Pagination | null {
  return snapshot.context.pagination
}

export function selectPage(snapshot: ResourceSnapshot): number {
  return snapshot.context.page
}
