import * as v from 'valibot'
import { emailField, mobileField, nameField, passwordField, referralCodeField } from './fields'
import { deviceIdField } from './device'
import { validationMessages as m } from './messages'
import { balances } from './user'

/** POST /api/auth/login */
export const loginBody = v.object({
  email: emailField,
  password: v.pipe(v.string(m.required), v.nonEmpty(m.required), v.maxLength(128, m.password)),
})
export type LoginBody = v.InferOutput<typeof loginBody>

/** POST /api/auth/signup: the parent code must have been confirmed by GET /api/auth/validate/{code}. */
export const signupBody = v.object({
  parentCode: referralCodeField,
  name: nameField,
  email: emailField,
  phone: mobileField,
  password: passwordField,
  /** The browser's device id, the one missions and videos send: signups are limited per device. */
  deviceId: deviceIdField,
})
export type SignupBody = v.InferOutput<typeof signupBody>
/** What the signup form sends; the browser's actor adds its device id. */
export type SignupRequest = Omit<SignupBody, 'deviceId'>

/**
 * How many accounts can be created from one address, and from one device (its `deviceId`), in 24
 * hours: a signup past either is refused with 429 (GET /api/config, `rules.signup`).
 */
export const signupLimits = v.object({ perAddressPerDay: v.number(), perDevicePerDay: v.number() })
export type SignupLimits = v.InferOutput<typeof signupLimits>

/**
 * The signup form's own fields: the body without the parent code, which the code check confirms,
 * and the device id, which the browser adds.
 */
export const signupFields = v.omit(signupBody, ['parentCode', 'deviceId'])
export type SignupFields = v.InferOutput<typeof signupFields>

/** GET /api/auth/validate/{code} */
export const validateCodeParams = v.object({ code: referralCodeField })

/** GET /api/auth/session takes the route the browser is on; the server does not use it. */
export const sessionQuery = v.object({ path: v.optional(v.string(m.text)) })

/** data of GET /api/auth/validate/{code}: the parent who invites. */
export const parentCode = v.object({ code: v.string(), name: v.string() })
export type ParentCode = v.InferOutput<typeof parentCode>

/** data of GET /api/auth/session and POST /api/auth/login: the signed-in player. */
export const session = v.object({
  id: v.string(),
  name: v.string(),
  email: v.string(),
  /** The player's own invite (referral) code, uppercase. */
  code: v.string(),
  termsAgree: v.boolean(),
  rankIndex: v.number(),
  /** What the layout shows; money-moving answers carry the new ones, so it updates at once. */
  balances,
})
export type Session = v.InferOutput<typeof session>

/**
 * data of GET /api/auth/session: the signed-in player, or null for a visitor (the spec: the session
 * is null or an object). A visitor is a normal state, not an error.
 */
export const sessionAnswer = v.nullable(session)

/** data of POST /api/auth/signup: the new player's email and own code; it does not log in. */
export const signupResult = v.object({ email: v.string(), code: v.string() })
export type SignupResult = v.InferOutput<typeof signupResult>
