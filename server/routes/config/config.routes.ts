import { Hono } from 'hono'
import { gameConfig } from '../../../contract/config'
import { endpoint } from '../../http/endpoint'
import { replyConstant } from '../../http/envelope'
import type { AppEnv } from '../../http/request-context'
import { getGameConfig } from '../../services/rules'

export function configRoutes() {
  return new Hono<AppEnv>().get(
    '/',
    endpoint({
      summary: "The game's rules and the links the layout needs.",
      description: 'The values and what they mean are in docs/economy.md.',
      auth: 'public',
      response: gameConfig,
    }),
    replyConstant(getGameConfig),
  )
}
