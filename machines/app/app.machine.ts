import { emit, fromCallback, sendTo, setup } from 'xstate'
import type { AnyEventObject } from 'xstate'
import type { GameConfig } from '../../contract/config'
import { loadingBarMachine } from '../loading-bar/loading-bar.machine'
import { createResourceMachine } from '../resource/resource.machine'
import { sessionMachine } from '../session/session.machine'
import type { SessionEmitted } from '../session/session.machine'
import type { AppEffect } from '../shared/app-effects'
import { emitEvent } from '../shared/emit-event'
import { metaTypes } from '../shared/meta'
import { toasterMachine } from '../toaster/toaster.machine'
import { uiMachine } from '../ui/ui.machine'
import type { UiEmitted } from '../ui/ui.machine'

/** GET /api/config, loaded as the app starts: the layout's links and the rules pages show. */
export const configMachine = createResourceMachine<GameConfig>('config')

/**
 * The app-wide actors, by id (also their system id): what every screen shares. A child whose
 * emitted events the app acts on is also listed in `listenedChildren`.
 */
export type AppChildren = {
  session: 'session'
  ui: 'ui'
  toaster: 'toaster'
  loadingBar: 'loadingBar'
  config: 'config'
  childEvents: 'childEvents'
}

/** The children whose emitted events come back to the app as its own events. */
export const listenedChildren = ['session', 'ui'] as const

export type AppEvent =
  /** The app asks who is signed in: as it starts (a prerendered page, once it has hydrated). */
  | { type: 'app.load'; path: string }
  /** What a page's machine (or a child) asks of the app. */
  | AppEffect
  | SessionEmitted
  | UiEmitted

/** What the app asks of the browser: src/app carries these out. */
export type AppEmitted =
  | { type: 'app.reload' }
  | Extract<AppEffect, { type: 'navigate' }>
  | { type: 'navigate.afterLogin' }
  | { type: 'guards.run' }

/**
 * Hands every event the listed children emit to the app as an event of its own, so the links
 * between them are transitions of this chart. Pure: it only subscribes to actors of its system.
 */
const childEvents = fromCallback<AnyEventObject, { children: readonly string[] }>(
  ({ input, system, sendBack }) => {
    const subscriptions = input.children.map((id) =>
      system.get(id)?.on('*', (event: AnyEventObject) => sendBack(event)),
    )
    return () => subscriptions.forEach((subscription) => subscription?.unsubscribe())
  },
)

export const appMachine = setup({
  types: {
    events: {} as AppEvent,
    emitted: {} as AppEmitted,
    children: {} as AppChildren,
    ...metaTypes,
  },
  actors: {
    session: sessionMachine,
    ui: uiMachine,
    toaster: toasterMachine,
    loadingBar: loadingBarMachine,
    config: configMachine,
    childEvents,
  },
  guards: {
    isLogout: ({ event }) => event.type === 'confirmation.accepted' && event.intent === 'logout',
  },
  actions: {
    checkSession: sendTo('session', (_, params: { path: string }) => ({
      type: 'session.check' as const,
      path: params.path,
    })),
    showToast: sendTo('toaster', (_, params: Extract<AppEvent, { type: 'toast.show' }>) => params),
    enableBottomBar: sendTo('ui', { type: 'bottomBar.enable' }),
    hideLoginForm: sendTo('ui', { type: 'loginForm.hide' }),
    requestLogout: sendTo('session', { type: 'logout.request' }),
    updateBalances: sendTo(
      'session',
      (_, params: Extract<AppEvent, { type: 'balances.changed' }>) => ({
        type: 'balances.update' as const,
        balances: params.balances,
      }),
    ),
    reloadApp: emit({ type: 'app.reload' } as const),
    navigate: emitEvent('navigate', (_, params: Extract<AppEvent, { type: 'navigate' }>) => ({
      to: params.to,
      ...(params.replace === undefined ? {} : { replace: params.replace }),
    })),
    navigateAfterLogin: emit({ type: 'navigate.afterLogin' } as const),
    runGuards: emit({ type: 'guards.run' } as const),
  },
}).createMachine({
  id: 'app',
  description:
    'The app itself: the actors every screen shares (session, layout, toasts, loading bar, configuration) and the links between them: what one asks for, which one does it, and what the browser does (navigate, reload).',
  invoke: [
    { id: 'session', src: 'session', systemId: 'session' },
    { id: 'ui', src: 'ui', systemId: 'ui' },
    { id: 'toaster', src: 'toaster', systemId: 'toaster' },
    { id: 'loadingBar', src: 'loadingBar', systemId: 'loadingBar' },
    { id: 'config', src: 'config', systemId: 'config' },
    { id: 'childEvents', src: 'childEvents', input: { children: listenedChildren } },
  ],
  initial: 'starting',
  states: {
    starting: {
      description:
        'The shared actors run and the configuration loads; the app has not asked who is signed in yet.',
      on: {
        'app.load': {
          target: 'running',
          actions: { type: 'checkSession', params: ({ event }) => ({ path: event.path }) },
          description: 'The app asks who is signed in, with the path the browser opened.',
          meta: { requirements: ['REQ-SESSION-1'] },
        },
      },
    },
    running: {
      description: 'The session is being checked, or known.',
    },
  },
  on: {
    'toast.show': {
      actions: { type: 'showToast', params: ({ event }) => event },
      description: 'A machine asks for a toast: the toaster shows it.',
    },
    'balances.changed': {
      actions: { type: 'updateBalances', params: ({ event }) => event },
      description: 'A call moved money: the session takes the new balances, the header shows them.',
      meta: { requirements: ['REQ-SESSION-8'] },
    },
    navigate: {
      actions: { type: 'navigate', params: ({ event }) => event },
      description: 'A machine asks for another page: the router goes there.',
    },
    'bottomBar.show': {
      actions: 'enableBottomBar',
      description: 'The session check answered: the layout may show the bottom bar.',
    },
    'login.succeeded': {
      actions: ['hideLoginForm', 'navigateAfterLogin'],
      description:
        'The login was accepted: the form closes and the router goes where the visitor was going (`?path=`), else to /home.',
      meta: { requirements: ['REQ-SESSION-3'] },
    },
    'confirmation.accepted': {
      guard: 'isLogout',
      actions: 'requestLogout',
      description: 'The player confirmed SALIR: the session logs out.',
      meta: { requirements: ['REQ-SESSION-6'] },
    },
    'app.reload': {
      actions: 'reloadApp',
      description:
        'The session ended by logout: the browser loads / afresh, so nothing of it stays.',
      meta: { requirements: ['REQ-SESSION-6'] },
    },
    'session.ended': {
      actions: 'runGuards',
      description:
        'The session expired: the guards run again, so a page for players sends the visitor to /.',
      meta: { requirements: ['REQ-SESSION-7'] },
    },
  },
})
