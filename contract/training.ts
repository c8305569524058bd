import * as v from 'valibot'
import { currencyAmount, isoInstant } from './fields'
import { balances } from './user'

/**
 * Training's Spanish messages: its refusals and answers, and its field rules. They live with the area, not in
 * contract/messages.ts, so the entry chunk (which carries that module) does not grow with them.
 */
export const trainingMessages = {
  track: 'El entrenamiento no existe',
  resource: 'La lección no es válida',
  answer: 'Cada respuesta debe ser el número de una opción',
  answers: 'Las respuestas no son válidas',
  finished: '¡Lección terminada!',
  notFound: 'La lección no existe',
  lockedTrack: 'Este entrenamiento aún está bloqueado',
  lockedPrevious: 'Termina la lección anterior para desbloquear esta',
  lockedDaily: 'Ya entrenaste hoy. La siguiente lección se desbloquea a medianoche.',
  alreadyFinished: 'Ya terminaste esta lección',
  wrongAnswers: 'Alguna respuesta no es correcta. Repasa la lección e inténtalo de nuevo.',
} as const

/**
 * The training tracks. /trainings shows `guide` (AYUDA) and `earn` (APRENDE A GANAR), /finance
 * shows `finance`; each is a card of the two-card grid and a list of lessons.
 */
export const TRAINING_TRACKS = ['guide', 'earn', 'finance'] as const
export type TrainingTrack = (typeof TRAINING_TRACKS)[number]

/** Which page a track belongs to. */
export const TRAINING_SECTIONS = ['trainings', 'finance'] as const

export const LESSON_STATES = ['locked', 'available', 'finished'] as const
export type LessonState = (typeof LESSON_STATES)[number]

/**
 * Why a lesson is locked: its track is not unlocked yet, the lesson before it is not finished,
 * or the player already trained today (one lesson per day pays; the lock ends at midnight).
 */
export const LOCK_REASONS = ['track', 'previous', 'daily'] as const
export type LockReason = (typeof LOCK_REASONS)[number]

/** A lesson's id: lowercase words joined by hyphens. */
export const resourceIdField = v.pipe(
  v.string(trainingMessages.resource),
  v.regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, trainingMessages.resource),
  v.maxLength(64, trainingMessages.resource),
)

/** GET /api/user/training?track=: the overview, with the lessons of one track when named. */
export const trainingQuery = v.object({
  track: v.optional(v.picklist(TRAINING_TRACKS, trainingMessages.track)),
})

/** GET /api/user/training/playing?resourceId= */
export const trainingPlayingQuery = v.object({ resourceId: resourceIdField })

export const trackSummary = v.object({
  id: v.picklist(TRAINING_TRACKS),
  section: v.picklist(TRAINING_SECTIONS),
  title: v.string(),
  summary: v.string(),
  lessons: v.number(),
  finished: v.number(),
  /** `locked` until the track named by `unlockedBy` is finished; `finished` once all lessons are. */
  state: v.picklist(LESSON_STATES),
  /** The title of the track that unlocks this one, or null. */
  unlockedBy: v.nullable(v.string()),
})
export type TrackSummary = v.InferOutput<typeof trackSummary>

export const lessonSummary = v.object({
  id: v.string(),
  track: v.picklist(TRAINING_TRACKS),
  /** 1 for the track's first lesson. */
  position: v.number(),
  title: v.string(),
  summary: v.string(),
  /** Reading time in minutes. */
  minutes: v.number(),
  state: v.picklist(LESSON_STATES),
  lockReason: v.nullable(v.picklist(LOCK_REASONS)),
  finishedAt: v.nullable(isoInstant),
  /** What finishing it paid, once finished; null before. */
  reward: v.nullable(currencyAmount),
})
export type LessonSummary = v.InferOutput<typeof lessonSummary>

/** The daily part of training, as /management shows it. */
export const trainingDay = v.object({
  /** Monday 0 to Sunday 6, in Bogota. */
  weekday: v.number(),
  /** Whether the player already finished today's lesson. */
  finishedToday: v.boolean(),
  /** When the next day's lesson unlocks: the next midnight in Bogota (ISO 8601). */
  nextResetAt: isoInstant,
})
export type TrainingDay = v.InferOutput<typeof trainingDay>

/** data of GET /api/user/training. */
export const trainingOverview = v.object({
  today: trainingDay,
  /** What finishing a lesson pays (the day's first lesson). */
  prize: currencyAmount,
  tracks: v.array(trackSummary),
  /** The lessons of the track the query names, in order; empty without `track`. */
  lessons: v.array(lessonSummary),
})
export type TrainingOverview = v.InferOutput<typeof trainingOverview>

export const lessonSection = v.object({ heading: v.string(), paragraphs: v.array(v.string()) })
export const quizQuestion = v.object({ question: v.string(), options: v.array(v.string()) })
export type QuizQuestion = v.InferOutput<typeof quizQuestion>

/** data of GET /api/user/training/playing: the lesson to read and its questions (no answers). */
export const trainingLesson = v.object({
  lesson: lessonSummary,
  sections: v.array(lessonSection),
  quiz: v.array(quizQuestion),
})
export type TrainingLesson = v.InferOutput<typeof trainingLesson>

/** POST /api/user/training: the player finishes a lesson with one chosen option per question. */
export const finishTrainingBody = v.object({
  resourceId: resourceIdField,
  answers: v.pipe(
    v.array(
      v.pipe(
        v.number(trainingMessages.answer),
        v.integer(trainingMessages.answer),
        v.minValue(0, trainingMessages.answer),
      ),
      trainingMessages.answers,
    ),
    v.maxLength(20, trainingMessages.answers),
  ),
})
export type FinishTrainingBody = v.InferOutput<typeof finishTrainingBody>

export const finishTrainingResult = v.object({
  lesson: lessonSummary,
  reward: currencyAmount,
  balances,
})
export type FinishTrainingResult = v.InferOutput<typeof finishTrainingResult>
