import { request } from './http'
import type { DrawEntryResult, LotteryList, LotteryListQuery } from '../../contract/lottery'

/** GET /api/lottery/list: the draws, newest first (public; with a session, the player's entries). */
export function listDraws(query: LotteryListQuery = {}): Promise<LotteryList> {
  return request<LotteryList>('/api/lottery/list', { query })
}

/** PATCH /api/user/draw: takes part in the draw, paying its entry price. */
export function enterDraw(drawId: string): Promise<DrawEntryResult> {
  return request<DrawEntryResult>('/api/user/draw', { method: 'PATCH', body: { drawId } })
}
