import { Hono } from 'hono'
import { loginBody, sessionQuery, signupBody, validateCodeParams } from '../../../contract/auth'
import { apiMessages } from '../../../contract/messages'
import type { RouteDeps } from '../../http/deps'
import { reply } from '../../http/envelope'
import { clientIp, type AppEnv } from '../../http/request-context'
import { clearSessionCookie, requireSession, setSessionCookie } from '../../http/session-cookie'
import { validate } from '../../http/validate'
import { fieldError, DomainError } from '../../services/errors'
import { findParentByCode, logIn, logOut, signUp, toSession } from '../../services/auth'

export function authRoutes({ db, trustProxy }: RouteDeps) {
  return new Hono<AppEnv>()
    .get('/validate/:code', validate('param', validateCodeParams), async (c) => {
      const { code } = c.req.valid('param')
      const parent = await findParentByCode(db, code)
      if (!parent) throw fieldError(400, 'code', apiMessages.unknownParentCode)
      return reply(c, parent, apiMessages.validCode)
    })
    .post('/signup', validate('json', signupBody), async (c) => {
      const result = await signUp(db, c.req.valid('json'), clientIp(c, trustProxy))
      return reply(c, result, apiMessages.signedUp, 201)
    })
    .get('/session', validate('query', sessionQuery), (c) => {
      const user = c.get('user')
      if (!user) throw new DomainError(401, apiMessages.sessionEnded)
      return reply(c, toSession(user))
    })
    .post('/login', validate('json', loginBody), async (c) => {
      const { email, password } = c.req.valid('json')
      const { token, expiresAt, user } = await logIn(db, {
        email,
        password,
        ip: clientIp(c, trustProxy),
        previousToken: c.get('sessionToken'),
      })
      setSessionCookie(c, trustProxy, token, expiresAt)
      return reply(c, toSession(user), apiMessages.loggedIn)
    })
    .post('/logout', requireSession, async (c) => {
      const token = c.get('sessionToken')
      if (token) await logOut(db, token)
      clearSessionCookie(c, trustProxy)
      return reply(c, null, apiMessages.loggedOut)
    })
}
