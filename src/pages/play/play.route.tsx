import { useEffect, useRef, type ReactNode } from 'react'
import { useSelector } from '@xstate/react'
import { Link, useSearchParams } from 'react-router-dom'
import type { VideoMission } from '../../../contract/missions'
import {
  selectCanFinish,
  selectCanRestart,
  selectCanRetry,
  selectSecondsLeft,
  selectEnabledAt,
  selectSecondsUntilEnabled,
  selectShowsClip,
  selectVideo,
  selectVideoError,
  selectVideoStatus,
} from '../../../machines/video-mission/video-mission.selectors'
import { selectBalances } from '../../../machines/session/session.selectors'
import { play } from '../../copy/earning'
import { formatInteger } from '../../../contract/money-text'
import { formatCountdown } from '../../format/dates'
import { useAppActors } from '../../app/app-context'
import { usePageActor } from '../../app/use-page-actor'
import { useVideoMission } from '../../shared/use-video-mission'
import { currencyArt } from '../../components/currency-icons'
import { ResourceStatus } from '../../components/resource-status'
import { RewardChip } from '../../components/reward-chip'
import { Spinner } from '../../components/spinner'
import { TimeLeft } from '../../components/time-left'
import { gameListActors, gameListMachine } from './play.actors'
import '../../styles/earning.css'
import { RetryButton } from '../../components/retry'

const PLAY_ICON = 'M8 5v14l11-7z'
const FINISHED_ICON = 'M9.5 16.2 5.3 12l-1.4 1.4 5.6 5.6 12-12-1.4-1.4z'

/**
 * /play: the terycarbons balance, the game list (videos and playlists with their prizes), the
 * advice, and the player of the chosen video (?video=<id>) with the time still to watch.
 */
export function Component() {
  const { session } = useAppActors()
  const balances = useSelector(session, selectBalances)
  const games = usePageActor(gameListMachine, gameListActors)
  const [params] = useSearchParams()
  const chosen = params.get('video')
  const fuel = currencyArt.terycarbons

  return (
    <div className="page earning play-page">
      <div className="page__header">
        <h1>{play.title}</h1>
      </div>
      <div className="play-page__top">
        <section className="card card--gold" aria-labelledby="play-balance">
          <h2 id="play-balance" className="card__title">
            {play.balance}
          </h2>
          <p className="volta__amount">
            <svg
              className={fuel.className}
              viewBox="0 0 24 24"
              aria-hidden="true"
              focusable="false"
            >
              <path d={fuel.path} />
            </svg>
            {formatInteger(balances?.terycarbons ?? 0)}
          </p>
        </section>
        <p className="card advice" role="note">
          {play.advice}
        </p>
      </div>
      {chosen ? (
        <Player
          key={chosen}
          missionId={chosen}
          onFinished={() => games.send({ type: 'resource.reload' })}
        />
      ) : (
        <p className="muted">{play.chooseHint}</p>
      )}
      <section aria-labelledby="play-games">
        <h2 id="play-games">{play.gamesTitle}</h2>
        <ResourceStatus actor={games} loading={play.gamesLoading} empty={play.gamesEmpty}>
          {({ videos, playlists }) => (
            <div className="games">
              <GameGroup title={play.videosTitle} videos={videos} chosen={chosen} />
              {playlists.map((playlist) => (
                <GameGroup
                  key={playlist.id}
                  title={`${play.playlistsTitle}: ${playlist.title}`}
                  prize={<RewardChip reward={playlist.reward} />}
                  videos={playlist.videos}
                  chosen={chosen}
                />
              ))}
            </div>
          )}
        </ResourceStatus>
      </section>
    </div>
  )
}

function GameGroup({
  title,
  prize,
  videos,
  chosen,
}: {
  title: string
  prize?: ReactNode
  videos: VideoMission[]
  chosen: string | null
}) {
  return (
    <section className="card game-group" aria-label={title}>
      <h3 className="game-group__title">
        {title} {prize}
      </h3>
      <ul className="game-list">
        {videos.map((video) => (
          <li key={video.id} className="game">
            <span className="game__title">{video.title}</span>
            <RewardChip reward={video.reward} />
            <span className="muted">{play.status[video.status]}</span>
            {video.id === chosen ? (
              <span className="status-badge status-badge--verified">{play.chosen}</span>
            ) : (
              <Link
                className="button button--small"
                to={`/play?video=${encodeURIComponent(video.id)}`}
                aria-label={`${play.choose}: ${video.title}`}
              >
                {play.choose}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

function Player({ missionId, onFinished }: { missionId: string; onFinished: () => void }) {
  const actor = useVideoMission(missionId, onFinished)
  const heading = useRef<HTMLHeadingElement>(null)
  // A video chosen from the list below: take the player (and the screen reader) to the player.
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start' })
    heading.current?.focus({ preventScroll: true })
  }, [])
  const status = useSelector(actor, selectVideoStatus)
  const video = useSelector(actor, selectVideo)
  const secondsLeft = useSelector(actor, selectSecondsLeft)
  const enabledAt = useSelector(actor, selectEnabledAt)
  const secondsUntilEnabled = useSelector(actor, selectSecondsUntilEnabled)
  const showsClip = useSelector(actor, selectShowsClip)
  const error = useSelector(actor, selectVideoError)
  const canRestart = useSelector(actor, selectCanRestart)
  const canRetry = useSelector(actor, selectCanRetry)
  const canFinish = useSelector(actor, selectCanFinish)

  if (!video) {
    return (
      <section className="card player" aria-label={play.title}>
        {status === 'checking' ? <Spinner label={play.starting} /> : null}
        {error ? <p role="alert">{error}</p> : null}
        {canRetry ? (
          <RetryButton
            onRetry={() => actor.send({ type: 'video.retry' })}
            label={play.checkAgain}
          />
        ) : null}
      </section>
    )
  }
  return (
    <section className="card player" aria-label={play.playerLabel(video.title)}>
      <header className="tile__header">
        <h2 ref={heading} className="tile__title" tabIndex={-1}>
          {video.title}
        </h2>
        <RewardChip reward={video.reward} />
      </header>
      <p className="muted">{video.description}</p>
      <div className="player__screen">
        {showsClip ? (
          <video
            className="player__video"
            src={video.src}
            autoPlay
            muted
            loop
            playsInline
            controls
            aria-label={video.title}
            onPause={() => actor.send({ type: 'video.pause' })}
            onPlay={() => actor.send({ type: 'video.resume' })}
          />
        ) : (
          <div className="player__idle" aria-hidden="true">
            <svg viewBox="0 0 24 24">
              <path d={status === 'finished' ? FINISHED_ICON : PLAY_ICON} />
            </svg>
          </div>
        )}
      </div>
      <div aria-live="polite">
        {status === 'playing' ? (
          <p className="player__time" role="timer">
            {play.timeLeft(formatCountdown(secondsLeft * 1000))}
          </p>
        ) : null}
        {status === 'paused' ? (
          <p className="player__time" role="timer">
            {play.timeLeft(formatCountdown(secondsLeft * 1000))} · {play.paused}
          </p>
        ) : null}
        {status === 'claimable' ? <p className="player__time">{play.watched}</p> : null}
        {status === 'disabled' ? (
          <p className="player__time" role="timer">
            <TimeLeft until={enabledAt} fallbackMs={secondsUntilEnabled * 1000}>
              {play.disabled}
            </TimeLeft>
          </p>
        ) : null}
        {status === 'finished' ? <p className="player__time">{play.finished}</p> : null}
        {status === 'starting' ? <Spinner label={play.starting} /> : null}
        {status === 'restarting' ? <Spinner label={play.restarting} /> : null}
        {error ? (
          <p className="tile__message tile__message--error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
      <div className="actions">
        {status === 'ready' ? (
          <button
            type="button"
            className="button button--teal"
            onClick={() => actor.send({ type: 'video.play' })}
          >
            {play.play}
          </button>
        ) : null}
        {canRestart ? (
          <button
            type="button"
            className="button button--ghost"
            onClick={() => actor.send({ type: 'video.restart' })}
          >
            {play.restart}
          </button>
        ) : null}
        {canFinish || status === 'finishing' ? (
          <button
            type="button"
            className="button button--gold"
            disabled={status === 'finishing'}
            onClick={() => actor.send({ type: 'video.finish' })}
          >
            {status === 'finishing' ? play.claiming : play.claim}
          </button>
        ) : null}
        {canRetry ? (
          <RetryButton
            onRetry={() => actor.send({ type: 'video.retry' })}
            label={play.checkAgain}
          />
        ) : null}
        {status === 'finished' ? (
          <Link className="button button--small" to="/play">
            {play.nextVideo}
          </Link>
        ) : null}
      </div>
    </section>
  )
}
