import { request } from './http'
import type { GemTransferResult, SendGemsBody } from '../../contract/market'
import type { FuelPurchase, FuelPurchaseBody } from '../../contract/mining'

/** POST /api/inventory/send/gems */
export function sendGems(body: SendGemsBody): Promise<GemTransferResult> {
  return request<GemTransferResult>('/api/inventory/send/gems', { method: 'POST', body })
}

/** POST /api/inventory/purchase/fuel: buys terycarbons with terydollars or gems. */
export function buyFuel(body: FuelPurchaseBody): Promise<FuelPurchase> {
  return request<FuelPurchase>('/api/inventory/purchase/fuel', { method: 'POST', body })
}
