import { trainingMessages } from '../../contract/training'
import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import { emitEvent } from '../shared/emit-event'
import { metaTypes, moneyMarks } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { withFailure } from '../shared/request-failure'
import type { RequestFailure } from '../shared/request-failure'
import type { CurrencyAmount } from '../../contract/currencies'
import type { FinishTrainingResult, TrainingLesson } from '../../contract/training'
import type { Balances } from '../../contract/user'

export type TrainingContext = {
  lesson: TrainingLesson | null
  /** The section being read, from 0. */
  section: number
  /** The option chosen for each question, null while unanswered. */
  answers: (number | null)[]
  /** What finishing paid. */
  reward: CurrencyAmount | null
  error: string | null
}

export type TrainingEvent =
  | { type: 'lesson.start' }
  | { type: 'section.next' }
  | { type: 'section.previous' }
  | { type: 'answer.choose'; question: number; option: number }
  | { type: 'lesson.finish' }
  | { type: 'lesson.retry' }

export type TrainingEmitted =
  { type: 'toast.show'; message: string } | { type: 'balances.changed'; balances: Balances }

export const trainingMachine = setup({
  types: {
    context: {} as TrainingContext,
    events: {} as TrainingEvent,
    emitted: {} as TrainingEmitted,
    ...metaTypes,
  },
  actors: {
    loadLesson: fromPromise<TrainingLesson>(async () => notProvided('loadLesson')),
    finishLesson: fromPromise<FinishTrainingResult, { answers: number[] }>(async () =>
      notProvided('finishLesson'),
    ),
  },
  guards: {
    isFinished: (_, params: TrainingLesson) => params.lesson.state === 'finished',
    isLocked: (_, params: RequestFailure) => params.status === 409,
    hasNextSection: ({ context }) => context.section + 1 < (context.lesson?.sections.length ?? 0),
    hasPreviousSection: ({ context }) => context.section > 0,
    isAnswerable: ({ context, event }) => {
      assertEvent(event, 'answer.choose')
      const options = context.lesson?.quiz[event.question]?.options.length ?? 0
      return Number.isInteger(event.option) && event.option >= 0 && event.option < options
    },
    isAllAnswered: ({ context }) =>
      context.answers.length > 0 && context.answers.every((answer) => answer !== null),
  },
  actions: {
    setLesson: assign((_, params: TrainingLesson) => ({
      lesson: params,
      section: 0,
      answers: params.quiz.map(() => null),
      error: null,
    })),
    setFinished: assign(({ context }, params: FinishTrainingResult) => ({
      lesson: context.lesson ? { ...context.lesson, lesson: params.lesson } : null,
      reward: params.reward,
      error: null,
    })),
    nextSection: assign(({ context }) => ({ section: context.section + 1 })),
    previousSection: assign(({ context }) => ({ section: Math.max(0, context.section - 1) })),
    chooseAnswer: assign(({ context, event }) => {
      assertEvent(event, 'answer.choose')
      const answers = [...context.answers]
      answers[event.question] = event.option
      return { answers, error: null }
    }),
    setError: assign((_, params: RequestFailure) => ({ error: params.message })),
    announceFinish: emit({ type: 'toast.show', message: trainingMessages.finished } as const),
    updateBalances: emitEvent('balances.changed', (_, params: { balances: Balances }) => ({
      balances: params.balances,
    })),
  },
}).createMachine({
  id: 'training',
  description:
    'One training lesson: it may be locked; the player reads it section by section, answers its questions and finishes it, which pays the training prize once.',
  initial: 'loading',
  context: { lesson: null, section: 0, answers: [], reward: null, error: null },
  states: {
    loading: {
      description: 'Waiting for the lesson.',
      invoke: {
        id: 'loadLesson',
        src: 'loadLesson',
        onDone: [
          {
            guard: { type: 'isFinished', params: ({ event }) => event.output },
            target: 'finished',
            actions: { type: 'setLesson', params: ({ event }) => event.output },
            description: 'The player finished it before: it can be read again.',
            meta: { requirements: ['REQ-TRAINING-2'] },
          },
          {
            target: 'available',
            actions: { type: 'setLesson', params: ({ event }) => event.output },
            description: 'The lesson is open to play.',
            meta: { requirements: ['REQ-TRAINING-1'] },
          },
        ],
        onError: [
          {
            guard: withFailure('isLocked'),
            target: 'locked',
            actions: withFailure('setError'),
            description: 'The lesson is locked; the reason is shown.',
            meta: { requirements: ['REQ-TRAINING-2'] },
          },
          {
            target: 'failed',
            actions: withFailure('setError'),
            description: 'The lesson could not be loaded.',
          },
        ],
      },
    },
    failed: {
      description: 'The lesson could not be loaded; the message and a retry are shown.',
      on: { 'lesson.retry': { target: 'loading', description: 'The player tries again.' } },
    },
    locked: {
      description:
        'The lesson is locked: its track is not open yet, the one before it is unfinished, or the day\u2019s lesson is done.',
    },
    available: {
      description: 'The lesson, its reading time and its prize, ready to start.',
      on: {
        'lesson.start': {
          target: 'playing',
          description: 'The player presses EMPEZAR.',
          meta: { requirements: ['REQ-TRAINING-3'] },
        },
      },
    },
    playing: {
      description: 'The player goes through the lesson, then its questions.',
      initial: 'reading',
      states: {
        reading: {
          description: 'One section of the lesson at a time.',
          on: {
            'section.next': [
              {
                guard: 'hasNextSection',
                target: 'reading',
                actions: 'nextSection',
                description: 'The player goes on to the next section.',
              },
              {
                target: 'quiz',
                description: 'After the last section come the questions.',
                meta: { requirements: ['REQ-TRAINING-3'] },
              },
            ],
            'section.previous': {
              guard: 'hasPreviousSection',
              target: 'reading',
              actions: 'previousSection',
              description: 'The player goes back a section.',
            },
          },
        },
        quiz: {
          description: 'The questions: one option each, then TERMINAR.',
          on: {
            'answer.choose': {
              guard: 'isAnswerable',
              target: 'quiz',
              actions: 'chooseAnswer',
              description: 'The player picks an option of a question.',
            },
            'section.previous': {
              target: 'reading',
              description: 'The player goes back to the lesson.',
            },
            'lesson.finish': {
              guard: 'isAllAnswered',
              target: '#training.finishing',
              description: 'Every question has an answer: the player sends them.',
              meta: { requirements: ['REQ-TRAINING-3'] },
            },
          },
        },
      },
    },
    finishing: {
      description: 'The server checks the answers and pays the prize.',
      invoke: {
        id: 'finishLesson',
        src: 'finishLesson',
        input: ({ context }) => ({
          answers: context.answers.map((answer) => answer ?? -1),
        }),
        onDone: {
          target: 'finished',
          actions: [
            { type: 'setFinished', params: ({ event }) => event.output },
            { type: 'updateBalances', params: ({ event }) => event.output },
            'announceFinish',
          ],
          description: 'All answers right: the lesson is finished and the prize paid.',
          meta: {
            requirements: ['REQ-TRAINING-3', 'REQ-TRAINING-4'],
            money: moneyMarks('POST /api/user/training', { in: ['gems'] }),
          },
        },
        onError: [
          {
            guard: withFailure('isLocked'),
            target: 'locked',
            actions: withFailure('setError'),
            description:
              'The day\u2019s lesson was finished elsewhere meanwhile: it is locked now.',
          },
          {
            target: 'playing.quiz',
            actions: withFailure('setError'),
            description:
              'An answer is wrong (or no answer came): the player reviews and tries again.',
            meta: { requirements: ['REQ-TRAINING-3'] },
          },
        ],
      },
    },
    finished: {
      description: 'The lesson is finished: the prize it paid and its text to read again.',
    },
  },
})
