import * as v from 'valibot'
import { requiredText } from './fields'
import { validationMessages as m } from './messages'
import { amountMessages } from './economy-messages'

/** The smallest and largest whole amount a rule allows. */
export type Bounds = { min: number; max: number }

/** A whole amount within bounds, as a JSON body sends it. */
export function amountField({ min, max }: Bounds) {
  return v.pipe(
    v.number(m.digits),
    v.integer(m.digits),
    v.minValue(min, amountMessages.min(min)),
    v.maxValue(max, amountMessages.max(max)),
  )
}

/**
 * The same rule for a form's text input: digits only, read as a number, then the bounds. Forms
 * check it as the player types (src/components/use-form.ts) with the rules GET /api/config serves.
 */
export function amountText({ min, max }: Bounds) {
  return v.pipe(
    requiredText,
    v.regex(/^\d{1,12}$/, m.digits),
    v.transform(Number),
    v.minValue(min, amountMessages.min(min)),
    v.maxValue(max, amountMessages.max(max)),
  )
}
