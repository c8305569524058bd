import {
  finishTrainingBody,
  finishTrainingResult,
  trainingLesson,
  trainingMessages,
  trainingOverview,
  trainingPlayingQuery,
  trainingQuery,
} from '../training'
import { defineEndpoint } from '../endpoint'

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

export const getTraining = defineEndpoint({
  method: 'GET',
  path: '/api/user/training',
  summary: "The player's training: today, the prize, the tracks and one track's lessons.",
  description:
    'Each lesson is `available`, `finished` or `locked` with its reason: its track is locked (`track`), the lesson before it is not finished (`previous`), or the player already trained today (`daily`, until `today.nextResetAt`).',
  auth: 'session',
  query: trainingQuery,
  response: trainingOverview,
})

export const finishLesson = defineEndpoint({
  method: 'POST',
  path: '/api/user/training',
  summary: 'Finishes a lesson with the answers to its questions, and pays the prize.',
  description:
    'Every answer must be the right option (0-based). A lesson pays once, and one lesson per Bogota day; the prize moves from `supply` to the player (`training.finish`).',
  auth: 'session',
  body: finishTrainingBody,
  response: finishTrainingResult,
  message: trainingMessages.finished,
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
  money: [{ currency: 'gems', direction: 'in' }],
})

export const getLesson = defineEndpoint({
  method: 'GET',
  path: '/api/user/training/playing',
  summary: 'A lesson to read and its questions (without the answers).',
  description: 'A finished lesson can be read again; a locked one is refused with why.',
  auth: 'session',
  query: trainingPlayingQuery,
  response: trainingLesson,
  errors: [
    { status: 404, message: trainingMessages.notFound, when: 'No lesson has this id.' },
    ...lockedErrors,
  ],
})
