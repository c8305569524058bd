import type { SnapshotFrom } from 'xstate'
import type { Pagination, ResourceQuery, createResourceMachine } from './resource.machine'

export type ResourceSnapshot<TData = unknown> = SnapshotFrom<
  ReturnType<typeof createResourceMachine<TData>>
>

/** A spinner shows: loading, unless it is a retry behind the no-answer message. */
export function selectIsLoading<TData>(snapshot: ResourceSnapshot<TData>): boolean {
  return snapshot.matches({ loading: 'waiting' })
}

/** The loaded data (kept while a reload or another page loads), or null. */
export function selectData<TData>(snapshot: ResourceSnapshot<TData>): TData | null {
  return snapshot.context.data
}

export function selectIsEmpty<TData>(snapshot: ResourceSnapshot<TData>): boolean {
  return snapshot.matches('empty')
}

/**
 * The Spanish message of a failed load; after no answer it stays shown while the loader tries
 * again by itself.
 */
export function selectError<TData>(snapshot: ResourceSnapshot<TData>): string | null {
  const shown =
    snapshot.matches('failed') ||
    snapshot.matches('offline') ||
    snapshot.matches({ loading: 'retrying' })
  return shown ? snapshot.context.error : null
}

export function selectPagination<TData>(snapshot: ResourceSnapshot<TData>): Pagination | null {
  return snapshot.context.pagination
}

export function selectPage<TData>(snapshot: ResourceSnapshot<TData>): number {
  return snapshot.context.page
}

/** The list's filters as last applied: what the filter form and the page's URL show. */
export function selectQuery<TData, TQuery extends object>(
  snapshot: SnapshotFrom<ReturnType<typeof createResourceMachine<TData, TQuery>>>,
): ResourceQuery<TQuery> {
  return snapshot.context.query
}
