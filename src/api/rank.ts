import { request } from './http'
import type { RankDetail } from '../../contract/rank'

/** GET /api/rank/{id}: one rank's requirement and benefits (index 0 to 11). */
export function getRank(index: number): Promise<RankDetail> {
  return request<RankDetail>(`/api/rank/${index}`)
}
