import type { SnapshotFrom } from 'xstate'
import type { SellOfferTerms, sellOfferMachine } from './sell-offer.machine'

export type SellOfferSnapshot = SnapshotFrom<typeof sellOfferMachine>

export type SellOfferStep = 'editing' | 'previewing' | 'submitting' | 'listed' | 'failed'

export function selectStep(snapshot: SellOfferSnapshot): SellOfferStep {
  for (const step of ['previewing', 'submitting', 'listed', 'failed'] as const) {
    if (snapshot.matches(step)) return step
  }
  return 'editing'
}

/** The fee and escrow preview, while it is shown (and while the offer is sent). */
export function selectTerms(snapshot: SellOfferSnapshot): SellOfferTerms | null {
  return selectStep(snapshot) === 'editing' ? null : snapshot.context.terms
}

export function selectFailure(snapshot: SellOfferSnapshot): string | null {
  return snapshot.matches('failed') ? snapshot.context.failure : null
}

/** The server's messages under the form's fields. */
export function selectFieldErrors(snapshot: SellOfferSnapshot): Record<string, string> {
  return snapshot.matches('failed') ? snapshot.context.fieldErrors : {}
}
