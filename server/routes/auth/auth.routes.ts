import { Hono } from 'hono'
import * as v from 'valibot'
import { loginBody, signupBody, validateCodeParams } from '../../../src/api/schemas/auth'
import type { RouteDeps } from '../../http/deps'
import { fail, messages, reply } from '../../http/envelope'
import { clientIp, type AppEnv } from '../../http/request-context'
import { clearSessionCookie, requireSession, setSessionCookie } from '../../http/session-cookie'
import { validate } from '../../http/validate'
import {
  EmailTakenError,
  findParentByCode,
  logIn,
  logOut,
  signUp,
  toSession,
  UnknownParentCodeError,
} from '../../services/auth'

/** GET /api/auth/session takes the route the browser is on; the server does not use it. */
const sessionQuery = v.object({ path: v.optional(v.string()) })

export function authRoutes({ db, trustProxy }: RouteDeps) {
  return new Hono<AppEnv>()
    .get('/validate/:code', validate('param', validateCodeParams), async (c) => {
      const { code } = c.req.valid('param')
      const parent = await findParentByCode(db, code)
      if (!parent) {
        return fail(c, 400, messages.unknownParentCode, {
          fields: { code: messages.unknownParentCode },
        })
      }
      return reply(c, parent, messages.validCode)
    })
    .post('/signup', validate('json', signupBody), async (c) => {
      try {
        const result = await signUp(db, c.req.valid('json'))
        return reply(c, result, messages.signedUp, 201)
      } catch (error) {
        if (error instanceof UnknownParentCodeError) {
          return fail(c, 400, messages.unknownParentCode, {
            fields: { parentCode: messages.unknownParentCode },
          })
        }
        if (error instanceof EmailTakenError) {
          return fail(c, 409, messages.emailTaken, { fields: { email: messages.emailTaken } })
        }
        throw error
      }
    })
    .get('/session', validate('query', sessionQuery), (c) => {
      const user = c.get('user')
      if (!user) return fail(c, 401, messages.sessionEnded)
      return reply(c, toSession(user))
    })
    .post('/login', validate('json', loginBody), async (c) => {
      const { email, password } = c.req.valid('json')
      const outcome = await logIn(db, {
        email,
        password,
        ip: clientIp(c, trustProxy),
        previousToken: c.get('sessionToken'),
      })
      if (outcome.kind === 'rateLimited') return fail(c, 429, messages.tooManyAttempts)
      if (outcome.kind === 'invalid') return fail(c, 401, messages.invalidCredentials)
      const { token, expiresAt, user } = outcome.session
      setSessionCookie(c, trustProxy, token, expiresAt)
      return reply(c, toSession(user), messages.loggedIn)
    })
    .post('/logout', requireSession, async (c) => {
      const token = c.get('sessionToken')
      if (token) await logOut(db, token)
      clearSessionCookie(c, trustProxy)
      return reply(c, null, messages.loggedOut)
    })
}
