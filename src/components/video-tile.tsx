import { useSelector } from '@xstate/react'
import { Link } from 'react-router-dom'
import {
  selectCanRetry,
  selectSecondsLeft,
  selectEnabledAt,
  selectSecondsUntilEnabled,
  selectVideo,
  selectVideoError,
  selectVideoStatus,
} from '../../machines/video-mission/video-mission.selectors'
import type { VideoMission } from '../../contract/missions'
import { videos } from '../copy/earning'
import { formatCountdown } from '../format/dates'
import { useVideoMission } from '../shared/use-video-mission'
import { TimeLeft } from './time-left'
import { RewardChip } from './reward-chip'
import { Spinner } from './spinner'
import { RetryButton } from './retry'

/**
 * A video mission in a list (/videos, /playlists), running its own video-mission machine: its
 * reward and length, and where the player is with it (ready, playing with the time left,
 * claimable, finished, disabled counting down); the video itself plays on /play.
 */
export function VideoTile({ video: listed }: { video: VideoMission }) {
  const actor = useVideoMission(listed.id)
  const status = useSelector(actor, selectVideoStatus)
  const video = useSelector(actor, selectVideo) ?? listed
  const secondsLeft = useSelector(actor, selectSecondsLeft)
  const enabledAt = useSelector(actor, selectEnabledAt)
  const secondsUntilEnabled = useSelector(actor, selectSecondsUntilEnabled)
  const error = useSelector(actor, selectVideoError)
  const canRetry = useSelector(actor, selectCanRetry)
  const titleId = `video-${video.id}`
  const tile = videos.tile
  const playHref = `/play?video=${encodeURIComponent(video.id)}`

  return (
    <article className={`tile tile--video tile--${status}`} aria-labelledby={titleId}>
      <header className="tile__header">
        <h3 id={titleId} className="tile__title">
          {video.title}
        </h3>
        <RewardChip reward={video.reward} />
      </header>
      <p className="tile__text">{video.description}</p>
      <p className="tile__note">
        {tile.length(formatCountdown(video.durationSeconds * 1000))}
        {video.volta > 0 ? ` · ${tile.volta(video.volta)}` : ''}
      </p>
      {/* Where the player is with it, in a row a button tall whatever the state: the check each
          tile makes after the list arrives does not move the tiles below when it answers. */}
      <div className="tile__state">
        {status === 'checking' || status === 'starting' || status === 'restarting' ? (
          <Spinner label={tile.checking} />
        ) : null}
        {status === 'ready' ? (
          <Link className="button button--teal" to={playHref}>
            {tile.watch}
          </Link>
        ) : null}
        {status === 'playing' || status === 'paused' ? (
          <>
            <p className="tile__status" role="timer">
              {tile.watching(formatCountdown(secondsLeft * 1000))}
            </p>
            <Link className="button button--small" to={playHref}>
              {tile.continue}
            </Link>
          </>
        ) : null}
        {status === 'claimable' || status === 'finishing' ? (
          <>
            <p className="tile__status">{tile.watched}</p>
            <button
              type="button"
              className="button button--gold"
              disabled={status === 'finishing'}
              onClick={() => actor.send({ type: 'video.finish' })}
            >
              {status === 'finishing' ? tile.claiming : tile.claim}
            </button>
          </>
        ) : null}
        {status === 'finished' ? (
          <span className="status-badge status-badge--verified">{tile.finished}</span>
        ) : null}
        {status === 'disabled' ? (
          <p className="tile__status tile__status--disabled" role="timer">
            {tile.disabled} ·{' '}
            <TimeLeft until={enabledAt} fallbackMs={secondsUntilEnabled * 1000}>
              {tile.availableIn}
            </TimeLeft>
          </p>
        ) : null}
      </div>
      {error ? (
        <p className="tile__message tile__message--error" role="alert">
          {error}
        </p>
      ) : null}
      {canRetry ? <RetryButton onRetry={() => actor.send({ type: 'video.retry' })} /> : null}
    </article>
  )
}
