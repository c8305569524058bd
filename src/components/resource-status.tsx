import { useMemo, type ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { createResourceMachine } from '../../machines/resource/resource.machine'
import {
  selectData,
  selectError,
  selectIsEmpty,
  selectIsLoading,
} from '../../machines/resource/resource.selectors'
import { common } from '../copy/common'
import { Spinner } from './spinner'
import { useFirstAnswerDeferred } from './use-first-answer-deferred'
import { RetryPanel } from './retry'

type ResourceActor<TData> = ActorRefFrom<ReturnType<typeof createResourceMachine<TData>>>

/**
 * Every state of a resource machine, the one way views show loaded data: a spinner while it
 * loads, the `empty` text when there is nothing, the error with a retry when the call failed,
 * and `children` with the data once loaded (also while a reload or another page is on its way).
 * The first answer is rendered deferred, the spinner kept meanwhile (`useFirstAnswerDeferred`).
 */
export function ResourceStatus<TData>({
  actor,
  loading,
  empty,
  failed = common.loadFailed,
  children,
}: {
  actor: ResourceActor<TData>
  /** Announced while loading. */
  loading: string
  /** Shown when the server answers with nothing. */
  empty: string
  /** Shown above the server's message when the call failed. */
  failed?: string
  children: (data: NonNullable<TData>) => ReactNode
}) {
  const latest = useSelector(actor, selectData)
  const data = useFirstAnswerDeferred(latest)
  const isLoading = useSelector(actor, selectIsLoading)
  const isEmpty = useSelector(actor, selectIsEmpty)
  const error = useSelector(actor, selectError)
  // Rendered again only for new data or new children: not when only the loading flag or the
  // deferred copy changed.
  const content = useMemo(
    () => (data === null ? null : children(data as NonNullable<TData>)),
    [data, children],
  )

  if (error !== null) {
    return (
      <RetryPanel
        title={failed}
        error={error}
        onRetry={() => actor.send({ type: 'resource.retry' })}
      />
    )
  }
  if (isEmpty) {
    return (
      <div className="status-panel">
        <p>{empty}</p>
      </div>
    )
  }
  if (data !== null) return content
  return isLoading || (latest !== null && latest !== undefined) ? <Spinner label={loading} /> : null
}

/**
 * Whether ResourceStatus shows the resource's answer (its data, the empty text or the error) and no
 * longer the spinner. What a page shows under a loading card appears only then: shown earlier, it
 * would be in view, then pushed down by the answer (decision 018).
 */
export function useResourceAnswered<TData>(actor: ResourceActor<TData>): boolean {
  // Read as ResourceStatus reads it, so both change in the same commit.
  const data = useFirstAnswerDeferred(useSelector(actor, selectData))
  const isEmpty = useSelector(actor, selectIsEmpty)
  const error = useSelector(actor, selectError)
  return data !== null || isEmpty || error !== null
}
