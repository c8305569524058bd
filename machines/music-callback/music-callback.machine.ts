import { musicMessages } from '../../contract/music'
import { assign, emit, fromPromise, setup } from 'xstate'
import { metaTypes } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { withFailure } from '../shared/request-failure'
import type { RequestFailure } from '../shared/request-failure'
import type { MusicLogin } from '../../contract/music'

export type MusicCallbackContext = { error: string | null }

export type MusicCallbackEvent = { type: 'link.retry' }

export type MusicCallbackEmitted =
  { type: 'navigate'; to: string; replace: true } | { type: 'toast.show'; message: string }

export const musicCallbackMachine = setup({
  types: {
    context: {} as MusicCallbackContext,
    events: {} as MusicCallbackEvent,
    emitted: {} as MusicCallbackEmitted,
    ...metaTypes,
  },
  actors: {
    /** Sends the provider's callback query to the server, which links the account. */
    completeLink: fromPromise<MusicLogin>(async () => notProvided('completeLink')),
  },
  guards: {
    isNetworkFailure: (_, params: RequestFailure) => params.network,
  },
  actions: {
    setError: assign((_, params: RequestFailure) => ({ error: params.message })),
    goToMusic: emit({ type: 'navigate', to: '/music', replace: true } as const),
    announceLink: emit({ type: 'toast.show', message: musicMessages.linked } as const),
  },
}).createMachine({
  id: 'music-callback',
  description:
    'The return from the music provider (/music/callback): the server checks the authorization and links the account, then the player is back on /music.',
  initial: 'completing',
  context: { error: null },
  states: {
    completing: {
      description: 'Finishing the link with the code the provider sent back.',
      invoke: {
        id: 'completeLink',
        src: 'completeLink',
        onDone: {
          target: 'linked',
          actions: ['announceLink', 'goToMusic'],
          description: 'Linked: back to /music.',
          meta: { requirements: ['REQ-MUSIC-1'] },
        },
        onError: [
          {
            guard: withFailure('isNetworkFailure'),
            target: 'unreachable',
            actions: withFailure('setError'),
            description: 'No answer: the same code may still work, so the player can retry.',
          },
          {
            target: 'refused',
            actions: withFailure('setError'),
            description:
              'The server refused (expired, refused at the provider, another email): the way back to /music shows.',
            meta: { requirements: ['REQ-MUSIC-1'] },
          },
        ],
      },
    },
    unreachable: {
      description: 'The server did not answer; REINTENTAR sends the code again.',
      on: { 'link.retry': { target: 'completing', description: 'The player tries again.' } },
    },
    refused: { description: 'The link was refused; the message and a link to /music show.' },
    linked: { type: 'final', description: 'The account is linked.' },
  },
})
