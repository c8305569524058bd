import { Hono } from 'hono'
import * as chat from '../../../contract/endpoints/chat'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import type { AppEnv } from '../../http/request-context'
import { CHAT_URL } from '../../services/rules'

export function chatRoutes() {
  return new Hono<AppEnv>().get(...endpoint(chat.getChat), (c) => reply(c, { link: CHAT_URL }))
}
