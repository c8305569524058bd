import { assertEvent, assign, fromPromise, setup } from 'xstate'
import { SOCIAL_ACCOUNT_STATES } from '../../contract/missions'
import type { SocialAccount, SocialNetworkType } from '../../contract/missions'
import { emitEvent } from '../shared/emit-event'
import { metaTypes } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { readFieldErrors, toRequestFailure } from '../shared/request-failure'
import type { RequestFailure } from '../shared/request-failure'

export type SocialAccountContext = {
  /** The network (the spec's social account type, 2 to 5). */
  type: SocialNetworkType
  /** The player's account on it, as the server last answered; null when there is none. */
  account: SocialAccount | null
  /** The server's words under the input (a 400 or 409), or why loading failed. */
  error: string | null
}

export type SocialAccountEvent =
  | { type: 'account.edit' }
  | { type: 'account.cancel' }
  /** Sent by the form once its valibot schema accepts the text (required, handle or address). */
  | { type: 'account.submit'; account: string }
  | { type: 'account.retry' }

export type SocialAccountEmitted = { type: 'account.verified'; account: SocialAccount }

const { PENDING_TO_CHECK, VERIFIED, REJECTED } = SOCIAL_ACCOUNT_STATES

/** The message a refused registration shows under the input: its field's, else the envelope's. */
function inputMessage(failure: RequestFailure): string {
  return readFieldErrors(failure).account ?? failure.message
}

export const socialAccountMachine = setup({
  types: {
    context: {} as SocialAccountContext,
    events: {} as SocialAccountEvent,
    emitted: {} as SocialAccountEmitted,
    input: {} as { type?: SocialNetworkType } | undefined,
    ...metaTypes,
  },
  actors: {
    loadAccount: fromPromise<SocialAccount | null, { type: SocialNetworkType }>(async () =>
      notProvided('loadAccount'),
    ),
    registerAccount: fromPromise<SocialAccount, { type: SocialNetworkType; account: string }>(
      async () => notProvided('registerAccount'),
    ),
  },
  delays: {
    /** How often a pending account is asked about again (accountRecheckSeconds). */
    recheckInterval: 10_000,
  },
  guards: {
    isPendingAccount: (_, params: { account: SocialAccount | null }) =>
      params.account?.state === PENDING_TO_CHECK,
    isVerifiedAccount: (_, params: { account: SocialAccount | null }) =>
      params.account?.state === VERIFIED,
    isRejectedAccount: (_, params: { account: SocialAccount | null }) =>
      params.account?.state === REJECTED,
    isNoAccount: (_, params: { account: SocialAccount | null }) => params.account === null,
    wasRejected: ({ context }) => context.account?.state === REJECTED,
  },
  actions: {
    setAccount: assign((_, params: { account: SocialAccount | null }) => ({
      account: params.account,
      error: null,
    })),
    setError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
    notifyVerified: emitEvent(
      'account.verified',
      (_, params: { account: SocialAccount | null }) => ({
        account: params.account as SocialAccount,
      }),
    ),
  },
}).createMachine({
  id: 'social-account',
  description:
    'The player’s account on one social network: none, registered (the handle or profile address), pending to check (2) until verified (3), or rejected with the server’s reason.',
  initial: 'loading',
  context: ({ input }) => ({ type: input?.type ?? 2, account: null, error: null }),
  states: {
    loading: {
      description: 'Asking the server for the player’s account on this network.',
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        input: ({ context }) => ({ type: context.type }),
        onDone: [
          {
            guard: { type: 'isNoAccount', params: ({ event }) => ({ account: event.output }) },
            target: 'none',
            actions: { type: 'setAccount', params: ({ event }) => ({ account: event.output }) },
            description: 'No account on this network yet.',
            meta: { requirements: ['REQ-SOCIAL-1'] },
          },
          {
            guard: {
              type: 'isVerifiedAccount',
              params: ({ event }) => ({ account: event.output }),
            },
            target: 'verified',
            actions: { type: 'setAccount', params: ({ event }) => ({ account: event.output }) },
            description: 'The account is verified.',
            meta: { requirements: ['REQ-SOCIAL-2'] },
          },
          {
            guard: {
              type: 'isRejectedAccount',
              params: ({ event }) => ({ account: event.output }),
            },
            target: 'rejected',
            actions: { type: 'setAccount', params: ({ event }) => ({ account: event.output }) },
            description: 'The account was rejected; the reason shows.',
            meta: { requirements: ['REQ-SOCIAL-3'] },
          },
          {
            target: 'pendingToCheck',
            actions: { type: 'setAccount', params: ({ event }) => ({ account: event.output }) },
            description: 'The account waits to be checked.',
            meta: { requirements: ['REQ-SOCIAL-2'] },
          },
        ],
        onError: {
          target: 'loadFailed',
          actions: {
            type: 'setError',
            params: ({ event }) => ({ message: toRequestFailure(event.error).message }),
          },
          description: 'The accounts could not be loaded; the message shows with a retry.',
        },
      },
    },
    loadFailed: {
      description: 'The account could not be loaded: the message and REINTENTAR show.',
      on: {
        'account.retry': { target: 'loading', description: 'The player asks again.' },
      },
    },
    none: {
      description: 'No account: the registration input shows.',
      meta: { requirements: ['REQ-SOCIAL-1'] },
      on: {
        'account.edit': {
          target: 'editing',
          description: 'The player starts writing their handle or profile address.',
          meta: { requirements: ['REQ-SOCIAL-1'] },
        },
      },
    },
    editing: {
      description:
        'The player writes the handle or address; the form checks it is there and in the network’s format before sending.',
      meta: { requirements: ['REQ-SOCIAL-1', 'REQ-SOCIAL-4'] },
      on: {
        'account.submit': {
          target: 'registering',
          actions: 'clearError',
          description: 'The player sends a well-formed handle or address.',
          meta: { requirements: ['REQ-SOCIAL-1'] },
        },
        'account.cancel': [
          {
            guard: 'wasRejected',
            target: 'rejected',
            actions: 'clearError',
            description: 'The player gives up: the rejection shows again.',
          },
          {
            target: 'none',
            actions: 'clearError',
            description: 'The player gives up: no account.',
          },
        ],
      },
    },
    registering: {
      description: 'Sending the account to the server.',
      invoke: {
        id: 'registerAccount',
        src: 'registerAccount',
        input: ({ context, event }) => {
          assertEvent(event, 'account.submit')
          return { type: context.type, account: event.account }
        },
        onDone: {
          target: 'pendingToCheck',
          actions: { type: 'setAccount', params: ({ event }) => ({ account: event.output }) },
          description: 'Registered: pending to check (2).',
          meta: { requirements: ['REQ-SOCIAL-2'] },
        },
        onError: {
          target: 'editing',
          actions: {
            type: 'setError',
            params: ({ event }) => ({ message: inputMessage(toRequestFailure(event.error)) }),
          },
          description:
            'Refused (the format, an account on this network already, a handle of another player): the server’s words show under the input.',
          meta: { requirements: ['REQ-SOCIAL-4'] },
        },
      },
    },
    pendingToCheck: {
      description: 'Pending to check (2): it is asked about again every 10 seconds.',
      meta: { requirements: ['REQ-SOCIAL-2'] },
      after: {
        recheckInterval: {
          target: 'refreshing',
          description: 'Time to ask whether it was checked.',
          meta: { requirements: ['REQ-SOCIAL-2'] },
        },
      },
    },
    refreshing: {
      description: 'Asking whether the pending account was checked (still shown as pending).',
      invoke: {
        id: 'loadAccount',
        src: 'loadAccount',
        input: ({ context }) => ({ type: context.type }),
        onDone: [
          {
            guard: {
              type: 'isVerifiedAccount',
              params: ({ event }) => ({ account: event.output }),
            },
            target: 'verified',
            actions: [
              { type: 'setAccount', params: ({ event }) => ({ account: event.output }) },
              { type: 'notifyVerified', params: ({ event }) => ({ account: event.output }) },
            ],
            description: 'Verified (3): the network’s missions open.',
            meta: { requirements: ['REQ-SOCIAL-2'] },
          },
          {
            guard: {
              type: 'isRejectedAccount',
              params: ({ event }) => ({ account: event.output }),
            },
            target: 'rejected',
            actions: { type: 'setAccount', params: ({ event }) => ({ account: event.output }) },
            description: 'Rejected: the server’s reason shows.',
            meta: { requirements: ['REQ-SOCIAL-3'] },
          },
          {
            guard: { type: 'isPendingAccount', params: ({ event }) => ({ account: event.output }) },
            target: 'pendingToCheck',
            actions: { type: 'setAccount', params: ({ event }) => ({ account: event.output }) },
            description: 'Still pending.',
            meta: { requirements: ['REQ-SOCIAL-2'] },
          },
          {
            target: 'none',
            actions: { type: 'setAccount', params: ({ event }) => ({ account: event.output }) },
            description: 'The account is gone (an operator removed it).',
          },
        ],
        onError: {
          target: 'pendingToCheck',
          description: 'No answer this time: still pending, asked again later.',
        },
      },
    },
    verified: {
      description: 'Verified (3): the account and its check mark show.',
      meta: { requirements: ['REQ-SOCIAL-2'] },
    },
    rejected: {
      description: 'Rejected: the server’s reason shows, and the player may register another.',
      meta: { requirements: ['REQ-SOCIAL-3'] },
      on: {
        'account.edit': {
          target: 'editing',
          description: 'The player registers another account.',
          meta: { requirements: ['REQ-SOCIAL-3'] },
        },
      },
    },
  },
})
