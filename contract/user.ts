import * as v from 'valibot'
import { booleanField } from './fields'
import { validationMessages as m } from './messages'

/** PATCH /api/user/termsAgree */
export const termsAgreeBody = v.object({ termsAgree: v.literal(true, m.termsAgree) })

/** PATCH /api/user/share/email */
export const shareEmailBody = v.object({ shareEmail: booleanField })

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
  /** ISO 8601 instant. */
  createdAt: v.pipe(v.string(), v.isoTimestamp()),
})
export type Profile = v.InferOutput<typeof profile>

/** Another player as the economy screens show them: invite code and name. */
export const playerRef = v.object({ code: v.string(), name: v.string() })
export type PlayerRef = v.InferOutput<typeof playerRef>
