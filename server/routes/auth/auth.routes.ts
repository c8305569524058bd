import { Hono } from 'hono'
import * as auth from '../../../contract/endpoints/auth'
import { apiMessages } from '../../../contract/messages'
import type { RouteDeps } from '../../http/deps'
import { endpoint, readingWithSession } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { clientIp, type AppEnv } from '../../http/request-context'
import {
  clearSessionCookie,
  readDeviceCookie,
  setDeviceCookie,
  setSessionCookie,
} from '../../http/session-cookie'
import { fieldError } from '../../services/errors'
import { getBalances } from '../../services/ledger'
import {
  findParentByCode,
  logIn,
  logOut,
  sessionAnswerRead,
  signUp,
  toSession,
} from '../../services/auth'

export function authRoutes({ db, trustProxy, now, signupLimits }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(...endpoint(auth.validateCode), async (c) => {
      const { code } = c.req.valid('param')
      const parent = await findParentByCode(db, code)
      if (!parent) throw fieldError(400, 'code', apiMessages.unknownParentCode)
      return reply(c, parent)
    })
    .post(...endpoint(auth.signUp), async (c) =>
      reply(c, await signUp(db, c.req.valid('json'), clientIp(c, trustProxy), now(), signupLimits)),
    )
    .get(...readingWithSession(endpoint(auth.getSession), sessionAnswerRead), (c) =>
      reply(c, c.var.read),
    )
    .post(...endpoint(auth.logIn), async (c) => {
      const { email, password } = c.req.valid('json')
      const { token, expiresAt, user, deviceCookie } = await logIn(db, {
        email,
        password,
        ip: clientIp(c, trustProxy),
        previousToken: c.get('sessionToken'),
        deviceCookie: readDeviceCookie(c, trustProxy, email),
        now: now(),
      })
      setSessionCookie(c, trustProxy, token, expiresAt)
      setDeviceCookie(c, trustProxy, user.email, deviceCookie)
      return reply(c, toSession(user, await getBalances(db, user.id)))
    })
    .post(...endpoint(auth.logOut), async (c) => {
      const token = c.get('sessionToken')
      if (token) await logOut(db, token)
      clearSessionCookie(c, trustProxy)
      return reply(c, null)
    })
}
