import type { SnapshotFrom } from 'xstate'
import type { SignupTab, signupMachine } from './signup.machine'

export type SignupSnapshot = SnapshotFrom<typeof signupMachine>

export function selectTab(snapshot: SignupSnapshot): SignupTab {
  return snapshot.matches({ filling: { tab: 'withoutCode' } }) ? 'withoutCode' : 'withCode'
}

/** The code as the input shows it (uppercase). */
export function selectCode(snapshot: SignupSnapshot): string {
  return snapshot.context.code
}

export function selectIsCodeChecking(snapshot: SignupSnapshot): boolean {
  return (
    snapshot.matches({ filling: { code: 'checking' } }) ||
    snapshot.matches({ filling: { code: 'pasting' } })
  )
}

/** True once the server confirmed the code: the success icon shows. */
export function selectIsCodeConfirmed(snapshot: SignupSnapshot): boolean {
  return snapshot.matches({ filling: { code: 'confirmed' } })
}

/** The name of the player who invites, once the code is confirmed. */
export function selectParentName(snapshot: SignupSnapshot): string | null {
  return selectIsCodeConfirmed(snapshot) ? snapshot.context.parentName : null
}

/** The Spanish message under the code input (unknown code, no answer). */
export function selectCodeError(snapshot: SignupSnapshot): string | null {
  return snapshot.matches({ filling: { code: 'rejected' } }) ||
    snapshot.matches({ filling: { code: 'unreachable' } })
    ? snapshot.context.codeError
    : null
}

/** True when the code check could not reach the server and may be retried. */
export function selectCanRetryCode(snapshot: SignupSnapshot): boolean {
  return snapshot.matches({ filling: { code: 'unreachable' } })
}

/** The submit button is enabled only with a confirmed code and no signup under way. */
export function selectCanSubmit(snapshot: SignupSnapshot): boolean {
  return snapshot.can({ type: 'signup.submit', name: '', email: '', phone: '', password: '' })
}

export function selectIsSubmitting(snapshot: SignupSnapshot): boolean {
  return snapshot.matches({ filling: { form: 'submitting' } })
}

/** The server's message when the signup was refused. */
export function selectFormError(snapshot: SignupSnapshot): string | null {
  return snapshot.matches({ filling: { form: 'failed' } }) ? snapshot.context.formError : null
}

/** The server's per-field messages of a refused signup, by field name. */
export function selectFieldErrors(snapshot: SignupSnapshot): Record<string, string> {
  return snapshot.matches({ filling: { form: 'failed' } }) ? snapshot.context.fieldErrors : {}
}

export function selectHasSucceeded(snapshot: SignupSnapshot): boolean {
  return snapshot.matches('registered')
}
