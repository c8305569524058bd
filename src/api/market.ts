import { request } from './http'
import type { ConversionResult, MarketOverview } from '../../contract/market'
import type { PaymentMethod } from '../../contract/payments'

/** GET /api/market/{inventoryId}?symbol&amount: gems, payouts, and the method's wallet and quote. */
export function getMarket(
  inventoryId: string,
  symbol?: PaymentMethod,
  amount?: number,
): Promise<MarketOverview> {
  return request<MarketOverview>(`/api/market/${encodeURIComponent(inventoryId)}`, {
    query: { symbol, amount },
  })
}

/** POST /api/market/transfer/{symbol}: converts gems and asks for the payout. */
export function convertGems(symbol: PaymentMethod, amount: number): Promise<ConversionResult> {
  return request<ConversionResult>(`/api/market/transfer/${symbol}`, {
    method: 'POST',
    body: { amount },
  })
}
