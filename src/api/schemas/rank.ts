import * as v from 'valibot'
import { digitsField } from './fields'

/** GET /api/rank/{id}: id is the rank index 0 to 11. */
export const rankParams = v.object({ id: digitsField })

/** data of GET /api/rank/{id}. */
export type RankDetail = {
  index: number
  name: string
  /** Reward percentage, 4 at index 0 up to 15 at index 11. */
  percent: number
  /** What a player needs to reach this rank (team members over the 8 generations, direct referrals). */
  requirement: { team: number; direct: number }
  /** Spanish sentences describing what the rank gives. */
  benefits: string[]
}
