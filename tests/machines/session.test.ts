import { describe, expect, it } from 'vitest'
import { sessionMachine } from '../../machines/session/session.machine'
import type { Session } from '../../contract/auth'
import {
  selectIsAuthenticated,
  selectIsSettled,
  selectIsSubmitting,
  selectLoginError,
  selectLoginRetry,
  selectNeedsTerms,
  selectSession,
} from '../../machines/session/session.selectors'
import { MachineHarness } from './support/replay'
import { sampleSession, sessionEntry } from '../../machines/session/session.samples'
import {
  selectBalances,
  selectIsAgreeing,
  selectIsLoggingOut,
  selectTermsError,
} from '../../machines/session/session.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'

const player = sampleSession

async function signedIn(session: Session = player) {
  const harness = new MachineHarness(sessionMachine)
  harness.send({ type: 'session.check', path: '/home' })
  await harness.resolve('fetchSession', session)
  return harness
}

describe('session machine', () => {
  it('is not settled until the session check answers, then shows the bottom bar', async () => {
    const harness = new MachineHarness(sessionMachine)
    expect(selectIsSettled(harness.snapshot)).toBe(false)
    harness.send({ type: 'session.check', path: '/home' })
    expect(harness.inputs.get('fetchSession')).toEqual({ path: '/home' })
    expect(selectIsSettled(harness.snapshot)).toBe(false)
    await harness.resolve('fetchSession', player)
    expect(selectIsSettled(harness.snapshot)).toBe(true)
    expect(selectSession(harness.snapshot)).toEqual(player)
    expect(harness.emitted).toEqual([{ type: 'bottomBar.show' }])
  })

  it('takes a null answer as a visitor: no session, and the bottom bar is still shown', async () => {
    const harness = new MachineHarness(sessionMachine)
    harness.send({ type: 'session.check' })
    await harness.resolve('fetchSession', null)
    expect(selectIsSettled(harness.snapshot)).toBe(true)
    expect(selectIsAuthenticated(harness.snapshot)).toBe(false)
    expect(harness.snapshot.matches({ anonymous: 'idle' })).toBe(true)
    expect(selectSession(harness.snapshot)).toBeNull()
    expect(harness.emitted).toEqual([{ type: 'bottomBar.show' }])
  })

  it('sets the session to null and still shows the bottom bar when the check fails', async () => {
    const harness = new MachineHarness(sessionMachine)
    harness.send({ type: 'session.check' })
    await harness.reject('fetchSession', {
      status: 500,
      message: 'No pudimos completar la solicitud',
      network: false,
    })
    expect(selectIsSettled(harness.snapshot)).toBe(true)
    expect(selectIsAuthenticated(harness.snapshot)).toBe(false)
    expect(selectSession(harness.snapshot)).toBeNull()
    expect(harness.emitted).toEqual([{ type: 'bottomBar.show' }])
  })

  it('shows the invalid-credentials message and lets the visitor try again', async () => {
    const harness = new MachineHarness(sessionMachine)
    harness.send({ type: 'session.check' })
    await harness.resolve('fetchSession', null)
    harness.send({ type: 'login.submit', email: 'demo@tery.example', password: 'mala-clave' })
    expect(selectIsSubmitting(harness.snapshot)).toBe(true)
    expect(harness.inputs.get('logIn')).toEqual({
      email: 'demo@tery.example',
      password: 'mala-clave',
    })
    await harness.reject('logIn', {
      status: 401,
      message: 'Correo o contraseña incorrectos',
      network: false,
    })
    expect(harness.snapshot.matches({ anonymous: 'invalidCredentials' })).toBe(true)
    expect(selectLoginError(harness.snapshot)).toBe('Correo o contraseña incorrectos')
    harness.send({ type: 'login.submit', email: 'demo@tery.example', password: 'tery-demo-2026' })
    expect(selectLoginError(harness.snapshot)).toBeNull()
  })

  it('counts down a login refused for a while, then lets the form be sent again', async () => {
    const harness = new MachineHarness(sessionMachine)
    harness.send({ type: 'session.check' })
    await harness.reject('fetchSession', { status: 401, message: 'x', network: false })
    harness.send({ type: 'login.submit', email: 'demo@tery.example', password: 'tery-demo-2026' })
    await harness.reject('logIn', {
      status: 429,
      message: 'Demasiados intentos. Intenta de nuevo más tarde.',
      network: false,
      data: { retryAfterSeconds: 90, retryAt: '2026-11-27T15:01:30.000Z' },
    })
    expect(selectLoginRetry(harness.snapshot)).toEqual({
      retryAt: '2026-11-27T15:01:30.000Z',
      retryAfterMs: 90_000,
    })
    // Sending during the wait changes nothing.
    harness.send({ type: 'login.submit', email: 'demo@tery.example', password: 'tery-demo-2026' })
    expect(selectIsSubmitting(harness.snapshot)).toBe(false)
    harness.advance(89_999)
    expect(harness.snapshot.matches({ anonymous: 'waiting' })).toBe(true)
    harness.advance(1)
    expect(harness.snapshot.matches({ anonymous: 'idle' })).toBe(true)
    expect(selectLoginError(harness.snapshot)).toBeNull()
    expect(selectLoginRetry(harness.snapshot)).toBeNull()
  })

  it('tells a network failure apart from wrong credentials', async () => {
    const harness = new MachineHarness(sessionMachine)
    harness.send({ type: 'session.check' })
    await harness.resolve('fetchSession', null)
    harness.send({ type: 'login.submit', email: 'demo@tery.example', password: 'tery-demo-2026' })
    await harness.reject('logIn', {
      status: 400,
      message: 'Ocurrio un error al procesar la petición',
      network: true,
    })
    expect(harness.snapshot.matches({ anonymous: 'networkError' })).toBe(true)
    expect(selectLoginError(harness.snapshot)).toBe('Ocurrio un error al procesar la petición')
  })

  it('treats anything thrown that is not a request failure as no answer', async () => {
    const harness = new MachineHarness(sessionMachine)
    harness.send({ type: 'session.check' })
    await harness.reject('fetchSession', new Error('boom'))
    harness.send({ type: 'login.submit', email: 'demo@tery.example', password: 'tery-demo-2026' })
    await harness.reject('logIn', new TypeError('Failed to fetch'))
    expect(harness.snapshot.matches({ anonymous: 'networkError' })).toBe(true)
    expect(selectLoginError(harness.snapshot)).toBe('Ocurrio un error al procesar la petición')
  })

  it('announces a successful login so the app can navigate to the redirect target', async () => {
    const harness = new MachineHarness(sessionMachine)
    harness.send({ type: 'session.check' })
    await harness.resolve('fetchSession', null)
    harness.send({ type: 'login.submit', email: 'demo@tery.example', password: 'tery-demo-2026' })
    await harness.resolve('logIn', player)
    expect(selectIsAuthenticated(harness.snapshot)).toBe(true)
    expect(selectSession(harness.snapshot)).toEqual(player)
    expect(harness.emitted.at(-1)).toEqual({ type: 'login.succeeded' })
  })

  it('asks for the terms until the player agrees, then lets them play', async () => {
    const harness = await signedIn({ ...player, termsAgree: false })
    expect(selectNeedsTerms(harness.snapshot)).toBe(true)
    harness.send({ type: 'terms.agree' })
    await harness.resolve('agreeTerms', player)
    expect(selectNeedsTerms(harness.snapshot)).toBe(false)
    expect(harness.snapshot.matches({ authenticated: 'ready' })).toBe(true)
    expect(selectSession(harness.snapshot)?.termsAgree).toBe(true)
  })

  it('reloads the app when logout answers OK', async () => {
    const harness = await signedIn()
    harness.send({ type: 'logout.request' })
    await harness.resolve('logOut', undefined)
    expect(harness.snapshot.matches('loggedOut')).toBe(true)
    expect(harness.emitted.at(-1)).toEqual({ type: 'app.reload' })
  })

  it('reloads the app when logout answers 401', async () => {
    const harness = await signedIn()
    harness.send({ type: 'logout.request' })
    await harness.reject('logOut', {
      status: 401,
      message: 'La sesión ha terminado',
      network: false,
    })
    expect(harness.emitted.at(-1)).toEqual({ type: 'app.reload' })
  })

  it('shows the server message bottom-right when logout fails otherwise, and stays signed in', async () => {
    const harness = await signedIn()
    harness.send({ type: 'logout.request' })
    await harness.reject('logOut', {
      status: 500,
      message: 'No pudimos cerrar la sesión',
      network: false,
    })
    expect(harness.emitted.at(-1)).toEqual({
      type: 'toast.show',
      message: 'No pudimos cerrar la sesión',
      placement: 'bottom-right',
    })
    expect(harness.emitted.some((event) => event.type === 'app.reload')).toBe(false)
    expect(selectIsAuthenticated(harness.snapshot)).toBe(true)
  })

  it('shows the new balances a call that moved money answered, and only to a player', async () => {
    const harness = await signedIn()
    const balances = { terycarbons: 2400, gems: 55, voltaCharge: 3, terydollars: 7 }
    harness.send({ type: 'balances.update', balances })
    expect(selectBalances(harness.snapshot)).toEqual(balances)
    expect(selectSession(harness.snapshot)?.name).toBe('Demo Tery')

    harness.send({ type: 'session.expired' })
    harness.send({ type: 'balances.update', balances })
    expect(selectBalances(harness.snapshot)).toBeNull()
  })

  it("ends the session on session.expired and says 'La sesión ha terminado'", async () => {
    const harness = await signedIn()
    harness.send({ type: 'session.expired' })
    expect(selectSession(harness.snapshot)).toBeNull()
    expect(selectIsAuthenticated(harness.snapshot)).toBe(false)
    expect(harness.snapshot.matches({ anonymous: 'idle' })).toBe(true)
    expect(harness.emitted.at(-1)).toEqual({
      type: 'toast.show',
      message: 'La sesión ha terminado',
      placement: 'bottom-right',
    })
    expect(harness.emitted).toContainEqual({ type: 'session.ended' })
  })

  it('ignores session.expired for a visitor who never signed in', async () => {
    const harness = new MachineHarness(sessionMachine)
    harness.send({ type: 'session.check' })
    await harness.resolve('fetchSession', null)
    harness.send({ type: 'session.expired' })
    expect(harness.emitted).toEqual([{ type: 'bottomBar.show' }])
  })
})

describeMachinePaths(
  sessionEntry,
  {
    settled: selectIsSettled,
    signedIn: selectIsAuthenticated,
    player: selectSession,
    loginError: selectLoginError,
    loginRetry: selectLoginRetry,
    sendingLogin: selectIsSubmitting,
    needsTerms: selectNeedsTerms,
    agreeing: selectIsAgreeing,
    termsError: selectTermsError,
    loggingOut: selectIsLoggingOut,
    balances: selectBalances,
  },
  {
    unknown: { settled: false, signedIn: false, player: null, balances: null },
    checking: { settled: false, signedIn: false, player: null },
    'anonymous.idle': {
      settled: true,
      signedIn: false,
      player: null,
      loginError: null,
      sendingLogin: false,
      balances: null,
    },
    'anonymous.submitting': { signedIn: false, loginError: null, sendingLogin: true },
    'anonymous.invalidCredentials': {
      signedIn: false,
      loginError: someText,
      loginRetry: null,
      sendingLogin: false,
    },
    'anonymous.waiting': {
      signedIn: false,
      loginError: someText,
      loginRetry: { retryAt: expect.any(String), retryAfterMs: expect.any(Number) },
      sendingLogin: false,
    },
    'anonymous.networkError': {
      signedIn: false,
      loginError: 'Ocurrio un error al procesar la petición',
      sendingLogin: false,
    },
    'authenticated.termsPending': {
      settled: true,
      signedIn: true,
      player: expect.objectContaining({ termsAgree: false }),
      needsTerms: true,
      agreeing: false,
      loggingOut: false,
    },
    'authenticated.agreeing': { signedIn: true, needsTerms: true, agreeing: true },
    'authenticated.ready': {
      settled: true,
      signedIn: true,
      player: expect.objectContaining({ termsAgree: true }),
      needsTerms: false,
      termsError: null,
      loggingOut: false,
      balances: expect.objectContaining({ gems: expect.any(Number) }),
    },
    'authenticated.loggingOut': { signedIn: true, needsTerms: false, loggingOut: true },
    loggedOut: { signedIn: false, loggingOut: true },
  },
)
