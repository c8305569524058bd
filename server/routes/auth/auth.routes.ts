import { Hono } from 'hono'
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
} from '../../../contract/auth'
import { apiMessages } from '../../../contract/messages'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { clientIp, type AppEnv } from '../../http/request-context'
import { clearSessionCookie, setSessionCookie } from '../../http/session-cookie'
import { validate } from '../../http/validate'
import { fieldError } from '../../services/errors'
import { getBalances } from '../../services/ledger'
import { findParentByCode, logIn, logOut, signUp, toSession } from '../../services/auth'

export function authRoutes({ db, trustProxy, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(
      '/validate/:code',
      endpoint({
        summary: 'Checks a referral (parent) code before signup.',
        description: 'The code is compared in upper case, so any letter case is accepted.',
        auth: 'public',
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
      }),
      validate('param', validateCodeParams),
      async (c) => {
        const { code } = c.req.valid('param')
        const parent = await findParentByCode(db, code)
        if (!parent) throw fieldError(400, 'code', apiMessages.unknownParentCode)
        return reply(c, parent)
      },
    )
    .post(
      '/signup',
      endpoint({
        summary: 'Creates a player under a parent code.',
        description:
          "Does not log in (no cookie). `data.code` is the new player's own invite code: 8 characters from `ABCDEFGHJKMNPQRSTUVWXYZ23456789`. Pays the welcome and referral rewards (docs/economy.md). Of two simultaneous signups with one email, exactly one succeeds.",
        auth: 'public',
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
        ],
      }),
      validate('json', signupBody),
      async (c) => reply(c, await signUp(db, c.req.valid('json'), clientIp(c, trustProxy), now())),
    )
    .get(
      '/session',
      endpoint({
        summary: 'The signed-in player, or null for a visitor.',
        description:
          "A browser without a valid session is a visitor, a normal state answered 200 with `data: null` (the spec: the session is null or an object), so a visitor's console stays clean. The query `path` (the route the browser is on) is accepted and ignored.",
        auth: 'public',
        response: sessionAnswer,
      }),
      validate('query', sessionQuery),
      (c) => {
        const { user, sessionBalances } = c.var
        return reply(c, user && sessionBalances ? toSession(user, sessionBalances) : null)
      },
    )
    .post(
      '/login',
      endpoint({
        summary: 'Logs in and sets the session cookie.',
        description:
          'Issues a new session token and ends the session the browser came with, if any (see Sessions).',
        auth: 'public',
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
            when: 'Too many failed logins from this IP address, for this email from this IP address (lockouts that double), or for this email from everywhere; the right password is refused too until Retry-After.',
          },
          {
            status: 503,
            message: apiMessages.busy,
            when: 'Too many password checks are waiting already (Retry-After says when to try again).',
          },
        ],
      }),
      validate('json', loginBody),
      async (c) => {
        const { email, password } = c.req.valid('json')
        const { token, expiresAt, user } = await logIn(db, {
          email,
          password,
          ip: clientIp(c, trustProxy),
          previousToken: c.get('sessionToken'),
        })
        setSessionCookie(c, trustProxy, token, expiresAt)
        return reply(c, toSession(user, await getBalances(db, user.id)))
      },
    )
    .post(
      '/logout',
      endpoint({
        summary: 'Ends the session and clears the cookie.',
        description:
          'Send an empty JSON body (`{}`). The token stops working at once, wherever it was copied to.',
        auth: 'session',
        response: v.null(),
        message: apiMessages.loggedOut,
      }),
      async (c) => {
        const token = c.get('sessionToken')
        if (token) await logOut(db, token)
        clearSessionCookie(c, trustProxy)
        return reply(c, null)
      },
    )
}
