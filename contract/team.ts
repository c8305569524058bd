import * as v from 'valibot'
import { isoInstant } from './fields'
import { paginated, pageField } from './pagination'
import { rankSummary } from './user'
import { miningMessages } from './mining'

/** data of GET /api/user/team: the rank, the stations grid and the eight generation counts. */
export const teamOverview = v.object({
  rank: rankSummary,
  /** Members per generation, 1 (direct referrals) to 8. */
  generations: v.array(v.number()),
  direct: v.number(),
  total: v.number(),
  stations: v.array(
    v.object({ number: v.number(), name: v.string(), share: v.number(), on: v.boolean() }),
  ),
})
export type TeamOverview = v.InferOutput<typeof teamOverview>

/** A member of the player's team, as the team lists show them. */
export const teamMember = v.object({
  id: v.string(),
  name: v.string(),
  code: v.string(),
  rank: rankSummary,
  /** Generation below the player: 1 for a direct referral, up to 8. */
  level: v.number(),
  joinedAt: isoInstant,
  /** Under a penalty for a week without fueling a station, until they reactivate. */
  penalized: v.boolean(),
  stationsOn: v.number(),
  /** Only when the member shares it with their team. */
  email: v.nullable(v.string()),
})
export type TeamMember = v.InferOutput<typeof teamMember>

/** GET /api/user/team/{level}/level */
export const levelParams = v.object({
  level: v.pipe(v.string(miningMessages.level), v.trim(), v.regex(/^[1-8]$/, miningMessages.level)),
})

/** The query of the team lists: name or code search, penalty filter, page. */
export const teamListQuery = v.object({
  search: v.optional(
    v.pipe(v.string(miningMessages.search), v.trim(), v.maxLength(60, miningMessages.search)),
  ),
  penalty: v.optional(v.picklist(['true', 'false'], miningMessages.penalty)),
  page: pageField,
})
export type TeamListQuery = v.InferOutput<typeof teamListQuery>

export const teamMembersPage = paginated(teamMember)

/**
 * A direct referral, with the size of their own team and the referral reward they bring: pending
 * until they first earn a reward by playing (decision 026), then paid once.
 */
export const referral = v.object({
  ...teamMember.entries,
  team: v.number(),
  reward: v.object({
    gems: v.number(),
    /** When the reward was paid; null while it waits for the referral to play. */
    paidAt: v.nullable(isoInstant),
  }),
})
export type Referral = v.InferOutput<typeof referral>
export const referralsPage = paginated(referral)

/** GET /api/user/team/{id}/details */
export const memberParams = v.object({
  id: v.pipe(v.string(miningMessages.playerId), v.uuid(miningMessages.playerId)),
})

/** data of GET /api/user/team/{id}/details */
export const memberDetail = v.object({
  ...teamMember.entries,
  /** The member's sponsor (someone in the player's team, or the player). */
  parentName: v.string(),
  direct: v.number(),
  team: v.number(),
  penalties: v.number(),
  /** Gems the game paid them this Bogota week. */
  weekGems: v.number(),
})
export type MemberDetail = v.InferOutput<typeof memberDetail>

/** data of GET /api/user/founder: the first players of Tery. */
export const founders = v.object({
  founders: v.array(
    v.object({
      number: v.number(),
      name: v.string(),
      code: v.string(),
      rank: rankSummary,
      joinedAt: isoInstant,
    }),
  ),
  /** The player's own founder number, or null. */
  you: v.nullable(v.number()),
  /** How many founders there are at most. */
  limit: v.number(),
})
export type Founders = v.InferOutput<typeof founders>

/** GET /api/leaderboard */
export const leaderboardQuery = v.object({ page: pageField })

/** data of GET /api/leaderboard: players by the gems the game paid them this Bogota week. */
export const leaderboard = v.object({
  ...paginated(
    v.object({
      position: v.number(),
      name: v.string(),
      code: v.string(),
      rank: rankSummary,
      gems: v.number(),
    }),
  ).entries,
  you: v.object({ position: v.nullable(v.number()), gems: v.number() }),
  week: v.object({ start: isoInstant, end: isoInstant }),
})
export type Leaderboard = v.InferOutput<typeof leaderboard>
export type LeaderboardEntry = Leaderboard['docs'][number]
