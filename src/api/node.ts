import { request } from './http'
import type { MineState, PayoutDetail, PayoutSummary } from '../../contract/mining'
import type { Paginated } from '../../contract/pagination'
import type { RankProgress } from '../../contract/progress'

/** GET /api/node: the player's mine (mode, stations, backpack, team bonus, balances). */
export function getMine(): Promise<MineState> {
  return request<MineState>('/api/node')
}

/** GET /api/node/progress: the rank held, referrals, every rank and the week's time left. */
export function getProgress(): Promise<RankProgress> {
  return request<RankProgress>('/api/node/progress')
}

/** GET /api/node/payouts?page: what the mine, the team bonus and the ranks paid. */
export function getPayouts(page: number): Promise<Paginated<PayoutSummary>> {
  return request<Paginated<PayoutSummary>>('/api/node/payouts', { query: { page } })
}

/** GET /api/node/payouts/{id}: one credit and what produced it, as the ledger recorded it. */
export function getPayout(id: string): Promise<PayoutDetail> {
  return request<PayoutDetail>(`/api/node/payouts/${encodeURIComponent(id)}`)
}
