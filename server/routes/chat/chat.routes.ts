import { Hono } from 'hono'
import { chatLink } from '../../../contract/config'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import type { AppEnv } from '../../http/request-context'
import { CHAT_URL } from '../../services/rules'

export function chatRoutes() {
  return new Hono<AppEnv>().get(
    '/',
    endpoint({
      summary: 'The support chat the floating assistant button opens.',
      auth: 'public',
      response: chatLink,
    }),
    (c) => reply(c, { link: CHAT_URL }),
  )
}
