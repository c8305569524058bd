import { request } from './http'
import type {
  BoardPage,
  OfferResult,
  OwnOffersPage,
  PurchaseResult,
  SellOfferBody,
  TradeHistoryPage,
} from '../../contract/trading'

/** GET /api/trading?page: the open offers. */
export function listBoard(page: number): Promise<BoardPage> {
  return request<BoardPage>('/api/trading', { query: { page } })
}

/** GET /api/trading/own?page: the player's offers. */
export function listOwnOffers(page: number): Promise<OwnOffersPage> {
  return request<OwnOffersPage>('/api/trading/own', { query: { page } })
}

/** GET /api/trading/history?page: the player's trades, both sides. */
export function listTradeHistory(page: number): Promise<TradeHistoryPage> {
  return request<TradeHistoryPage>('/api/trading/history', { query: { page } })
}

/** POST /api/trading/buy */
export function buyOffer(offerId: number): Promise<PurchaseResult> {
  return request<PurchaseResult>('/api/trading/buy', { method: 'POST', body: { offerId } })
}

/** POST /api/trading: lists a sell offer. */
export function createOffer(body: SellOfferBody): Promise<OfferResult> {
  return request<OfferResult>('/api/trading', { method: 'POST', body })
}

/** DELETE /api/trading: cancels one of the player's offers. */
export function cancelOffer(offerId: number): Promise<OfferResult> {
  return request<OfferResult>('/api/trading', { method: 'DELETE', body: { offerId } })
}
