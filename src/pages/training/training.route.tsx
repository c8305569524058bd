import { useMemo } from 'react'
import { Link, useLocation } from 'react-router-dom'
import {
  TRAINING_TRACKS,
  type LessonSummary,
  type TrainingOverview,
  type TrainingTrack,
} from '../../../contract/training'
import { countdownClock, formatDate } from '../../format/dates'
import { formatMoney } from '../../../contract/money-text'
import { trainingTrack, trainings } from '../../copy/training'
import { usePageActor } from '../../app/use-page-actor'
import { useTimeLeft } from '../../shared/use-time-left'
import { Icon } from '../../components/icons'
import { pageIcons } from '../../components/page-icons'
import { ResourceStatus } from '../../components/resource-status'
import { TrainingDayNotice } from '../../components/training-day'
import { trainingTrackActors, trainingTrackMachine } from './training.actors'

function isTrack(value: string | null): value is TrainingTrack {
  return (TRAINING_TRACKS as readonly string[]).includes(value ?? '')
}

/** /training?track=: a track's lessons in the two-card grid, with their lock and finished states. */
export function Component() {
  // The query alone: useSearchParams would pull more of the router into the entry chunk.
  const params = new URLSearchParams(useLocation().search)
  const track = params.get('track')
  if (!isTrack(track)) {
    return (
      <div className="page">
        <section className="card" aria-labelledby="choose-title">
          <h1 id="choose-title" className="card__title">
            {trainingTrack.chooseTitle}
          </h1>
          <p>{trainingTrack.chooseText}</p>
          <Link className="button button--gold" to="/trainings">
            {trainingTrack.backToTrainings}
          </Link>
        </section>
      </div>
    )
  }
  return <Track key={track} track={track} />
}

function Track({ track }: { track: TrainingTrack }) {
  const actors = useMemo(() => trainingTrackActors(track), [track])
  const overview = usePageActor(trainingTrackMachine, actors)
  return (
    <div className="page training">
      <ResourceStatus
        actor={overview}
        loading={trainings.loading}
        empty={trainings.empty}
        failed={trainings.failed}
      >
        {(data) => <Lessons data={data} track={track} />}
      </ResourceStatus>
    </div>
  )
}

function Lessons({ data, track }: { data: TrainingOverview; track: TrainingTrack }) {
  const left = useTimeLeft(data.today.nextResetAt) ?? 0
  const summary = data.tracks.find((candidate) => candidate.id === track)
  const back =
    summary?.section === 'finance'
      ? { to: '/finance', label: trainingTrack.backToFinance }
      : { to: '/trainings', label: trainingTrack.backToTrainings }
  return (
    <>
      <Link className="back-link" to={back.to}>
        {back.label}
      </Link>
      <div className="page__header">
        <p className="badge">{trainings.cardLabels[track]}</p>
        <h1>{summary?.title}</h1>
        <p>{summary?.summary}</p>
      </div>
      <TrainingDayNotice today={data.today} prize={data.prize} timeLeft={left} />
      <ol className="two-card-grid lessons" aria-label={trainingTrack.lessonsLabel}>
        {data.lessons.map((lesson) => (
          <LessonCard key={lesson.id} lesson={lesson} timeLeft={left} />
        ))}
      </ol>
    </>
  )
}

function LessonCard({ lesson, timeLeft }: { lesson: LessonSummary; timeLeft: number }) {
  const href = `/training/playing?resourceId=${lesson.id}`
  return (
    <li className={`card lesson-card lesson-card--${lesson.state}`}>
      <p className="badge">{trainingTrack.position(lesson.position)}</p>
      <h2 className="card__title">{lesson.title}</h2>
      <p className="muted">{lesson.summary}</p>
      <p className="muted">{trainingTrack.minutes(lesson.minutes)}</p>
      {lesson.state === 'available' ? (
        <Link className="button button--gold" to={href}>
          {trainingTrack.start}
        </Link>
      ) : null}
      {lesson.state === 'locked' && lesson.lockReason ? (
        <p className="track-card__lock">
          <Icon path={pageIcons.lock} />
          {lesson.lockReason === 'daily'
            ? `${trainingTrack.locks.daily}. ${trainingTrack.dailyIn(countdownClock(timeLeft))}`
            : trainingTrack.locks[lesson.lockReason]}
        </p>
      ) : null}
      {lesson.state === 'finished' && lesson.finishedAt && lesson.reward ? (
        <>
          <p className="track-card__finished">
            <Icon path={pageIcons.check} />
            {trainingTrack.finishedOn(formatDate(lesson.finishedAt), formatMoney(lesson.reward))}
          </p>
          <Link className="button button--ghost" to={href}>
            {trainingTrack.review}
          </Link>
        </>
      ) : null}
    </li>
  )
}
