import type { SnapshotFrom } from 'xstate'
import type { ConversionQuote, Payout } from '../../contract/market'
import type { PaymentMethod, Wallet } from '../../contract/payments'
import type { gemConversionMachine } from './gem-conversion.machine'

export type GemConversionSnapshot = SnapshotFrom<typeof gemConversionMachine>

export type ConversionStep = 'editing' | 'converting' | 'claimable' | 'claiming' | 'claimed'

export function selectStep(snapshot: GemConversionSnapshot): ConversionStep {
  for (const step of ['converting', 'claimable', 'claiming', 'claimed'] as const) {
    if (snapshot.matches(step)) return step
  }
  return 'editing'
}

/** The fee and the money, shown before the claim. */
export function selectQuote(snapshot: GemConversionSnapshot): ConversionQuote | null {
  return selectStep(snapshot) === 'editing' ? null : (snapshot.context.market?.quote ?? null)
}

/** The wallet the claim pays, or null when the player has none for the method. */
export function selectWallet(snapshot: GemConversionSnapshot): Wallet | null {
  return snapshot.context.market?.wallet ?? null
}

export function selectCanClaim(snapshot: GemConversionSnapshot): boolean {
  return snapshot.can({ type: 'conversion.claim' })
}

/** Whether the preview is shown without a wallet to pay: the player must add one. */
export function selectNeedsWallet(snapshot: GemConversionSnapshot): boolean {
  return snapshot.matches('claimable') && selectWallet(snapshot) === null
}

export function selectPayout(snapshot: GemConversionSnapshot): Payout | null {
  return snapshot.matches('claimed') ? snapshot.context.payout : null
}

export function selectFailure(snapshot: GemConversionSnapshot): string | null {
  return snapshot.context.failure
}

/** The server's message for the amount field. */
export function selectAmountError(snapshot: GemConversionSnapshot): string | null {
  return snapshot.matches('editing') ? (snapshot.context.fieldErrors.amount ?? null) : null
}

export function selectIsBusy(snapshot: GemConversionSnapshot): boolean {
  return snapshot.matches('converting') || snapshot.matches('claiming')
}

/** The payment method of the conversion. */
export function selectSymbol(snapshot: GemConversionSnapshot): PaymentMethod {
  return snapshot.context.symbol
}
