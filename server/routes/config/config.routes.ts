import { Hono } from 'hono'
import { reply } from '../../http/envelope'
import type { AppEnv } from '../../http/request-context'
import { getGameConfig } from '../../services/rules'

export function configRoutes() {
  return new Hono<AppEnv>().get('/', (c) => reply(c, getGameConfig()))
}
