import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import type { Profile } from '../../contract/user'
import { metaTypes } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { readFieldErrors, withFailure, type RequestFailure } from '../shared/request-failure'

export type ProfileSettingsContext = {
  shareEmail: boolean
  phone: string
  shareError: string | null
  phoneError: string | null
  /** The server's message under the phone field. */
  phoneFieldError: string | null
}

export type ProfileSettingsInput = { shareEmail: boolean; phone: string }

export type ProfileSettingsEvent =
  { type: 'shareEmail.toggle'; shareEmail: boolean } | { type: 'phone.submit'; phone: string }

/** The mobile number was saved: the page says so. */
export type ProfileSettingsEmitted = { type: 'phone.saved' }

export const profileSettingsMachine = setup({
  types: {
    context: {} as ProfileSettingsContext,
    events: {} as ProfileSettingsEvent,
    emitted: {} as ProfileSettingsEmitted,
    input: {} as ProfileSettingsInput | undefined,
    ...metaTypes,
  },
  actors: {
    saveShareEmail: fromPromise<Profile, { shareEmail: boolean }>(async () =>
      notProvided('saveShareEmail'),
    ),
    savePhone: fromPromise<Profile, { phone: string }>(async () => notProvided('savePhone')),
  },
  actions: {
    setShareEmail: assign(({ event }) => {
      assertEvent(event, 'shareEmail.toggle')
      return { shareEmail: event.shareEmail, shareError: null }
    }),
    keepProfile: assign((_, params: Profile) => ({
      shareEmail: params.shareEmail,
      phone: params.phone,
    })),
    revertShareEmail: assign(({ context }, params: RequestFailure) => ({
      shareEmail: !context.shareEmail,
      shareError: params.message,
    })),
    setPhoneError: assign((_, params: RequestFailure) => ({
      phoneError: params.message,
      phoneFieldError: readFieldErrors(params).phone ?? null,
    })),
    clearPhoneError: assign({ phoneError: null, phoneFieldError: null }),
    announcePhoneSaved: emit({ type: 'phone.saved' } as const),
  },
}).createMachine({
  id: 'profile-settings',
  description:
    'The profile’s settings, each on its own: sharing the email with the team (a checkbox saved at once) and the mobile number.',
  context: ({ input }) => ({
    shareEmail: input?.shareEmail ?? false,
    phone: input?.phone ?? '',
    shareError: null,
    phoneError: null,
    phoneFieldError: null,
  }),
  type: 'parallel',
  states: {
    shareEmail: {
      description: 'Whether the team sees the player’s email.',
      initial: 'idle',
      states: {
        idle: {
          description: 'The checkbox shows the saved choice.',
          on: {
            'shareEmail.toggle': {
              target: 'saving',
              actions: 'setShareEmail',
              description: 'The player ticks or unticks the checkbox.',
              meta: { requirements: ['REQ-TEAM-4'] },
            },
          },
        },
        saving: {
          description: 'Saving the choice (the checkbox already shows it).',
          invoke: {
            id: 'saveShareEmail',
            src: 'saveShareEmail',
            input: ({ context }) => ({ shareEmail: context.shareEmail }),
            onDone: {
              target: 'idle',
              actions: { type: 'keepProfile', params: ({ event }) => event.output },
              description: 'Saved.',
              meta: { requirements: ['REQ-TEAM-4'] },
            },
            onError: {
              target: 'idle',
              actions: withFailure('revertShareEmail'),
              description: 'Not saved: the checkbox goes back and the message shows.',
            },
          },
        },
      },
    },
    phone: {
      description: 'The player’s mobile number.',
      initial: 'idle',
      states: {
        idle: {
          description: 'The number shows and can be changed.',
          on: {
            'phone.submit': {
              target: 'saving',
              actions: 'clearPhoneError',
              description: 'The player saves a valid number (the form checks it first).',
              meta: { requirements: ['REQ-TEAM-4'] },
            },
          },
        },
        saving: {
          description: 'Saving the number.',
          invoke: {
            id: 'savePhone',
            src: 'savePhone',
            input: ({ event }) => {
              assertEvent(event, 'phone.submit')
              return { phone: event.phone }
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'keepProfile', params: ({ event }) => event.output },
                'announcePhoneSaved',
              ],
              description: 'Saved.',
              meta: { requirements: ['REQ-TEAM-4'] },
            },
            onError: {
              target: 'idle',
              actions: withFailure('setPhoneError'),
              description: 'Not saved: the message shows under the field.',
            },
          },
        },
      },
    },
  },
})
