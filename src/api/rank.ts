import { request } from './http'
import type { RankDetail } from './schemas/rank'

/** GET /api/rank/{id}: one rank's requirement and benefits, id 0 to 11. */
export function getRank(id: number): Promise<RankDetail> {
  return request<RankDetail>(`/api/rank/${encodeURIComponent(String(id))}`)
}
