import type { SnapshotFrom } from 'xstate'
import type { reactivationMachine } from './reactivation.machine'

export type ReactivationSnapshot = SnapshotFrom<typeof reactivationMachine>

/** The modal shows while the account waits to be reactivated. */
export function selectIsRequired(snapshot: ReactivationSnapshot): boolean {
  return snapshot.matches('required') || snapshot.matches('submitting')
}

export function selectIsSubmitting(snapshot: ReactivationSnapshot): boolean {
  return snapshot.matches('submitting')
}

/** The code as the input shows it (uppercase). */
export function selectCode(snapshot: ReactivationSnapshot): string {
  return snapshot.context.code
}

/** Why the code was refused, in Spanish. */
export function selectCodeError(snapshot: ReactivationSnapshot): string | null {
  return snapshot.matches('required') ? snapshot.context.error : null
}

/** Whose code reactivates the account: the sponsor's, or the player's own without one. */
export function selectHasSponsor(snapshot: ReactivationSnapshot): boolean {
  return snapshot.context.standing?.hasSponsor ?? true
}
