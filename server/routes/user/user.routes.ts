import { Hono } from 'hono'
import { apiMessages } from '../../../contract/messages'
import { shareEmailBody, termsAgreeBody } from '../../../contract/user'
import type { RouteDeps } from '../../http/deps'
import { reply } from '../../http/envelope'
import type { AppEnv } from '../../http/request-context'
import { requireSession, sessionUser } from '../../http/session-cookie'
import { validate } from '../../http/validate'
import { agreeTerms, getProfile, setShareEmail } from '../../services/users'

export function userRoutes({ db }: RouteDeps) {
  return new Hono<AppEnv>()
    .use(requireSession)
    .patch('/termsAgree', validate('json', termsAgreeBody), async (c) => {
      return reply(c, await agreeTerms(db, sessionUser(c).id), apiMessages.termsAgreed)
    })
    .get('/profile', async (c) => {
      return reply(c, await getProfile(db, sessionUser(c).id))
    })
    .patch('/share/email', validate('json', shareEmailBody), async (c) => {
      const { shareEmail } = c.req.valid('json')
      return reply(
        c,
        await setShareEmail(db, sessionUser(c).id, shareEmail),
        apiMessages.preferenceSaved,
      )
    })
}
