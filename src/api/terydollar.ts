import { request } from './http'
import { CRYPTO_METHODS } from '../../contract/payments'
import type { BurnValue, CurrentOrder, OrderBody, TerydollarOrder } from '../../contract/terydollar'

/** GET /api/terydollar: the latest order and the player's balances. */
export function getCurrentOrder(): Promise<CurrentOrder> {
  return request<CurrentOrder>('/api/terydollar')
}

/** POST /api/terydollar (bitcoin, USDT) or /api/terydollar/other (PayPal, Nequi, Bancolombia). */
export function placeOrder(body: OrderBody): Promise<TerydollarOrder> {
  const crypto = (CRYPTO_METHODS as readonly string[]).includes(body.method)
  return request<TerydollarOrder>(crypto ? '/api/terydollar' : '/api/terydollar/other', {
    method: 'POST',
    body,
  })
}

/** POST /api/terydollar/sendOrderVoucher?orderId: the image itself is the body. */
export function sendOrderVoucher(orderId: number, file: Blob): Promise<TerydollarOrder> {
  return request<TerydollarOrder>('/api/terydollar/sendOrderVoucher', {
    method: 'POST',
    query: { orderId },
    body: file,
  })
}

/** GET /api/terydollar/burn: what burning gives. */
export function getBurnValue(): Promise<BurnValue> {
  return request<BurnValue>('/api/terydollar/burn')
}
