import type { SnapshotFrom } from 'xstate'
import type { sessionMachine } from './session.machine'
import type { Session } from '../../contract/auth'
import type { Balances } from '../../contract/user'

export type SessionSnapshot = SnapshotFrom<typeof sessionMachine>

/** The signed-in player, or null for a visitor (and while the check is running). */
export function selectSession(snapshot: SessionSnapshot): Session | null {
  return snapshot.context.session
}

export function selectIsAuthenticated(snapshot: SessionSnapshot): boolean {
  return snapshot.matches('authenticated')
}

/** True once the app knows whether someone is signed in: route guards wait for this. */
export function selectIsSettled(snapshot: SessionSnapshot): boolean {
  return !snapshot.matches('unknown') && !snapshot.matches('checking')
}

/** The Spanish message to show under the login form, if the last attempt failed. */
export function selectLoginError(snapshot: SessionSnapshot): string | null {
  const failed =
    snapshot.matches({ anonymous: 'invalidCredentials' }) ||
    snapshot.matches({ anonymous: 'networkError' }) ||
    snapshot.matches({ anonymous: 'waiting' })
  return failed ? snapshot.context.error : null
}

/**
 * When a login refused for a while may be tried again (the form counts down to it and cannot be
 * sent meanwhile), or null.
 */
export function selectLoginRetry(
  snapshot: SessionSnapshot,
): { retryAt: string; retryAfterMs: number } | null {
  return snapshot.matches({ anonymous: 'waiting' }) ? snapshot.context.retry : null
}

/** True while the login form waits for the server (disable the button, show progress). */
export function selectIsSubmitting(snapshot: SessionSnapshot): boolean {
  return snapshot.matches({ anonymous: 'submitting' })
}

/** True while the signed-in player still has to agree to the terms (or the agreement is sent). */
export function selectNeedsTerms(snapshot: SessionSnapshot): boolean {
  return (
    snapshot.matches({ authenticated: 'termsPending' }) ||
    snapshot.matches({ authenticated: 'agreeing' })
  )
}

/** True while the terms agreement is being recorded. */
export function selectIsAgreeing(snapshot: SessionSnapshot): boolean {
  return snapshot.matches({ authenticated: 'agreeing' })
}

/** The Spanish message of a terms agreement that could not be recorded. */
export function selectTermsError(snapshot: SessionSnapshot): string | null {
  return snapshot.matches({ authenticated: 'termsPending' }) ? snapshot.context.error : null
}

/** True while logging out (disable SALIR). */
export function selectIsLoggingOut(snapshot: SessionSnapshot): boolean {
  return snapshot.matches({ authenticated: 'loggingOut' }) || snapshot.matches('loggedOut')
}

/** The signed-in player's balances, for the layout; null for a visitor. */
export function selectBalances(snapshot: SessionSnapshot): Balances | null {
  return snapshot.context.session?.balances ?? null
}
