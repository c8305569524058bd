import { useMemo } from 'react'
import { useSelector } from '@xstate/react'
import type { ActorRefFrom } from 'xstate'
import { Link, useLocation } from 'react-router-dom'
import { trainingMachine } from '../../../machines/training/training.machine'
import {
  selectAnswers,
  selectCanFinish,
  selectFinishedNow,
  selectLesson,
  selectLessonStatus,
  selectReward,
  selectSection,
  selectTrainingError,
} from '../../../machines/training/training.selectors'
import { selectData } from '../../../machines/resource/resource.selectors'
import type { TrainingLesson } from '../../../contract/training'
import { formatDate } from '../../format/dates'
import { formatMoney } from '../../../contract/money-text'
import { lesson as copy, trainingTrack } from '../../copy/training'
import { useAppActors } from '../../app/app-context'
import { usePageActor } from '../../app/use-page-actor'
import { Icon } from '../../components/icons'
import { pageIcons } from '../../components/page-icons'
import { Spinner } from '../../components/spinner'
import { trainingActors } from './training-playing.actors'
import { RetryButton } from '../../components/retry'
import { FormError } from '../../components/form-error'

type TrainingActor = ActorRefFrom<typeof trainingMachine>

/** /training/playing?resourceId=: a lesson, read section by section, then its questions. */
export function Component() {
  // The query alone: useSearchParams would pull more of the router into the entry chunk.
  const params = new URLSearchParams(useLocation().search)
  const resourceId = params.get('resourceId')
  if (!resourceId) {
    return (
      <div className="page">
        <section className="card" aria-labelledby="choose-title">
          <h1 id="choose-title" className="card__title">
            {copy.chooseTitle}
          </h1>
          <p>{copy.chooseText}</p>
          <Link className="button button--gold" to="/trainings">
            {trainingTrack.backToTrainings}
          </Link>
        </section>
      </div>
    )
  }
  return <Lesson key={resourceId} resourceId={resourceId} />
}

function Lesson({ resourceId }: { resourceId: string }) {
  const actors = useMemo(() => trainingActors(resourceId), [resourceId])
  const training = usePageActor(trainingMachine, actors)
  const status = useSelector(training, selectLessonStatus)
  const lesson = useSelector(training, selectLesson)
  const error = useSelector(training, selectTrainingError)

  if (status === 'loading') return <Spinner label={copy.loading} />
  if (status === 'failed' || status === 'locked' || !lesson) {
    return (
      <div className="page">
        <section className="card" role="alert" aria-labelledby="lesson-problem">
          <h1 id="lesson-problem" className="card__title">
            {status === 'locked' ? copy.lockedTitle : copy.failed}
          </h1>
          <p>{error}</p>
          <div className="actions">
            {status === 'failed' ? (
              <RetryButton onRetry={() => training.send({ type: 'lesson.retry' })} tone="gold" />
            ) : null}
            <Link className="button button--teal" to="/trainings">
              {trainingTrack.backToTrainings}
            </Link>
          </div>
        </section>
      </div>
    )
  }
  const back = `/training?track=${lesson.lesson.track}`
  return (
    <div className="page lesson">
      <Link className="back-link" to={back}>
        {copy.backToTrack}
      </Link>
      <div className="page__header">
        <p className="badge">{trainingTrack.position(lesson.lesson.position)}</p>
        <h1>{lesson.lesson.title}</h1>
        <p>{lesson.lesson.summary}</p>
      </div>
      {status === 'available' ? <Intro actor={training} lesson={lesson} /> : null}
      {status === 'reading' ? <Reading actor={training} lesson={lesson} /> : null}
      {status === 'quiz' || status === 'finishing' ? (
        <Quiz actor={training} lesson={lesson} />
      ) : null}
      {status === 'finished' ? <Finished actor={training} lesson={lesson} back={back} /> : null}
    </div>
  )
}

function Intro({ actor, lesson }: { actor: TrainingActor; lesson: TrainingLesson }) {
  const { config } = useAppActors()
  const prize = useSelector(config, (snapshot) => selectData(snapshot)?.rules.training.prize)
  return (
    <section className="card card--gold">
      <p>
        <Icon path={pageIcons.book} />{' '}
        {prize ? copy.details(lesson.lesson.minutes, formatMoney(prize)) : null}
      </p>
      <button
        type="button"
        className="button button--gold"
        onClick={() => actor.send({ type: 'lesson.start' })}
      >
        {copy.start}
      </button>
    </section>
  )
}

function Reading({ actor, lesson }: { actor: TrainingActor; lesson: TrainingLesson }) {
  const { index, total } = useSelector(actor, selectSection)
  const section = lesson.sections[index]
  return (
    <section className="card lesson-section" aria-labelledby="section-title">
      <p className="muted">{copy.section(index + 1, total)}</p>
      <h2 id="section-title" className="card__title">
        {section?.heading}
      </h2>
      {section?.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <div className="actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={index === 0}
          onClick={() => actor.send({ type: 'section.previous' })}
        >
          {copy.previous}
        </button>
        <button
          type="button"
          className="button button--gold"
          onClick={() => actor.send({ type: 'section.next' })}
        >
          {index + 1 < total ? copy.next : copy.toQuiz}
        </button>
      </div>
    </section>
  )
}

function Quiz({ actor, lesson }: { actor: TrainingActor; lesson: TrainingLesson }) {
  const answers = useSelector(actor, selectAnswers)
  const canFinish = useSelector(actor, selectCanFinish)
  const error = useSelector(actor, selectTrainingError)
  const finishing = useSelector(actor, (snapshot) => selectLessonStatus(snapshot) === 'finishing')
  return (
    <form
      className="card quiz"
      aria-labelledby="quiz-title"
      onSubmit={(event) => {
        event.preventDefault()
        actor.send({ type: 'lesson.finish' })
      }}
    >
      <h2 id="quiz-title" className="card__title">
        {copy.quizTitle}
      </h2>
      <p className="muted">{copy.quizIntro}</p>
      {lesson.quiz.map((question, questionIndex) => (
        <fieldset key={question.question} className="quiz__question" disabled={finishing}>
          <legend>
            <span className="visually-hidden">{copy.question(questionIndex + 1)}: </span>
            {question.question}
          </legend>
          {question.options.map((option, optionIndex) => (
            <label key={option} className="quiz__option">
              <input
                type="radio"
                name={`question-${questionIndex}`}
                checked={answers[questionIndex] === optionIndex}
                onChange={() =>
                  actor.send({
                    type: 'answer.choose',
                    question: questionIndex,
                    option: optionIndex,
                  })
                }
              />
              {option}
            </label>
          ))}
        </fieldset>
      ))}
      <FormError message={error} />
      <div className="actions">
        <button
          type="button"
          className="button button--ghost"
          disabled={finishing}
          onClick={() => actor.send({ type: 'section.previous' })}
        >
          {copy.previous}
        </button>
        <button type="submit" className="button button--gold" disabled={!canFinish}>
          {finishing ? copy.finishing : copy.finish}
        </button>
      </div>
    </form>
  )
}

function Finished({
  actor,
  lesson,
  back,
}: {
  actor: TrainingActor
  lesson: TrainingLesson
  back: string
}) {
  const reward = useSelector(actor, selectReward)
  const justNow = useSelector(actor, selectFinishedNow)
  const finishedAt = lesson.lesson.finishedAt
  return (
    <>
      <section className="card card--gold lesson-finished" role="status">
        <h2 className="card__title">
          <Icon path={pageIcons.check} /> {copy.finishedTitle}
        </h2>
        {reward ? (
          <p>
            {justNow || !finishedAt
              ? copy.earned(formatMoney(reward))
              : copy.finishedBefore(formatDate(finishedAt), formatMoney(reward))}
          </p>
        ) : null}
        <Link className="button button--gold" to={back}>
          {copy.backToTrack}
        </Link>
      </section>
      <section className="card" aria-labelledby="review-title">
        <h2 id="review-title" className="card__title">
          {copy.reviewTitle}
        </h2>
        {lesson.sections.map((section) => (
          <article key={section.heading} className="lesson-section">
            <h3>{section.heading}</h3>
            {section.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </article>
        ))}
      </section>
    </>
  )
}
