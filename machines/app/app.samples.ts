import { defineMachineEntry } from '../shared/machine-entry'
import { appMachine } from './app.machine'
import * as selectors from './app.selectors'

const balances = { terycarbons: 2400, gems: 55, voltaCharge: 3, terydollars: 0 }

/** The shared actors are machines with no answer of their own: the app only sends to them. */
const noAnswer = { done: [], error: [] }

export const appEntry = defineMachineEntry(appMachine, {
  selectors,
  events: {
    'app.load': [{ type: 'app.load', path: '/home' }],
    'toast.show': [{ type: 'toast.show', message: 'Misión completada', placement: 'top-right' }],
    'balances.changed': [{ type: 'balances.changed', balances }],
    navigate: [{ type: 'navigate', to: '/missions', replace: true }],
    'bottomBar.show': [{ type: 'bottomBar.show' }],
    'login.succeeded': [{ type: 'login.succeeded' }],
    'confirmation.accepted': [{ type: 'confirmation.accepted', intent: 'logout' }],
    'app.reload': [{ type: 'app.reload' }],
    'session.ended': [{ type: 'session.ended' }],
  },
  outcomes: {
    session: noAnswer,
    ui: noAnswer,
    toaster: noAnswer,
    loadingBar: noAnswer,
    config: noAnswer,
    childEvents: noAnswer,
  },
})
