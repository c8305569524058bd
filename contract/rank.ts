import * as v from 'valibot'
import { rankRequirement } from './config'
import { digitsField } from './fields'

/** GET /api/rank/{id}: id is the rank index 0 to 11. */
export const rankParams = v.object({ id: digitsField })

/** data of GET /api/rank/{id}. */
export const rankDetail = v.object({
  index: v.number(),
  name: v.string(),
  /** Reward percentage, 4 at index 0 up to 15 at index 11. */
  percent: v.number(),
  requirement: rankRequirement,
  /** Spanish sentences describing what the rank gives. */
  benefits: v.array(v.string()),
})
export type RankDetail = v.InferOutput<typeof rankDetail>
