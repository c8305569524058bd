import type { SnapshotFrom } from 'xstate'
import type { OfferSummary, tradingOfferMachine } from './trading-offer.machine'
import type { TradeEntry } from '../../contract/trading'

export type TradingOfferSnapshot = SnapshotFrom<typeof tradingOfferMachine>

/** Which dialog the board shows, if any. */
export type TradingOfferDialog =
  | 'confirmBuy'
  | 'buying'
  | 'bought'
  | 'buyFailed'
  | 'confirmCancel'
  | 'cancelling'
  | 'cancelled'
  | 'cancelFailed'
  | null

export function selectDialog(snapshot: TradingOfferSnapshot): TradingOfferDialog {
  if (snapshot.matches('confirmingBuy')) return 'confirmBuy'
  if (snapshot.matches('buying')) return 'buying'
  if (snapshot.matches('bought')) return 'bought'
  if (snapshot.matches('failed')) return 'buyFailed'
  if (snapshot.matches('confirmingCancel')) return 'confirmCancel'
  if (snapshot.matches('cancelling')) return 'cancelling'
  if (snapshot.matches('cancelled')) return 'cancelled'
  if (snapshot.matches('cancelFailed')) return 'cancelFailed'
  return null
}

/** The offer the dialog is about. */
export function selectOffer(snapshot: TradingOfferSnapshot): OfferSummary | null {
  return snapshot.context.offer
}

/** The trade of a purchase that went through. */
export function selectTrade(snapshot: TradingOfferSnapshot): TradeEntry | null {
  return snapshot.matches('bought') ? snapshot.context.trade : null
}

/** Why a buy or a cancel was refused, in Spanish. */
export function selectFailure(snapshot: TradingOfferSnapshot): string | null {
  return snapshot.matches('failed') || snapshot.matches('cancelFailed')
    ? snapshot.context.failure
    : null
}

/** Why a buy failed, for the words around the server's message. */
export function selectBuyFailure(
  snapshot: TradingOfferSnapshot,
): 'gone' | 'notEnoughFunds' | 'ownOffer' | 'error' | null {
  if (snapshot.matches({ failed: 'gone' })) return 'gone'
  if (snapshot.matches({ failed: 'notEnoughFunds' })) return 'notEnoughFunds'
  if (snapshot.matches({ failed: 'ownOffer' })) return 'ownOffer'
  if (snapshot.matches({ failed: 'error' })) return 'error'
  return null
}

export function selectCanRetry(snapshot: TradingOfferSnapshot): boolean {
  return snapshot.can({ type: 'offer.retry' })
}

/** Whether a call is on its way (the dialog's buttons wait). */
export function selectIsBusy(snapshot: TradingOfferSnapshot): boolean {
  return snapshot.matches('buying') || snapshot.matches('cancelling')
}
