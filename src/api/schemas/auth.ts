import * as v from 'valibot'
import { emailField, mobileField, nameField, passwordField, referralCodeField } from './fields'
import { validationMessages as m } from './messages'

/** POST /api/auth/login */
export const loginBody = v.object({
  email: emailField,
  password: v.pipe(v.string(m.required), v.nonEmpty(m.required), v.maxLength(128, m.password)),
})
export type LoginBody = v.InferInput<typeof loginBody>

/** POST /api/auth/signup: the parent code must have been confirmed by GET /api/auth/validate/{code}. */
export const signupBody = v.object({
  parentCode: referralCodeField,
  name: nameField,
  email: emailField,
  phone: mobileField,
  password: passwordField,
})
export type SignupBody = v.InferInput<typeof signupBody>

/** GET /api/auth/validate/{code} */
export const validateCodeParams = v.object({ code: referralCodeField })

/** data of GET /api/auth/validate/{code}: the parent who invites. */
export type ParentCode = {
  code: string
  name: string
}

/** data of GET /api/auth/session and POST /api/auth/login. */
export type Session = {
  id: string
  name: string
  email: string
  /** The player's own invite (referral) code, uppercase. */
  code: string
  termsAgree: boolean
  rankIndex: number
}

/** data of POST /api/auth/signup. */
export type SignupResult = {
  email: string
  code: string
}
