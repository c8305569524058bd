import type { SnapshotFrom } from 'xstate'
import type { DrawCheck, DrawProof, drawVerificationMachine } from './draw-verification.machine'

export type DrawVerificationSnapshot = SnapshotFrom<typeof drawVerificationMachine>

export type VerificationStatus = 'idle' | 'verifying' | 'verified' | 'mismatch' | 'unavailable'

const statuses: readonly VerificationStatus[] = ['verifying', 'verified', 'mismatch', 'unavailable']

export function selectVerificationStatus(snapshot: DrawVerificationSnapshot): VerificationStatus {
  return statuses.find((status) => snapshot.matches(status)) ?? 'idle'
}

/** The computation, once done. */
export function selectCheck(snapshot: DrawVerificationSnapshot): DrawCheck | null {
  return snapshot.matches('verified') || snapshot.matches('mismatch')
    ? snapshot.context.check
    : null
}

/** Why the check could not run. */
export function selectVerificationError(snapshot: DrawVerificationSnapshot): string | null {
  return snapshot.matches('unavailable') ? snapshot.context.error : null
}

/** The draw being checked (its number names it on screen). */
export function selectProof(snapshot: DrawVerificationSnapshot): DrawProof | null {
  return snapshot.context.proof
}
