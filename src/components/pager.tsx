import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import type { createResourceMachine } from '../../machines/resource/resource.machine'
import { selectPage, selectPagination } from '../../machines/resource/resource.selectors'
import { pager as copy } from '../copy/common'
import { useFirstAnswerDeferred } from './use-first-answer-deferred'
import './pager.css'

type PagedActor<TData> = ActorRefFrom<ReturnType<typeof createResourceMachine<TData>>>

/**
 * Previous and next page of a paged list, with "Página 2 de 5": the resource machine refuses a
 * page outside the count, and the buttons say so by being disabled.
 */
export function Pager<TData>({
  actor,
  label,
}: {
  actor: PagedActor<TData>
  /** What the list holds, for the navigation's name: 'Páginas de {label}'. */
  label: string
}) {
  // With the list it pages (see ResourceStatus).
  const pagination = useFirstAnswerDeferred(useSelector(actor, selectPagination))
  const page = useSelector(actor, selectPage)
  if (!pagination || pagination.totalPages <= 1) return null
  return (
    <nav className="pager" aria-label={copy.label(label)}>
      <button
        type="button"
        className="button button--small button--ghost"
        disabled={page <= 1}
        onClick={() => actor.send({ type: 'page.go', page: page - 1 })}
      >
        {copy.previous}
      </button>
      <span className="pager__position" aria-live="polite">
        {copy.position(page, pagination.totalPages)}
      </span>
      <button
        type="button"
        className="button button--small button--ghost"
        disabled={page >= pagination.totalPages}
        onClick={() => actor.send({ type: 'page.go', page: page + 1 })}
      >
        {copy.next}
      </button>
    </nav>
  )
}
