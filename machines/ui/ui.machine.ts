import { assertEvent, assign, setup } from 'xstate'
import { emitEvent } from '../shared/emit-event'
import { metaTypes } from '../shared/meta'

/** What a confirmation modal asks the player to confirm. */
export type ConfirmationIntent = 'logout'

export type Confirmation = { intent: ConfirmationIntent; title: string; message: string }

export type UiContext = {
  /** Where the player goes after logging in (the `?path=` of a guarded redirect). */
  loginRedirectPath: string
  confirmation: Confirmation | null
}

export type UiEvent =
  | { type: 'loginForm.show'; redirectPath?: string }
  | { type: 'loginForm.hide' }
  | { type: 'options.open' }
  | { type: 'options.close' }
  | { type: 'social.open' }
  | { type: 'social.close' }
  | { type: 'menu.toggle' }
  | { type: 'menu.close' }
  | { type: 'confirmation.open'; intent: ConfirmationIntent; title: string; message: string }
  | { type: 'confirmation.accept' }
  | { type: 'confirmation.cancel' }
  | { type: 'bottomBar.enable' }
  | { type: 'viewport.resize'; width: number }

export type UiEmitted = { type: 'confirmation.accepted'; intent: ConfirmationIntent }

/** The spec's mobile flag: viewport widths up to 992 px. */
export const mobileMaxWidth = 992

/** The spec's default login redirect. */
export const defaultLoginRedirectPath = '/home'

export const uiMachine = setup({
  types: {
    context: {} as UiContext,
    events: {} as UiEvent,
    emitted: {} as UiEmitted,
    ...metaTypes,
  },
  guards: {
    isMobileWidth: ({ event }) => event.type === 'viewport.resize' && event.width <= mobileMaxWidth,
    isDesktopWidth: ({ event }) => event.type === 'viewport.resize' && event.width > mobileMaxWidth,
  },
  actions: {
    setLoginRedirectPath: assign(({ context, event }) => {
      assertEvent(event, 'loginForm.show')
      return { loginRedirectPath: event.redirectPath ?? context.loginRedirectPath }
    }),
    setConfirmation: assign(({ event }) => {
      assertEvent(event, 'confirmation.open')
      return { confirmation: { intent: event.intent, title: event.title, message: event.message } }
    }),
    clearConfirmation: assign({ confirmation: null }),
    notifyConfirmationAccepted: emitEvent('confirmation.accepted', ({ context }) => ({
      intent: context.confirmation?.intent ?? 'logout',
    })),
  },
}).createMachine({
  id: 'ui',
  description:
    'What the layout shows: the login form, OPCIONES, NUESTRAS REDES, the responsive menu, the confirmation modal, the bottom bar flag and the mobile flag, each independent.',
  type: 'parallel',
  context: { loginRedirectPath: defaultLoginRedirectPath, confirmation: null },
  states: {
    loginForm: {
      description: 'The login form on the landing page.',
      meta: { requirements: ['REQ-UI-1'] },
      initial: 'hidden',
      states: {
        hidden: {
          description: 'The login form is hidden.',
          on: {
            'loginForm.show': {
              target: 'shown',
              actions: 'setLoginRedirectPath',
              description: 'The visitor asks to log in (or a guarded page sent them here).',
              meta: { requirements: ['REQ-UI-2'] },
            },
          },
        },
        shown: {
          description: 'The login form is shown (the landing page zooms).',
          meta: { requirements: ['REQ-UI-2'] },
          on: {
            'loginForm.hide': { target: 'hidden', description: 'The visitor closes the form.' },
          },
        },
      },
    },
    optionsModal: {
      description: 'The OPCIONES modal opened by MÁS.',
      meta: { requirements: ['REQ-UI-1'] },
      initial: 'closed',
      states: {
        closed: {
          description: 'OPCIONES is closed.',
          on: {
            'options.open': {
              target: 'open',
              description: 'The player presses MÁS.',
              meta: { requirements: ['REQ-UI-3'] },
            },
          },
        },
        open: {
          description: 'OPCIONES is open.',
          on: {
            'options.close': {
              target: 'closed',
              description: 'The player closes OPCIONES (button, Escape or backdrop).',
            },
            'social.open': {
              target: 'closed',
              description: 'The player picks NUESTRAS REDES, which replaces OPCIONES.',
              meta: { requirements: ['REQ-UI-3'] },
            },
          },
        },
      },
    },
    socialModal: {
      description: 'The NUESTRAS REDES modal with the social links.',
      meta: { requirements: ['REQ-UI-1'] },
      initial: 'closed',
      states: {
        closed: {
          description: 'NUESTRAS REDES is closed.',
          on: {
            'social.open': {
              target: 'open',
              description: 'The player picks NUESTRAS REDES.',
              meta: { requirements: ['REQ-UI-3'] },
            },
          },
        },
        open: {
          description: 'NUESTRAS REDES is open.',
          on: {
            'social.close': {
              target: 'closed',
              description: 'The player presses CONTINUAR or closes the modal.',
              meta: { requirements: ['REQ-UI-3'] },
            },
          },
        },
      },
    },
    responsiveMenu: {
      description: 'The menu of small screens.',
      meta: { requirements: ['REQ-UI-1'] },
      initial: 'closed',
      states: {
        closed: {
          description: 'The responsive menu is closed.',
          on: { 'menu.toggle': { target: 'open', description: 'The player opens the menu.' } },
        },
        open: {
          description: 'The responsive menu is open.',
          on: {
            'menu.toggle': { target: 'closed', description: 'The player closes the menu.' },
            'menu.close': {
              target: 'closed',
              description: 'The menu closes: a link was followed, Escape, or a click outside it.',
            },
          },
        },
      },
    },
    confirmation: {
      description: 'The modal that asks the player to confirm an action such as SALIR.',
      meta: { requirements: ['REQ-UI-6'] },
      initial: 'closed',
      states: {
        closed: {
          description: 'No confirmation is asked.',
          on: {
            'confirmation.open': {
              target: 'open',
              actions: 'setConfirmation',
              description: 'An action asks the player to confirm it.',
              meta: { requirements: ['REQ-UI-6'] },
            },
          },
        },
        open: {
          description: 'The confirmation modal shows its title and message.',
          on: {
            'confirmation.accept': {
              target: 'closed',
              actions: ['notifyConfirmationAccepted', 'clearConfirmation'],
              description: 'The player confirms: the app carries out the action.',
              meta: { requirements: ['REQ-UI-6'] },
            },
            'confirmation.cancel': {
              target: 'closed',
              actions: 'clearConfirmation',
              description: 'The player cancels: nothing happens.',
              meta: { requirements: ['REQ-UI-6'] },
            },
          },
        },
      },
    },
    bottomBar: {
      description: 'Whether the bottom navigation bar may be shown.',
      meta: { requirements: ['REQ-UI-4'] },
      initial: 'disabled',
      states: {
        disabled: {
          description: 'The bottom bar is off (until the session check has answered).',
          on: {
            'bottomBar.enable': {
              target: 'enabled',
              description: 'The session check answered: the bar may be shown.',
              meta: { requirements: ['REQ-UI-4'] },
            },
          },
        },
        enabled: {
          description: 'The bottom bar may be shown (with a session, on a small screen).',
        },
      },
    },
    viewport: {
      description: 'The size class of the browser window.',
      meta: { requirements: ['REQ-UI-5'] },
      initial: 'desktop',
      states: {
        desktop: {
          description: 'The window is wider than 992 px.',
          on: {
            'viewport.resize': {
              guard: 'isMobileWidth',
              target: 'mobile',
              description: 'The window becomes 992 px wide or less.',
              meta: { requirements: ['REQ-UI-5'] },
            },
          },
        },
        mobile: {
          description: 'The window is 992 px wide or less (the mobile flag).',
          on: {
            'viewport.resize': {
              guard: 'isDesktopWidth',
              target: 'desktop',
              description: 'The window becomes wider than 992 px.',
              meta: { requirements: ['REQ-UI-5'] },
            },
          },
        },
      },
    },
  },
})
