import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { metaTypes } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { withFailure } from '../shared/request-failure'
import type { RequestFailure } from '../shared/request-failure'

/** What a drawn draw publishes that anyone needs to check it. */
export type DrawProof = {
  /** The draw's number, to name it on screen. */
  number: number
  seed: string
  seedHash: string
  entries: number
  /** The ticket the server says won. */
  winnerTicket: number
}

/** What the browser computed from the proof. */
export type DrawCheck = {
  /** SHA-256 of the revealed seed, as computed here. */
  seedHash: string
  /** SHA-256 of `<seed>:<entries>`. */
  digest: string
  computedTicket: number
  seedMatches: boolean
  ticketMatches: boolean
}

export type DrawVerificationContext = {
  proof: DrawProof | null
  check: DrawCheck | null
  error: string | null
}

export type DrawVerificationEvent =
  { type: 'verify.start'; proof: DrawProof } | { type: 'verify.close' }

export const drawVerificationMachine = setup({
  types: {
    context: {} as DrawVerificationContext,
    events: {} as DrawVerificationEvent,
    ...metaTypes,
  },
  actors: {
    /** Recomputes the draw in the browser (Web Crypto SHA-256). */
    checkDraw: fromPromise<DrawCheck, DrawProof>(async () => notProvided('checkDraw')),
  },
  guards: {
    isFair: (_, params: DrawCheck) => params.seedMatches && params.ticketMatches,
  },
  actions: {
    setProof: assign(({ event }) => {
      assertEvent(event, 'verify.start')
      return { proof: event.proof, check: null, error: null }
    }),
    setCheck: assign((_, params: DrawCheck) => ({ check: params })),
    setError: assign((_, params: RequestFailure) => ({ error: params.message })),
    reset: assign({ proof: null, check: null, error: null }),
  },
}).createMachine({
  id: 'draw-verification',
  description:
    'Checking a past draw in the browser: the revealed seed must hash to the published commitment, and the seed with the number of entries must give the announced winning ticket.',
  initial: 'idle',
  context: { proof: null, check: null, error: null },
  on: {
    'verify.start': {
      target: '.verifying',
      actions: 'setProof',
      description: 'The player presses VERIFICAR on a drawn draw.',
      meta: { requirements: ['REQ-LOTTERY-5'] },
    },
  },
  states: {
    idle: { description: 'Nothing is being checked.' },
    verifying: {
      description: 'Hashing the seed and recomputing the winning ticket.',
      invoke: {
        id: 'checkDraw',
        src: 'checkDraw',
        input: ({ context }) =>
          context.proof ?? { number: 0, seed: '', seedHash: '', entries: 0, winnerTicket: 0 },
        onDone: [
          {
            guard: { type: 'isFair', params: ({ event }) => event.output },
            target: 'verified',
            actions: { type: 'setCheck', params: ({ event }) => event.output },
            description: 'Both match: the draw was fair.',
            meta: { requirements: ['REQ-LOTTERY-5'] },
          },
          {
            target: 'mismatch',
            actions: { type: 'setCheck', params: ({ event }) => event.output },
            description: 'Something does not match: the page says what.',
            meta: { requirements: ['REQ-LOTTERY-5'] },
          },
        ],
        onError: {
          target: 'unavailable',
          actions: withFailure('setError'),
          description: 'This browser cannot compute SHA-256 here (Web Crypto needs HTTPS).',
        },
      },
    },
    verified: {
      description: 'The computation is shown, every step matching.',
      on: {
        'verify.close': { target: 'idle', actions: 'reset', description: 'The player closes it.' },
      },
    },
    mismatch: {
      description: 'The computation is shown with what does not match.',
      on: {
        'verify.close': { target: 'idle', actions: 'reset', description: 'The player closes it.' },
      },
    },
    unavailable: {
      description:
        'The check could not run in this browser; the steps to do it elsewhere are shown.',
      on: {
        'verify.close': { target: 'idle', actions: 'reset', description: 'The player closes it.' },
      },
    },
  },
})
