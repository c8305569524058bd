import type { Session } from '../../contract/auth'
import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { sessionMachine } from './session.machine'
import * as selectors from './session.selectors'

const agreedPlayer: Session = {
  id: 'u-1',
  name: 'Demo Tery',
  email: 'demo@tery.example',
  code: 'TERYDEMO',
  termsAgree: true,
  rankIndex: 0,
  balances: { terycarbons: 2500, gems: 40, voltaCharge: 0, terydollars: 0 },
}

const newPlayer: Session = { ...agreedPlayer, id: 'u-2', code: 'NUEVO123', termsAgree: false }

/** A player who agreed to the terms, for the machine's tests. */
export const sampleSession = agreedPlayer

export const sessionEntry = defineMachineEntry(sessionMachine, {
  selectors,
  // Drawn whole, it is more than twice the docs' width: one diagram per stage. Each stage in two,
  // as one part a stage was 1,057 and 1,121 px wide (Mermaid 11), past the docs' 880.
  diagramParts: {
    'logging in: form': [
      'anonymous.idle',
      'anonymous.waiting',
      'anonymous.invalidCredentials',
      'anonymous.networkError',
    ],
    'logging in: submitting': ['anonymous.submitting'],
    'signed in: ready': ['authenticated.ready', 'authenticated.loggingOut'],
    'signed in: terms': ['authenticated.termsPending', 'authenticated.agreeing'],
  },
  events: {
    'session.check': [{ type: 'session.check', path: '/home' }],
    'login.submit': [
      { type: 'login.submit', email: 'demo@tery.example', password: 'tery-demo-2026' },
    ],
    'terms.agree': [{ type: 'terms.agree' }],
    'logout.request': [{ type: 'logout.request' }],
    'session.expired': [{ type: 'session.expired' }],
    'balances.update': [
      {
        type: 'balances.update',
        balances: { terycarbons: 2400, gems: 55, voltaCharge: 3, terydollars: 0 },
      },
    ],
  },
  outcomes: {
    fetchSession: {
      done: [agreedPlayer, newPlayer, null],
      error: [sampleFailures.serverError, sampleFailures.noAnswer],
    },
    logIn: {
      done: [agreedPlayer, newPlayer],
      error: [
        { status: 401, message: 'Correo o contraseña incorrectos', network: false },
        {
          status: 429,
          message: 'Demasiados intentos. Intenta de nuevo más tarde.',
          network: false,
          data: { retryAfterSeconds: 299, retryAt: '2026-11-27T15:04:59.000Z' },
        },
        sampleFailures.noAnswer,
      ],
    },
    agreeTerms: { done: [{ ...newPlayer, termsAgree: true }], error: [sampleFailures.serverError] },
    logOut: { done: [undefined], error: [sampleFailures.sessionEnded, sampleFailures.serverError] },
  },
})
