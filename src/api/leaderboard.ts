import { request } from './http'
import type { Leaderboard } from '../../contract/team'

/** GET /api/leaderboard?page: players by the gems the game paid them this week. */
export function getLeaderboard(page: number): Promise<Leaderboard> {
  return request<Leaderboard>('/api/leaderboard', { query: { page } })
}
