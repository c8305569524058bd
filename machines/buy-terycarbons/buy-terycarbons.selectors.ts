import type { SnapshotFrom } from 'xstate'
import type { buyTerycarbonsMachine } from './buy-terycarbons.machine'

export type BuyTerycarbonsSnapshot = SnapshotFrom<typeof buyTerycarbonsMachine>

export function selectIsOpen(snapshot: BuyTerycarbonsSnapshot): boolean {
  return !snapshot.matches('closed')
}

export function selectIsPaying(snapshot: BuyTerycarbonsSnapshot): boolean {
  return snapshot.matches('paying')
}

/** The Spanish message of a refused purchase, while the modal is open. */
export function selectPurchaseError(snapshot: BuyTerycarbonsSnapshot): string | null {
  return snapshot.matches('editing') ? snapshot.context.error : null
}

/** The server's messages under the fields of a refused purchase. */
export function selectPurchaseFieldErrors(
  snapshot: BuyTerycarbonsSnapshot,
): Record<string, string> {
  return snapshot.matches('editing') ? snapshot.context.fieldErrors : {}
}
