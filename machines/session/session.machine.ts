import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import { emitEvent } from '../shared/emit-event'
import { metaTypes } from '../shared/meta'
import { readRetryLater, withFailure } from '../shared/request-failure'
import type { RequestFailure } from '../shared/request-failure'
import type { LoginBody, Session } from '../../contract/auth'
import type { Balances } from '../../contract/user'
import { catalogueMessages } from '../../contract/messages'
import { notProvided } from '../shared/not-provided'

export type SessionContext = {
  session: Session | null
  /** The Spanish message of the last failed login or terms agreement. */
  error: string | null
  /** A login refused for a while: the server's instant to try again, and the time it counted. */
  retry: { retryAt: string; retryAfterMs: number } | null
}

export type SessionEvent =
  | { type: 'session.check'; path?: string }
  | { type: 'login.submit'; email: string; password: string }
  | { type: 'terms.agree' }
  | { type: 'logout.request' }
  | { type: 'session.expired' }
  | { type: 'balances.update'; balances: Balances }

export type SessionEmitted =
  | { type: 'bottomBar.show' }
  | { type: 'app.reload' }
  | { type: 'toast.show'; message: string; placement: 'bottom-right' }
  | { type: 'login.succeeded' }
  /** The session expired while signed in (not a logout): pages for players are closed to them. */
  | { type: 'session.ended' }

export const sessionMachine = setup({
  types: {
    context: {} as SessionContext,
    events: {} as SessionEvent,
    emitted: {} as SessionEmitted,
    ...metaTypes,
  },
  actors: {
    fetchSession: fromPromise<Session | null, { path?: string }>(async () =>
      notProvided('fetchSession'),
    ),
    logIn: fromPromise<Session, LoginBody>(async () => notProvided('logIn')),
    logOut: fromPromise(async (): Promise<void> => notProvided('logOut')),
    agreeTerms: fromPromise<Session>(async () => notProvided('agreeTerms')),
  },
  guards: {
    hasAgreedTerms: (_, params: { session: Session | null }) => params.session?.termsAgree === true,
    hasSession: (_, params: { session: Session | null }) => params.session !== null,
    isNetworkFailure: (_, params: RequestFailure) => params.network,
    isUnauthorized: (_, params: RequestFailure) => params.status === 401,
    isRefusedForAWhile: (_, params: RequestFailure) => readRetryLater(params) !== null,
  },
  delays: {
    /** Until the server said the login may be tried again. */
    retryWait: ({ context }) => context.retry?.retryAfterMs ?? 0,
  },
  actions: {
    // Null only where a guard has ruled it out (the session check's answer): the types of
    // `event.output` do not narrow across a guard.
    setSession: assign((_, params: { session: Session | null }) => ({
      session: params.session,
      error: null,
    })),
    clearSession: assign({ session: null, error: null, retry: null }),
    setBalances: assign(({ context }, params: { balances: Balances }) => ({
      session: context.session ? { ...context.session, balances: params.balances } : null,
    })),
    setError: assign((_, params: RequestFailure) => ({ error: params.message })),
    clearError: assign({ error: null, retry: null }),
    setRetry: assign((_, params: RequestFailure) => ({
      error: params.message,
      retry: readRetryLater(params),
    })),
    showBottomBar: emit({ type: 'bottomBar.show' } as const),
    reloadApp: emit({ type: 'app.reload' } as const),
    notifyLoginSucceeded: emit({ type: 'login.succeeded' } as const),
    notifySessionEnded: emit({ type: 'session.ended' } as const),
    showLogoutFailure: emitEvent('toast.show', (_, params: RequestFailure) => ({
      message: params.message,
      placement: 'bottom-right' as const,
    })),
    showSessionExpired: emit({
      type: 'toast.show',
      message: catalogueMessages.sessionEnded,
      placement: 'bottom-right',
    } as const),
  },
}).createMachine({
  id: 'session',
  description:
    'Who is playing: the session check at start, login, the terms agreement, logout and a session that expires.',
  initial: 'unknown',
  context: { session: null, error: null, retry: null },
  states: {
    unknown: {
      description: 'The app has just opened and does not know yet whether anyone is signed in.',
      on: {
        'session.check': {
          target: 'checking',
          description: 'The app asks the server whether this browser holds a session.',
          meta: { requirements: ['REQ-SESSION-1'] },
        },
      },
    },
    checking: {
      description: 'Waiting for the server to say whether this browser holds a session.',
      invoke: {
        id: 'fetchSession',
        src: 'fetchSession',
        input: ({ event }) => {
          assertEvent(event, 'session.check')
          return event.path === undefined ? {} : { path: event.path }
        },
        onDone: [
          {
            guard: { type: 'hasAgreedTerms', params: ({ event }) => ({ session: event.output }) },
            target: 'authenticated.ready',
            actions: [
              { type: 'setSession', params: ({ event }) => ({ session: event.output }) },
              'showBottomBar',
            ],
            description: 'A session exists and its player already agreed to the terms.',
            meta: { requirements: ['REQ-SESSION-1'] },
          },
          {
            guard: { type: 'hasSession', params: ({ event }) => ({ session: event.output }) },
            target: 'authenticated.termsPending',
            actions: [
              { type: 'setSession', params: ({ event }) => ({ session: event.output }) },
              'showBottomBar',
            ],
            description: 'A session exists but its player has not agreed to the terms yet.',
            meta: { requirements: ['REQ-SESSION-1', 'REQ-SESSION-5'] },
          },
          {
            target: 'anonymous',
            actions: ['clearSession', 'showBottomBar'],
            description: 'The server answers that nobody is signed in: a visitor.',
            meta: { requirements: ['REQ-SESSION-2'] },
          },
        ],
        onError: {
          target: 'anonymous',
          actions: ['clearSession', 'showBottomBar'],
          description:
            'The check failed: the failure is logged, nobody is taken as signed in; the bottom bar is still shown.',
          meta: { requirements: ['REQ-SESSION-2'] },
        },
      },
    },
    anonymous: {
      description: 'Nobody is signed in: a visitor.',
      initial: 'idle',
      states: {
        idle: {
          description: 'The login form is waiting for an email and a password.',
          on: {
            'login.submit': {
              target: 'submitting',
              description: 'The visitor sends the login form.',
              meta: { requirements: ['REQ-SESSION-3'] },
            },
          },
        },
        submitting: {
          description: 'Waiting for the server to accept or refuse the email and password.',
          invoke: {
            id: 'logIn',
            src: 'logIn',
            input: ({ event }) => {
              assertEvent(event, 'login.submit')
              return { email: event.email, password: event.password }
            },
            onDone: [
              {
                guard: {
                  type: 'hasAgreedTerms',
                  params: ({ event }) => ({ session: event.output }),
                },
                target: '#session.authenticated.ready',
                actions: [
                  { type: 'setSession', params: ({ event }) => ({ session: event.output }) },
                  'notifyLoginSucceeded',
                ],
                description: 'The login is accepted and the player already agreed to the terms.',
                meta: { requirements: ['REQ-SESSION-3'] },
              },
              {
                target: '#session.authenticated.termsPending',
                actions: [
                  { type: 'setSession', params: ({ event }) => ({ session: event.output }) },
                  'notifyLoginSucceeded',
                ],
                description: 'The login is accepted; the player still has to agree to the terms.',
                meta: { requirements: ['REQ-SESSION-3', 'REQ-SESSION-5'] },
              },
            ],
            onError: [
              {
                guard: withFailure('isNetworkFailure'),
                target: 'networkError',
                actions: withFailure('setError'),
                description: 'The server could not be reached.',
                meta: { requirements: ['REQ-SESSION-4'] },
              },
              {
                guard: withFailure('isRefusedForAWhile'),
                target: 'waiting',
                actions: withFailure('setRetry'),
                description:
                  'The server refused the login for a while (too many attempts, or too busy) and said until when.',
                meta: { requirements: ['REQ-SESSION-4', 'REQ-SESSION-9'] },
              },
              {
                target: 'invalidCredentials',
                actions: withFailure('setError'),
                description: 'The server refused the login: wrong email or password.',
                meta: { requirements: ['REQ-SESSION-4'] },
              },
            ],
          },
        },
        waiting: {
          description:
            'The login was refused for a while: the form says when to try again and counts down; it cannot be sent until then.',
          meta: { requirements: ['REQ-SESSION-9'] },
          after: {
            retryWait: {
              target: 'idle',
              actions: 'clearError',
              description: 'The time is up: the form can be sent again.',
              meta: { requirements: ['REQ-SESSION-9'] },
            },
          },
        },
        invalidCredentials: {
          description: 'The server refused the login; its message is shown under the form.',
          on: {
            'login.submit': {
              target: 'submitting',
              actions: 'clearError',
              description: 'The visitor corrects the form and sends it again.',
              meta: { requirements: ['REQ-SESSION-3'] },
            },
          },
        },
        networkError: {
          description: 'The server could not be reached; the visitor may try again.',
          on: {
            'login.submit': {
              target: 'submitting',
              actions: 'clearError',
              description: 'The visitor tries to log in again.',
              meta: { requirements: ['REQ-SESSION-3'] },
            },
          },
        },
      },
    },
    authenticated: {
      description: 'A player is signed in.',
      initial: 'ready',
      on: {
        'session.expired': {
          target: 'anonymous',
          actions: ['clearSession', 'notifySessionEnded', 'showSessionExpired'],
          description:
            'A call answered 401 outside the landing page: the session is over and the player is told so.',
          meta: { requirements: ['REQ-SESSION-7'] },
        },
        'balances.update': {
          actions: {
            type: 'setBalances',
            params: ({ event }) => ({ balances: event.balances }),
          },
          description:
            'A call that moved money answered the new balances: the layout shows them at once.',
          meta: { requirements: ['REQ-SESSION-8'] },
        },
      },
      states: {
        termsPending: {
          description: 'The player must agree to the terms and conditions before playing.',
          meta: { requirements: ['REQ-SESSION-5'] },
          on: {
            'terms.agree': {
              target: 'agreeing',
              description: 'The player agrees to the terms and conditions.',
              meta: { requirements: ['REQ-SESSION-5'] },
            },
            'logout.request': {
              target: 'loggingOut',
              description: 'The player confirms SALIR.',
              meta: { requirements: ['REQ-SESSION-6'] },
            },
          },
        },
        agreeing: {
          description: 'Waiting for the server to record the agreement to the terms.',
          invoke: {
            id: 'agreeTerms',
            src: 'agreeTerms',
            onDone: {
              target: 'ready',
              actions: { type: 'setSession', params: ({ event }) => ({ session: event.output }) },
              description: 'The server recorded the agreement.',
              meta: { requirements: ['REQ-SESSION-5'] },
            },
            onError: {
              target: 'termsPending',
              actions: withFailure('setError'),
              description: 'The agreement could not be recorded; the player may try again.',
              meta: { requirements: ['REQ-SESSION-5'] },
            },
          },
        },
        ready: {
          description: 'The player is signed in and may play.',
          on: {
            'logout.request': {
              target: 'loggingOut',
              description: 'The player confirms SALIR.',
              meta: { requirements: ['REQ-SESSION-6'] },
            },
          },
        },
        loggingOut: {
          description: 'Waiting for the server to end the session.',
          invoke: {
            id: 'logOut',
            src: 'logOut',
            onDone: {
              target: '#session.loggedOut',
              actions: 'reloadApp',
              description: 'The server ended the session: the app reloads on the landing page.',
              meta: { requirements: ['REQ-SESSION-6'] },
            },
            onError: [
              {
                guard: withFailure('isUnauthorized'),
                target: '#session.loggedOut',
                actions: 'reloadApp',
                description:
                  'The session had already ended (401): the app reloads on the landing page.',
                meta: { requirements: ['REQ-SESSION-6'] },
              },
              {
                guard: {
                  type: 'hasAgreedTerms',
                  params: ({ context }) => ({ session: context.session }),
                },
                target: 'ready',
                actions: withFailure('showLogoutFailure'),
                description:
                  'Logging out failed: a toast shows the server message and the player stays in.',
                meta: { requirements: ['REQ-SESSION-6'] },
              },
              {
                target: 'termsPending',
                actions: withFailure('showLogoutFailure'),
                description:
                  'Logging out failed before the terms were agreed: a toast shows the server message.',
                meta: { requirements: ['REQ-SESSION-6'] },
              },
            ],
          },
        },
      },
    },
    loggedOut: {
      type: 'final',
      description: 'The session is over; the app reloads on the landing page.',
    },
  },
})
