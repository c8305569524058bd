import { useMemo } from 'react'
import { useSelector } from '@xstate/react'
import { Link, useLocation } from 'react-router-dom'
import { musicCallbackMachine } from '../../../machines/music-callback/music-callback.machine'
import {
  selectCallbackError,
  selectCanRetry,
  selectIsCompleting,
} from '../../../machines/music-callback/music-callback.selectors'
import { music } from '../../copy/music'
import { usePageActor } from '../../app/use-page-actor'
import { Spinner } from '../../components/spinner'
import { musicCallbackActors } from './music-callback.actors'
import { RetryButton } from '../../components/retry'

/** /music/callback: where the music provider sends the player back; it finishes linking. */
export function Component() {
  // The query as a string: useSearchParams would pull more of the router into the entry chunk.
  const query = useLocation().search
  const read = new URLSearchParams(query)
  // Opened by hand, not by the provider: there is nothing to finish.
  if (!read.has('code') && !read.has('error')) return <NothingToFinish />
  return <Callback key={query} query={query} />
}

function NothingToFinish() {
  return (
    <div className="page music-callback">
      <section className="card" aria-labelledby="callback-title">
        <h1 id="callback-title" className="card__title">
          {music.callbackEmptyTitle}
        </h1>
        <p>{music.callbackEmpty}</p>
        <Link className="button button--teal" to="/music">
          {music.backToMusic}
        </Link>
      </section>
    </div>
  )
}

function Callback({ query }: { query: string }) {
  const actors = useMemo(() => {
    const read = new URLSearchParams(query)
    const value = (name: string) => read.get(name) ?? undefined
    return musicCallbackActors({
      code: value('code'),
      state: value('state'),
      error: value('error'),
    })
  }, [query])
  const callback = usePageActor(musicCallbackMachine, actors)
  const completing = useSelector(callback, selectIsCompleting)
  const error = useSelector(callback, selectCallbackError)
  const canRetry = useSelector(callback, selectCanRetry)

  return (
    <div className="page music-callback">
      {completing ? (
        <section className="card" aria-label={music.callbackTitle}>
          <Spinner label={music.callbackTitle} />
        </section>
      ) : (
        <section className="card" role="alert" aria-labelledby="callback-title">
          <h1 id="callback-title" className="card__title">
            {music.callbackFailed}
          </h1>
          <p>{error}</p>
          <div className="actions">
            {canRetry ? (
              <RetryButton onRetry={() => callback.send({ type: 'link.retry' })} tone="gold" />
            ) : null}
            <Link className="button button--teal" to="/music">
              {music.backToMusic}
            </Link>
          </div>
        </section>
      )}
    </div>
  )
}
