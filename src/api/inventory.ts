import { request } from './http'
import type { FuelPurchase, FuelPurchaseBody } from '../../contract/mining'

/** POST /api/inventory/purchase/fuel: buys terycarbons with terydollars or gems. */
export function buyFuel(body: FuelPurchaseBody): Promise<FuelPurchase> {
  return request<FuelPurchase>('/api/inventory/purchase/fuel', { method: 'POST', body })
}
