import { Hono } from 'hono'
import {
  conversionBody,
  conversionResult,
  marketOverview,
  marketParams,
  marketQuery,
  transferParams,
} from '../../../contract/market'
import { apiMessages } from '../../../contract/messages'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { validate } from '../../http/validate'
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
    .get(
      '/:inventoryId',
      endpoint({
        summary: 'The market for one payment method: gems, wallet, a quote and the latest payouts.',
        description:
          'The inventory is the player’s (their player id). With `symbol`, `wallet` is the player’s wallet of that method; with `symbol` and `amount` (gems), `quote` says the fee, the gems converted after it and what is paid, in US cents, before the player converts anything. `payouts` are the latest conversions, whatever their method.',
        auth: 'session',
        response: marketOverview,
        errors: [
          {
            status: 404,
            message: economyMessages.inventoryNotFound,
            when: 'The inventory is not the player’s.',
          },
          {
            status: 400,
            message: amountMessages.min(min),
            field: 'amount',
            when: 'The amount is below what one conversion takes.',
          },
          {
            status: 400,
            message: amountMessages.max(max),
            field: 'amount',
            when: 'The amount is above what one conversion takes.',
          },
        ],
      }),
      validate('param', marketParams),
      validate('query', marketQuery),
      async (c) => {
        const { inventoryId } = c.req.valid('param')
        if (inventoryId !== c.var.user.id)
          throw new DomainError(404, economyMessages.inventoryNotFound)
        const { symbol, amount } = c.req.valid('query')
        return reply(
          c,
          await getMarketOverview(db, c.var.user.id, symbol ?? null, quoteAmount(amount)),
        )
      },
    )
    .post(
      '/transfer/:symbol',
      endpoint({
        summary: 'Converts gems to money paid out to the player’s wallet of that method.',
        description:
          'The gems leave the balance at once (the fee included) and a pending payout is recorded; an operator pays it (sent) or rejects it (the gems and the fee come back). See docs/economy.md, "Market".',
        auth: 'session',
        response: conversionResult,
        status: 201,
        message: economyMessages.conversionRequested,
        money: [{ currency: 'gems', direction: 'out' }],
        errors: [
          {
            status: 400,
            message: economyMessages.noWalletForMethod,
            when: 'The player has no wallet for the method.',
          },
          {
            status: 400,
            message: apiMessages.notEnoughGems,
            when: 'The player has fewer gems than asked.',
          },
        ],
      }),
      validate('param', transferParams),
      validate('json', conversionBody(MARKET_RULES)),
      idempotent(db),
      async (c) => {
        const { symbol } = c.req.valid('param')
        const { amount } = c.req.valid('json')
        return reply(c, await convertGems(c.var.db, c.var.user.id, symbol, amount, now()))
      },
    )
}
