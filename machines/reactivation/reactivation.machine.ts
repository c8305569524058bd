import { assign, emit, fromPromise, setup } from 'xstate'
import { normalizeCode, referralCodeError } from '../../contract/fields'
import { metaTypes } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { withFailure, type RequestFailure } from '../shared/request-failure'

/** What the modal needs to know about the player. */
export type Standing = {
  penalized: boolean
  /** Whether someone invited the player: their code reactivates it; otherwise the player's own. */
  hasSponsor: boolean
}

export type ReactivationContext = {
  standing: Standing | null
  /** The code as typed, uppercased. */
  code: string
  error: string | null
}

export type ReactivationEvent =
  { type: 'code.change'; value: string } | { type: 'code.submit' } | { type: 'reactivation.later' }

/** The account is active again: the page says so. */
export type ReactivationEmitted = { type: 'account.reactivated' }

export const reactivationMachine = setup({
  types: {
    context: {} as ReactivationContext,
    events: {} as ReactivationEvent,
    emitted: {} as ReactivationEmitted,
    ...metaTypes,
  },
  actors: {
    loadStanding: fromPromise<Standing>(async () => notProvided('loadStanding')),
    enableCode: fromPromise<unknown, { code: string }>(async () => notProvided('enableCode')),
  },
  guards: {
    isPenalized: (_, params: Standing) => params.penalized,
    isWellFormedCode: ({ context }) => referralCodeError(context.code) === null,
  },
  actions: {
    setStanding: assign((_, params: Standing) => ({ standing: params })),
    setCode: assign((_, params: { value: string }) => ({
      code: normalizeCode(params.value),
      error: null,
    })),
    setCodeError: assign(({ context }) => ({ error: referralCodeError(context.code) })),
    setError: assign((_, params: RequestFailure) => ({ error: params.message })),
    announceReactivated: emit({ type: 'account.reactivated' } as const),
  },
}).createMachine({
  id: 'reactivation',
  description:
    'The maintenance/reactivation modal: a penalized player types the referral code of their sponsor (uppercase) to reactivate the account; they may leave it for later.',
  initial: 'checking',
  context: { standing: null, code: '', error: null },
  states: {
    checking: {
      description: 'Reading whether the account is under a penalty.',
      invoke: {
        id: 'loadStanding',
        src: 'loadStanding',
        onDone: [
          {
            guard: { type: 'isPenalized', params: ({ event }) => event.output },
            target: 'required',
            actions: { type: 'setStanding', params: ({ event }) => event.output },
            description: 'The account is penalized: the modal asks for the code.',
            meta: { requirements: ['REQ-TEAM-2'] },
          },
          {
            target: 'active',
            actions: { type: 'setStanding', params: ({ event }) => event.output },
            description: 'The account is active: nothing shows.',
          },
        ],
        onError: {
          target: 'active',
          description: 'The standing could not be read: nothing shows.',
        },
      },
    },
    required: {
      description: 'The modal shows the code input (uppercase) and why it is needed.',
      meta: { requirements: ['REQ-TEAM-2'] },
      on: {
        'code.change': {
          target: 'required',
          actions: { type: 'setCode', params: ({ event }) => ({ value: event.value }) },
          description: 'The player types the code (shown in uppercase).',
          meta: { requirements: ['REQ-TEAM-2'] },
        },
        'code.submit': [
          {
            guard: 'isWellFormedCode',
            target: 'submitting',
            description: 'The player sends a well-formed code.',
            meta: { requirements: ['REQ-TEAM-2'] },
          },
          {
            target: 'required',
            actions: 'setCodeError',
            description:
              'The code is empty or not a referral code: the rule it breaks shows under the input.',
          },
        ],
        'reactivation.later': {
          target: 'postponed',
          description: 'The player leaves it for later; the team bonus stays blocked.',
        },
      },
    },
    submitting: {
      description: 'Checking the code with the server.',
      invoke: {
        id: 'enableCode',
        src: 'enableCode',
        input: ({ context }) => ({ code: context.code }),
        onDone: {
          target: 'reactivated',
          actions: 'announceReactivated',
          description: 'The code was right: the account is active again.',
          meta: { requirements: ['REQ-TEAM-2'] },
        },
        onError: {
          target: 'required',
          actions: withFailure('setError'),
          description: 'The code was refused: the message shows under the input.',
          meta: { requirements: ['REQ-TEAM-2'] },
        },
      },
    },
    reactivated: { type: 'final', description: 'The account is active again; the modal closes.' },
    active: { type: 'final', description: 'No penalty: no modal.' },
    postponed: { type: 'final', description: 'The player closed the modal for this visit.' },
  },
})
