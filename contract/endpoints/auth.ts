import * as v from 'valibot'
import {
  loginBody,
  parentCode,
  session,
  sessionAnswer,
  sessionQuery,
  signupBody,
  signupResult,
  validateCodeParams,
} from '../auth'
import { defineEndpoint } from '../endpoint'
import { apiMessages } from '../messages'

/** GET /api/auth/validate/{code}: the parent who owns a referral code. */
export const validateCode = defineEndpoint({
  method: 'GET',
  path: '/api/auth/validate/:code',
  summary: 'Checks a referral (parent) code before signup.',
  description: 'The code is compared in upper case, so any letter case is accepted.',
  auth: 'public',
  params: validateCodeParams,
  response: parentCode,
  message: apiMessages.validCode,
  errors: [
    {
      status: 400,
      message: apiMessages.unknownParentCode,
      field: 'code',
      when: 'No player has this code.',
    },
  ],
})

/** POST /api/auth/signup: creates the player; it does not log them in. */
export const signUp = defineEndpoint({
  method: 'POST',
  path: '/api/auth/signup',
  summary: 'Creates a player under a parent code.',
  description:
    "Does not log in (no cookie). `data.code` is the new player's own invite code: 8 characters from `ABCDEFGHJKMNPQRSTUVWXYZ23456789`. Pays the welcome reward; the parent's referral reward waits until the new player first plays (docs/economy.md, decision 026). `deviceId` is the browser's device id, as missions send it. At most `rules.signup.perAddressPerDay` players are created from one address and `rules.signup.perDevicePerDay` from one device in 24 hours (GET /api/config). Of two simultaneous signups with one email, exactly one succeeds.",
  auth: 'public',
  body: signupBody,
  response: signupResult,
  status: 201,
  message: apiMessages.signedUp,
  errors: [
    {
      status: 400,
      message: apiMessages.unknownParentCode,
      field: 'parentCode',
      when: 'No player has the parent code.',
    },
    {
      status: 409,
      message: apiMessages.emailTaken,
      field: 'email',
      when: 'The email is registered already, in any letter case.',
    },
    {
      status: 429,
      message: apiMessages.tooManyAttempts,
      when: 'Too many refused signups from this IP address recently (Retry-After says when to try again).',
    },
    {
      status: 429,
      message: apiMessages.signupsFromAddress,
      when: 'The day’s signups from this address are used up (Retry-After says when one is free again).',
    },
    {
      status: 429,
      message: apiMessages.signupsFromDevice,
      when: 'The day’s signups from this device are used up (Retry-After says when one is free again).',
    },
  ],
})

/** GET /api/auth/session: the signed-in player, or null for a visitor. */
export const getSession = defineEndpoint({
  method: 'GET',
  path: '/api/auth/session',
  summary: 'The signed-in player, or null for a visitor.',
  description:
    "A browser without a valid session is a visitor, a normal state answered 200 with `data: null` (the spec: the session is null or an object), so a visitor's console stays clean. The query `path` (the route the browser is on) is accepted and ignored.",
  auth: 'public',
  query: sessionQuery,
  response: sessionAnswer,
  // A 401 here is never the expiry of the page's session.
  policy: 'anonymous',
})

/** POST /api/auth/login: a 401 here means wrong credentials, never an expired session. */
export const logIn = defineEndpoint({
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Logs in and sets the session cookie.',
  description:
    'Issues a new session token and ends the session the browser came with, if any, and a device cookie that makes this browser a known one for the account (see Sessions).',
  auth: 'public',
  body: loginBody,
  response: session,
  message: apiMessages.loggedIn,
  errors: [
    {
      status: 401,
      message: apiMessages.invalidCredentials,
      when: 'The password is wrong or no player has this email (the same answer for both).',
    },
    {
      status: 429,
      message: apiMessages.tooManyAttempts,
      when: 'Too many failed logins from this IP address, for this email from this IP address (lockouts that double), or for this email from everywhere, for a browser without a device cookie for the account; the right password is refused too until Retry-After (also in `data.retryAfterSeconds`).',
    },
    {
      status: 503,
      message: apiMessages.busy,
      when: 'Too many password checks are waiting already in the lane of this browser (known for the account) or of this address (Retry-After says when to try again, also in `data.retryAfterSeconds`).',
    },
  ],
  policy: 'anonymous',
})

/**
 * POST /api/auth/logout. A failure comes back with the server's status and message: the session
 * machine reloads to '/' on a 401 and shows a toast on anything else.
 */
export const logOut = defineEndpoint({
  method: 'POST',
  path: '/api/auth/logout',
  summary: 'Ends the session and clears the cookie.',
  description:
    'Send an empty JSON body (`{}`). The token stops working at once, wherever it was copied to.',
  auth: 'session',
  response: v.null(),
  message: apiMessages.loggedOut,
  policy: 'anonymous',
})
