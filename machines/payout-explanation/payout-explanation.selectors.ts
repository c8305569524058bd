import type { SnapshotFrom } from 'xstate'
import type { PayoutDetail } from '../../contract/mining'
import type { payoutExplanationMachine } from './payout-explanation.machine'

export type PayoutExplanationSnapshot = SnapshotFrom<typeof payoutExplanationMachine>

/** The explanation modal shows. */
export function selectIsExplanationOpen(snapshot: PayoutExplanationSnapshot): boolean {
  return snapshot.matches('open')
}

/** The payout is being read: a spinner shows in the modal. */
export function selectIsExplanationLoading(snapshot: PayoutExplanationSnapshot): boolean {
  return snapshot.matches({ open: 'loading' })
}

/** The payout and what produced it, once read (nothing stale while another loads or failed). */
export function selectExplainedPayout(snapshot: PayoutExplanationSnapshot): PayoutDetail | null {
  return snapshot.matches({ open: 'shown' }) ? snapshot.context.payout : null
}

/** Why the payout could not be read, with REINTENTAR. */
export function selectExplanationError(snapshot: PayoutExplanationSnapshot): string | null {
  return snapshot.matches({ open: 'failed' }) ? snapshot.context.error : null
}
