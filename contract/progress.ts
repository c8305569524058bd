import * as v from 'valibot'
import { isoInstant } from './fields'
import { rankRequirement } from './config'
import { balances, rankSummary } from './user'
import { miningMessages } from './mining'

/** One of the twelve ranks as the player's progress sees it. */
export const rankStep = v.object({
  index: v.number(),
  name: v.string(),
  percent: v.number(),
  /** Gems claimable once when the rank is reached. */
  gems: v.number(),
  requirement: rankRequirement,
  /** The team meets the rank's requirement now. */
  reached: v.boolean(),
  /** Its gems were claimed. */
  claimed: v.boolean(),
})
export type RankStep = v.InferOutput<typeof rankStep>

/** data of GET /api/node/progress: rank, referrals, the next rank, the week's time left. */
export const rankProgress = v.object({
  /** The rank the player holds (its percent applies to the team bonus). */
  rank: rankSummary,
  /** Everyone in the team over the 8 generations, and the direct referrals, played or not. */
  team: v.number(),
  direct: v.number(),
  /**
   * Of those, the members who qualified by playing (a verified mission claimed or a video
   * finished, decision 026): what rank requirements count, so `next` is measured on these.
   */
  qualified: v.object({ team: v.number(), direct: v.number() }),
  /** The next rank and how far the player is toward it (0 to 100); null at the top. */
  next: v.nullable(
    v.object({
      index: v.number(),
      name: v.string(),
      missingTeam: v.number(),
      missingDirect: v.number(),
      percent: v.number(),
    }),
  ),
  ranks: v.array(rankStep),
  /**
   * The reached ranks whose gems wait to be claimed, highest first: the page announces the first
   * and opens its pager there.
   */
  claimable: v.array(v.number()),
  /** The player played once (decision 026): until then no rank's gems can be claimed. */
  played: v.boolean(),
  /** The Bogota week (Monday to Monday) and the seconds until its reset. */
  week: v.object({ start: isoInstant, end: isoInstant, secondsLeft: v.number() }),
})
export type RankProgress = v.InferOutput<typeof rankProgress>

/** GET /api/user/gainReward?gainRewardTarget= : the rank index, as text. */
export const gainRewardQuery = v.object({
  gainRewardTarget: v.pipe(
    v.string(miningMessages.rankIndex),
    v.trim(),
    v.regex(/^(\d|1[01])$/, miningMessages.rankIndex),
  ),
})

/** PATCH /api/user/gainReward */
export const gainRewardBody = v.object({
  gainRewardTarget: v.pipe(
    v.number(miningMessages.rankIndex),
    v.integer(miningMessages.rankIndex),
    v.minValue(0, miningMessages.rankIndex),
    v.maxValue(11, miningMessages.rankIndex),
  ),
})

/** data of GET /api/user/gainReward: whether a rank's gems can be claimed. */
export const rankReward = v.object({
  rankIndex: v.number(),
  name: v.string(),
  gems: v.number(),
  reached: v.boolean(),
  claimed: v.boolean(),
  /**
   * The player earned a reward by playing once (a verified mission claimed, a video finished):
   * until then no rank's gems can be claimed, Bronce I's included (issue 29: farmed signups).
   */
  played: v.boolean(),
})
export type RankReward = v.InferOutput<typeof rankReward>

/** data of PATCH /api/user/gainReward */
export const rankRewardClaim = v.object({
  ...rankReward.entries,
  /** The rank the player holds now: claiming a higher rank's gems promotes them to it. */
  rank: rankSummary,
  /** The credit that paid it: GET /api/node/payouts/{id} explains it. */
  payoutId: v.string(),
  balances,
})
export type RankRewardClaim = v.InferOutput<typeof rankRewardClaim>
