import { Link } from 'react-router-dom'
import type { TrackSummary } from '../../contract/training'
import { trainings } from '../copy/training'
import { Icon } from './icons'
import { pageIcons } from './page-icons'

/** A training track in the two-card grid: its progress, and its lock or finished message. */
export function TrackCard({ track }: { track: TrackSummary }) {
  const href = `/training?track=${track.id}`
  return (
    <article className={`card track-card track-card--${track.state}`}>
      <p className="badge">{trainings.cardLabels[track.id]}</p>
      <h2 className="card__title">{track.title}</h2>
      <p className="muted">{track.summary}</p>
      <p className="track-card__progress">
        <span>{trainings.progress(track.finished, track.lessons)}</span>
        <meter
          className="meter"
          min={0}
          max={Math.max(track.lessons, 1)}
          value={track.finished}
          aria-label={trainings.progressLabel}
        />
      </p>
      {track.state === 'locked' ? (
        <p className="track-card__lock">
          <Icon path={pageIcons.lock} />
          {trainings.lockedBy(track.unlockedBy ?? '')}
        </p>
      ) : null}
      {track.state === 'finished' ? (
        <>
          <p className="track-card__finished">
            <Icon path={pageIcons.check} />
            {trainings.finished}
          </p>
          <Link className="button button--ghost" to={href}>
            {trainings.review}
          </Link>
        </>
      ) : null}
      {track.state === 'available' ? (
        <Link className="button button--gold" to={href}>
          {trainings.open}
        </Link>
      ) : null}
    </article>
  )
}
