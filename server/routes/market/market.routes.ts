import { Hono } from 'hono'
import * as market from '../../../contract/endpoints/market'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { fieldError, DomainError } from '../../services/errors'
import { convertGems, getMarketOverview } from '../../services/market'
import { MARKET_RULES } from '../../services/rules'
import { economyMessages, amountMessages } from '../../../contract/economy-messages'

const { min, max } = MARKET_RULES.gems

/** The quote's amount: within the conversion's bounds, or the field's message. */
function quoteAmount(raw: string | undefined): number | null {
  if (raw === undefined) return null
  const amount = Number(raw)
  if (amount < min) throw fieldError(400, 'amount', amountMessages.min(min))
  if (amount > max) throw fieldError(400, 'amount', amountMessages.max(max))
  return amount
}

export function marketRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(...endpoint(market.getMarket, MARKET_RULES), async (c) => {
      const { inventoryId } = c.req.valid('param')
      if (inventoryId !== c.var.user.id)
        throw new DomainError(404, economyMessages.inventoryNotFound)
      const { symbol, amount } = c.req.valid('query')
      return reply(
        c,
        await getMarketOverview(db, c.var.user.id, symbol ?? null, quoteAmount(amount)),
      )
    })
    .post(...endpoint(market.convertGems, MARKET_RULES), idempotent(db), async (c) => {
      const { symbol } = c.req.valid('param')
      const { amount } = c.req.valid('json')
      return reply(c, await convertGems(c.var.db, c.var.user.id, symbol, amount, now()))
    })
}
