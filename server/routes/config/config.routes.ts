import { Hono } from 'hono'
import * as config from '../../../contract/endpoints/config'
import { endpoint } from '../../http/endpoint'
import { replyConstant } from '../../http/envelope'
import type { AppEnv } from '../../http/request-context'
import { getGameConfig } from '../../services/rules'

export function configRoutes() {
  return new Hono<AppEnv>().get(...endpoint(config.getConfig), replyConstant(getGameConfig))
}
