import * as v from 'valibot'
import { booleanField, mobileField, referralCodeField, isoInstant } from './fields'
import { validationMessages as m } from './messages'

/** PATCH /api/user/termsAgree */
export const termsAgreeBody = v.object({ termsAgree: v.literal(true, m.termsAgree) })

/** PATCH /api/user/share/email */
export const shareEmailBody = v.object({ shareEmail: booleanField })

/** POST /api/user/phone */
export const phoneBody = v.object({ phone: mobileField })

/** POST /api/user/enableCode: the code that reactivates a penalized account. */
export const enableCodeBody = v.object({ code: referralCodeField })

/** Whole units of each currency; the server never sends fractions. */
export const balances = v.object({
  terycarbons: v.number(),
  gems: v.number(),
  voltaCharge: v.number(),
  terydollars: v.number(),
})
export type Balances = v.InferOutput<typeof balances>

export const rankSummary = v.object({ index: v.number(), name: v.string(), percent: v.number() })
export type RankSummary = v.InferOutput<typeof rankSummary>

/** data of GET /api/user/profile and PATCH /api/user/share/email. */
export const profile = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  phone: v.string(),
  code: v.string(),
  parentCode: v.nullable(v.string()),
  shareEmail: v.boolean(),
  termsAgree: v.boolean(),
  rank: rankSummary,
  balances,
  /** Players invited directly, and the whole tree below over the 8 team generations. */
  referrals: v.object({ direct: v.number(), team: v.number() }),
  /** Under a penalty (a week without fueling a station) until reactivated with a code. */
  penalized: v.boolean(),
  /** The game so far, read from the ledger and the mine. */
  stats: v.object({
    /** What the mine produced and the player collected, per currency. */
    mined: v.object({ terycarbons: v.number(), gems: v.number() }),
    teamBonusGems: v.number(),
    rankGems: v.number(),
    /** Gems the game paid this Bogota week (the leaderboard's figure). */
    weekGems: v.number(),
    stationsOn: v.number(),
    penalties: v.number(),
  }),
  /** ISO 8601 instant. */
  createdAt: isoInstant,
})
export type Profile = v.InferOutput<typeof profile>

/** Another player as the economy screens show them: invite code and name. */
export const playerRef = v.object({ code: v.string(), name: v.string() })
export type PlayerRef = v.InferOutput<typeof playerRef>
