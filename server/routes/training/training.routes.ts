import { Hono } from 'hono'
import {
  finishTrainingBody,
  finishTrainingResult,
  trainingLesson,
  trainingOverview,
  trainingPlayingQuery,
  trainingQuery,
  trainingMessages,
} from '../../../contract/training'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { validate } from '../../http/validate'
import { finishLesson, getLesson, getTrainingOverview } from '../../services/training'

const lockedErrors = [
  {
    status: 409,
    message: trainingMessages.lockedTrack,
    when: 'The lesson belongs to a track that is still locked.',
  },
  {
    status: 409,
    message: trainingMessages.lockedPrevious,
    when: 'The lesson before it is not finished.',
  },
  {
    status: 409,
    message: trainingMessages.lockedDaily,
    when: 'The player already finished a lesson today (Bogota).',
  },
] as const

/** Daily training, under /user as the spec names it. */
export function trainingRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(
      '/user/training',
      endpoint({
        summary: "The player's training: today, the prize, the tracks and one track's lessons.",
        description:
          'Each lesson is `available`, `finished` or `locked` with its reason: its track is locked (`track`), the lesson before it is not finished (`previous`), or the player already trained today (`daily`, until `today.nextResetAt`).',
        auth: 'session',
        response: trainingOverview,
      }),
      validate('query', trainingQuery),
      async (c) =>
        reply(c, await getTrainingOverview(db, c.var.user.id, c.req.valid('query').track, now())),
    )
    .post(
      '/user/training',
      endpoint({
        summary: 'Finishes a lesson with the answers to its questions, and pays the prize.',
        description:
          'Every answer must be the right option (0-based). A lesson pays once, and one lesson per Bogota day; the prize moves from `supply` to the player (`training.finish`).',
        auth: 'session',
        response: finishTrainingResult,
        message: trainingMessages.finished,
        money: [{ currency: 'gems', direction: 'in' }],
        errors: [
          { status: 404, message: trainingMessages.notFound, when: 'No lesson has this id.' },
          {
            status: 409,
            message: trainingMessages.alreadyFinished,
            when: 'The player finished this lesson before.',
          },
          ...lockedErrors,
          {
            status: 400,
            message: trainingMessages.wrongAnswers,
            field: 'answers',
            when: 'An answer is not the right option, or one is missing.',
          },
        ],
      }),
      validate('json', finishTrainingBody),
      idempotent(db),
      async (c) =>
        reply(c, await finishLesson(c.var.db, c.var.user.id, c.req.valid('json'), now())),
    )
    .get(
      '/user/training/playing',
      endpoint({
        summary: 'A lesson to read and its questions (without the answers).',
        description: 'A finished lesson can be read again; a locked one is refused with why.',
        auth: 'session',
        response: trainingLesson,
        errors: [
          { status: 404, message: trainingMessages.notFound, when: 'No lesson has this id.' },
          ...lockedErrors,
        ],
      }),
      validate('query', trainingPlayingQuery),
      async (c) =>
        reply(c, await getLesson(db, c.var.user.id, c.req.valid('query').resourceId, now())),
    )
}
