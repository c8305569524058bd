import type { SnapshotFrom } from 'xstate'
import type { PaymentMethod } from '../../contract/payments'
import type { walletMachine } from './wallet.machine'

export type WalletSnapshot = SnapshotFrom<typeof walletMachine>

/** The method whose form is open, or null. */
export function selectOpenMethod(snapshot: WalletSnapshot): PaymentMethod | null {
  return snapshot.matches('editing') || snapshot.matches('saving') ? snapshot.context.method : null
}

/** The crypto warning advice list shows with the bitcoin and USDT forms. */
export function selectShowsCryptoAdvice(snapshot: WalletSnapshot): boolean {
  const method = selectOpenMethod(snapshot)
  return method === 'btc' || method === 'usdt'
}

export function selectIsSaving(snapshot: WalletSnapshot): boolean {
  return snapshot.matches('saving')
}

export function selectHasSaved(snapshot: WalletSnapshot): boolean {
  return snapshot.matches('saved')
}

/** The server's message for the address, under the field. */
export function selectAddressError(snapshot: WalletSnapshot): string | null {
  if (!snapshot.matches('editing')) return null
  return snapshot.context.fieldErrors.address ?? snapshot.context.failure
}
