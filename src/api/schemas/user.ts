import * as v from 'valibot'
import { booleanField } from './fields'

/** PATCH /api/user/termsAgree */
export const termsAgreeBody = v.object({
  termsAgree: v.literal(true, 'Debes aceptar los términos y condiciones'),
})

/** PATCH /api/user/share/email */
export const shareEmailBody = v.object({ shareEmail: booleanField })

/** Whole units of each currency; the server never sends fractions. */
export type Balances = {
  terycarbons: number
  gems: number
  voltaCharge: number
  terydollars: number
}

/** data of GET /api/user/profile. */
export type Profile = {
  id: string
  name: string
  email: string
  phone: string
  code: string
  parentCode: string | null
  shareEmail: boolean
  termsAgree: boolean
  rank: RankSummary
  balances: Balances
  /** Players invited directly, and the whole tree below over the 8 team generations. */
  referrals: { direct: number; team: number }
  /** ISO 8601 instant. */
  createdAt: string
}

export type RankSummary = {
  index: number
  name: string
  percent: number
}
