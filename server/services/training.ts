import { and, asc, eq } from 'drizzle-orm'
import type { Currency } from '../../contract/currencies'
import {
  trainingMessages,
  type FinishTrainingBody,
  type FinishTrainingResult,
  type LessonSummary,
  type LockReason,
  type TrackSummary,
  type TrainingLesson,
  type TrainingOverview,
  type TrainingTrack,
} from '../../contract/training'
import type { Db } from '../db/client'
import { trainingCompletions, trainingResources } from '../db/schema'
import { bogotaDay, bogotaWeekday, startOfBogotaDay } from './bogota-time'
import { DomainError, fieldError } from './errors'
import { getBalances, transfer } from './ledger'
import { TRAINING_RULES } from './rules'
import { inTransaction } from './atomic'

/*
 * Daily training (docs/economy.md, "Training"): lessons in three tracks, read in order, one lesson
 * a day (Bogota), each paying the training prize once through the ledger.
 */

type TrackInfo = Pick<TrackSummary, 'id' | 'section' | 'title' | 'summary'> & {
  /** The track that must be finished first, or null. */
  after: TrainingTrack | null
}

/** The tracks, in the order the pages show them. */
export const TRACKS: readonly TrackInfo[] = [
  {
    id: 'guide',
    section: 'trainings',
    title: 'Ayuda: guía de Tery',
    summary: 'Lo esencial para empezar: las monedas, tu equipo, los rangos y la mina.',
    after: null,
  },
  {
    id: 'earn',
    section: 'trainings',
    title: 'Aprende a ganar',
    summary: 'Estrategias para sacarle más provecho a misiones, videos, música y el sorteo.',
    after: 'guide',
  },
  {
    id: 'finance',
    section: 'finance',
    title: 'Finanzas para jugadores',
    summary: 'Presupuesto, ahorro, estafas y criptomonedas: decisiones de dinero con calma.',
    after: 'guide',
  },
]

type ResourceRow = typeof trainingResources.$inferSelect
type CompletionRow = typeof trainingCompletions.$inferSelect

const DAY_MS = 24 * 60 * 60 * 1000

/** Where a player stands: every lesson, what they finished, and whether they trained today. */
type Progress = {
  resources: ResourceRow[]
  completions: Map<string, CompletionRow>
  trainedToday: boolean
}

async function readProgress(db: Db, userId: string, now: Date): Promise<Progress> {
  const resources = await db
    .select()
    .from(trainingResources)
    .orderBy(asc(trainingResources.track), asc(trainingResources.position))
  const rows = await db
    .select()
    .from(trainingCompletions)
    .where(eq(trainingCompletions.userId, userId))
  const today = bogotaDay(now)
  return {
    resources,
    completions: new Map(rows.map((row) => [row.resourceId, row])),
    trainedToday: rows.some((row) => row.day === today),
  }
}

function isTrackFinished(progress: Progress, track: TrainingTrack): boolean {
  const lessons = progress.resources.filter((resource) => resource.track === track)
  return lessons.length > 0 && lessons.every((lesson) => progress.completions.has(lesson.id))
}

function isTrackUnlocked(progress: Progress, track: TrainingTrack): boolean {
  const after = TRACKS.find((info) => info.id === track)?.after ?? null
  return after === null || isTrackFinished(progress, after)
}

/** Why a lesson can't be played now, or null when it can (or is finished). */
function lockOf(progress: Progress, resource: ResourceRow): LockReason | null {
  if (progress.completions.has(resource.id)) return null
  if (!isTrackUnlocked(progress, resource.track as TrainingTrack)) return 'track'
  const previous = progress.resources.find(
    (other) => other.track === resource.track && other.position === resource.position - 1,
  )
  if (previous && !progress.completions.has(previous.id)) return 'previous'
  if (progress.trainedToday) return 'daily'
  return null
}

function toLessonSummary(progress: Progress, resource: ResourceRow): LessonSummary {
  const completion = progress.completions.get(resource.id)
  const lockReason = lockOf(progress, resource)
  return {
    id: resource.id,
    track: resource.track as TrainingTrack,
    position: resource.position,
    title: resource.title,
    summary: resource.summary,
    minutes: resource.minutes,
    state: completion ? 'finished' : lockReason ? 'locked' : 'available',
    lockReason,
    finishedAt: completion?.finishedAt.toISOString() ?? null,
    reward: completion
      ? { currency: completion.rewardCurrency as Currency, amount: completion.rewardAmount }
      : null,
  }
}

function toTrackSummary(progress: Progress, info: TrackInfo): TrackSummary {
  const lessons = progress.resources.filter((resource) => resource.track === info.id)
  const finished = lessons.filter((lesson) => progress.completions.has(lesson.id)).length
  const unlocked = isTrackUnlocked(progress, info.id)
  return {
    id: info.id,
    section: info.section,
    title: info.title,
    summary: info.summary,
    lessons: lessons.length,
    finished,
    state: !unlocked
      ? 'locked'
      : lessons.length > 0 && finished === lessons.length
        ? 'finished'
        : 'available',
    unlockedBy: unlocked ? null : (TRACKS.find((track) => track.id === info.after)?.title ?? null),
  }
}

/** GET /api/user/training: the day, the prize, the tracks and the lessons of `track`. */
export async function getTrainingOverview(
  db: Db,
  userId: string,
  track: TrainingTrack | undefined,
  now: Date,
): Promise<TrainingOverview> {
  const progress = await readProgress(db, userId, now)
  return {
    today: {
      weekday: bogotaWeekday(now),
      finishedToday: progress.trainedToday,
      // Colombia keeps no daylight saving time: the next midnight is 24 hours after this one.
      nextResetAt: new Date(startOfBogotaDay(now).getTime() + DAY_MS).toISOString(),
    },
    prize: { ...TRAINING_RULES.prize },
    tracks: TRACKS.map((info) => toTrackSummary(progress, info)),
    lessons: progress.resources
      .filter((resource) => resource.track === track)
      .map((resource) => toLessonSummary(progress, resource)),
  }
}

const lockMessages: Record<LockReason, string> = {
  track: trainingMessages.lockedTrack,
  previous: trainingMessages.lockedPrevious,
  daily: trainingMessages.lockedDaily,
}

function findResource(progress: Progress, resourceId: string): ResourceRow {
  const resource = progress.resources.find((candidate) => candidate.id === resourceId)
  if (!resource) throw new DomainError(404, trainingMessages.notFound)
  return resource
}

/**
 * GET /api/user/training/playing: the lesson to read and its questions, without the answers.
 * A finished lesson can be read again; a locked one is refused with the reason.
 */
export async function getLesson(
  db: Db,
  userId: string,
  resourceId: string,
  now: Date,
): Promise<TrainingLesson> {
  const progress = await readProgress(db, userId, now)
  const resource = findResource(progress, resourceId)
  const lock = lockOf(progress, resource)
  if (lock) throw new DomainError(409, lockMessages[lock])
  return {
    lesson: toLessonSummary(progress, resource),
    sections: resource.sections,
    quiz: resource.quiz.map(({ question, options }) => ({ question, options: [...options] })),
  }
}

/**
 * POST /api/user/training: the player answers the lesson's questions; all right, the lesson is
 * finished and pays the prize. Once per lesson and once per day are the completion table's two
 * unique keys, so concurrent finishes can't pay twice; a lesson's lock (its track, the lesson
 * before it) only ever opens, so reading it first is safe.
 */
export async function finishLesson(
  db: Db,
  userId: string,
  { resourceId, answers }: FinishTrainingBody,
  now: Date,
): Promise<FinishTrainingResult> {
  const progress = await readProgress(db, userId, now)
  const resource = findResource(progress, resourceId)
  if (progress.completions.has(resource.id)) {
    throw new DomainError(409, trainingMessages.alreadyFinished)
  }
  const lock = lockOf(progress, resource)
  if (lock) throw new DomainError(409, lockMessages[lock])
  const right =
    answers.length === resource.quiz.length &&
    resource.quiz.every((question, index) => answers[index] === question.answer)
  if (!right) throw fieldError(400, 'answers', trainingMessages.wrongAnswers)

  const prize = TRAINING_RULES.prize
  await inTransaction(db, async (tx) => {
    const [finished] = await tx
      .insert(trainingCompletions)
      .values({
        userId,
        resourceId,
        day: bogotaDay(now),
        rewardCurrency: prize.currency,
        rewardAmount: prize.amount,
        finishedAt: now,
      })
      .onConflictDoNothing()
      .returning({ resourceId: trainingCompletions.resourceId })
    if (!finished) {
      // Lost a race: this lesson, or another one today, was finished in the meantime.
      const [same] = await tx
        .select({ day: trainingCompletions.day })
        .from(trainingCompletions)
        .where(
          and(
            eq(trainingCompletions.userId, userId),
            eq(trainingCompletions.resourceId, resourceId),
          ),
        )
      throw new DomainError(
        409,
        same ? trainingMessages.alreadyFinished : trainingMessages.lockedDaily,
      )
    }
    await transfer(tx, {
      at: now,
      currency: prize.currency,
      from: { system: 'supply' },
      to: { userId },
      amount: prize.amount,
      kind: 'training.finish',
      cause: { resourceId, track: resource.track, position: resource.position },
      idempotencyKey: `training:${userId}:${resourceId}`,
    })
  })
  const after = await readProgress(db, userId, now)
  return {
    lesson: toLessonSummary(after, findResource(after, resourceId)),
    reward: { ...prize },
    balances: await getBalances(db, userId),
  }
}
