import type { SnapshotFrom } from 'xstate'
import type { PaymentMethod } from '../../contract/payments'
import type { TerydollarOrder } from '../../contract/terydollar'
import type { terydollarPurchaseMachine } from './terydollar-purchase.machine'

export type TerydollarPurchaseSnapshot = SnapshotFrom<typeof terydollarPurchaseMachine>

export type PurchaseStep =
  | 'loading'
  | 'loadFailed'
  | 'method'
  | 'amount'
  | 'ordering'
  | 'voucher'
  | 'sendingVoucher'
  | 'review'
  | 'approved'
  | 'rejected'

type StateName = Parameters<TerydollarPurchaseSnapshot['matches']>[0]

const steps: readonly [StateName, PurchaseStep][] = [
  ['loadFailed', 'loadFailed'],
  ['choosingMethod', 'method'],
  ['enteringAmount', 'amount'],
  ['ordering', 'ordering'],
  ['awaitingVoucher', 'voucher'],
  ['sendingVoucher', 'sendingVoucher'],
  ['voucherSent', 'review'],
  ['checking', 'review'],
]

/** What the terydollar card shows. */
export function selectStep(snapshot: TerydollarPurchaseSnapshot): PurchaseStep {
  if (snapshot.matches('reviewed')) {
    return snapshot.context.order?.state === 'approved' ? 'approved' : 'rejected'
  }
  return steps.find(([state]) => snapshot.matches(state))?.[1] ?? 'loading'
}

/** The method picked (bitcoin until the player picks another). */
export function selectMethod(snapshot: TerydollarPurchaseSnapshot): PaymentMethod {
  return snapshot.context.method
}

/** The order being paid or reviewed, or the one just reviewed. */
export function selectOrder(snapshot: TerydollarPurchaseSnapshot): TerydollarOrder | null {
  const step = selectStep(snapshot)
  return ['voucher', 'sendingVoucher', 'review', 'approved', 'rejected'].includes(step)
    ? snapshot.context.order
    : null
}

/** The message under the amount input or the voucher, or of a failed load. */
export function selectFailure(snapshot: TerydollarPurchaseSnapshot): string | null {
  return snapshot.context.failure
}

/** The server's message for the amount field, shown under the terydollar amount input. */
export function selectAmountError(snapshot: TerydollarPurchaseSnapshot): string | null {
  if (!snapshot.matches('enteringAmount')) return null
  return snapshot.context.fieldErrors.amount ?? snapshot.context.failure
}

/** The player's ENTENDIDO is being saved. */
export function selectIsAcknowledging(snapshot: TerydollarPurchaseSnapshot): boolean {
  return snapshot.matches({ reviewed: 'acknowledging' })
}

/** Why the outcome could not be acknowledged, while it still shows. */
export function selectAcknowledgeError(snapshot: TerydollarPurchaseSnapshot): string | null {
  return snapshot.matches({ reviewed: 'told' }) ? snapshot.context.failure : null
}

export function selectIsBusy(snapshot: TerydollarPurchaseSnapshot): boolean {
  return ['loading', 'ordering', 'sendingVoucher'].includes(selectStep(snapshot))
}
