import { Hono } from 'hono'
import type { ChatLink } from '../../../contract/config'
import { reply } from '../../http/envelope'
import type { AppEnv } from '../../http/request-context'
import { CHAT_URL } from '../../services/rules'

export function chatRoutes() {
  return new Hono<AppEnv>().get('/', (c) => reply<ChatLink>(c, { link: CHAT_URL }))
}
