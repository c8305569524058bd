import * as v from 'valibot'
import { validationMessages as m } from './messages'
import { CURRENCIES, type CurrencyAmount } from './currencies'

/** An instant as the API writes it: ISO 8601 in UTC, `2026-11-20T15:00:00.000Z`. */
export const isoInstant = v.pipe(v.string(), v.isoTimestamp())

/** A required text field: trimmed, and not empty after trimming. */
export const requiredText = v.pipe(v.string(m.required), v.trim(), v.nonEmpty(m.required))

export const emailField = v.pipe(
  requiredText,
  v.toLowerCase(),
  v.maxLength(254, m.email),
  v.email(m.email),
)

/** Letters (any alphabet, with accents) and single spaces. */
export const nameField = v.pipe(
  requiredText,
  v.maxLength(60, m.name),
  v.regex(/^\p{L}+( \p{L}+)*$/u, m.name),
)

/** A Colombian mobile number: ten digits starting with 3. */
export const mobileField = v.pipe(requiredText, v.regex(/^3\d{9}$/, m.mobile))

/** Only digits, as text (route params, numeric inputs). */
export const digitsField = v.pipe(requiredText, v.regex(/^\d{1,9}$/, m.digits))

export const passwordField = v.pipe(
  v.string(m.required),
  v.nonEmpty(m.required),
  v.minLength(8, m.password),
  v.maxLength(128, m.password),
)

/** Referral codes are shown and compared in uppercase: 4 to 16 letters A-Z or digits. */
export const referralCodePattern = /^[A-Z0-9]{4,16}$/

/** Codes are shown and compared in uppercase, without surrounding spaces. */
export function normalizeCode(value: string): string {
  return value.trim().toUpperCase()
}

export const referralCodeField = v.pipe(
  requiredText,
  v.toUpperCase(),
  v.regex(referralCodePattern, m.referralCode),
)

/**
 * What the server would say of a referral code, before it is sent: the required-field message for
 * an empty one, the pattern's for a malformed one, null for a well-formed one.
 */
export function referralCodeError(value: string): string | null {
  const result = v.safeParse(referralCodeField, value)
  return result.success ? null : (result.issues[0]?.message ?? m.referralCode)
}

export const booleanField = v.boolean(m.boolean)

/** An amount of one currency (a price, a prize, a reward), in whole units. */
export const currencyAmount: v.GenericSchema<CurrencyAmount> = v.object({
  currency: v.picklist(CURRENCIES),
  amount: v.number(),
})
