import { request } from './http'
import type { Wallet, WalletBody } from '../../contract/payments'

/** GET /api/wallet/{id}: the player's wallets (id: their inventory, the player id). */
export function getWallets(inventoryId: string): Promise<Wallet[]> {
  return request<Wallet[]>(`/api/wallet/${encodeURIComponent(inventoryId)}`)
}

/** POST /api/wallet: adds or replaces the wallet of a method. */
export function saveWallet(body: WalletBody): Promise<Wallet[]> {
  return request<Wallet[]>('/api/wallet', { method: 'POST', body })
}
