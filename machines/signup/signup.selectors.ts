import type { SnapshotFrom } from 'xstate'
import type { SignupTab, signupMachine } from './signup.machine'

export type SignupSnapshot = SnapshotFrom<typeof signupMachine>

export function selectTab(snapshot: SignupSnapshot): SignupTab {
  return snapshot.matches({ tab: 'withoutCode' }) ? 'withoutCode' : 'withCode'
}

/** The code as the input shows it (uppercase). */
export function selectCode(snapshot: SignupSnapshot): string {
  return snapshot.context.code
}

export function selectIsCodeChecking(snapshot: SignupSnapshot): boolean {
  return snapshot.matches({ code: 'checking' }) || snapshot.matches({ code: 'pasting' })
}

/** True once the server confirmed the code: the success icon shows. */
export function selectIsCodeConfirmed(snapshot: SignupSnapshot): boolean {
  return snapshot.matches({ code: 'confirmed' })
}

/** The name of the player who invites, once the code is confirmed. */
export function selectParentName(snapshot: SignupSnapshot): string | null {
  return selectIsCodeConfirmed(snapshot) ? snapshot.context.parentName : null
}

/** The Spanish message under the code input (unknown code, no answer). */
export function selectCodeError(snapshot: SignupSnapshot): string | null {
  return snapshot.matches({ code: 'rejected' }) || snapshot.matches({ code: 'unreachable' })
    ? snapshot.context.codeError
    : null
}

/** True when the code check could not reach the server and may be retried. */
export function selectCanRetryCode(snapshot: SignupSnapshot): boolean {
  return snapshot.matches({ code: 'unreachable' })
}

/** The submit button is enabled only with a confirmed code and no signup under way. */
export function selectCanSubmit(snapshot: SignupSnapshot): boolean {
  return snapshot.can({ type: 'signup.submit', name: '', email: '', phone: '', password: '' })
}

export function selectIsSubmitting(snapshot: SignupSnapshot): boolean {
  return snapshot.matches({ form: 'submitting' })
}

/** The server's message when the signup was refused. */
export function selectFormError(snapshot: SignupSnapshot): string | null {
  return snapshot.matches({ form: 'failed' }) ? snapshot.context.formError : null
}

/** The server's per-field messages of a refused signup, by field name. */
export function selectFieldErrors(snapshot: SignupSnapshot): Record<string, string> {
  return snapshot.matches({ form: 'failed' }) ? snapshot.context.fieldErrors : {}
}

export function selectHasSucceeded(snapshot: SignupSnapshot): boolean {
  return snapshot.matches({ form: 'succeeded' })
}
