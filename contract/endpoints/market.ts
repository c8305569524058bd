import { amountMessages, economyMessages } from '../economy-messages'
import {
  conversionBody,
  conversionResult,
  marketOverview,
  marketParams,
  marketQuery,
  transferParams,
  type MarketRules,
} from '../market'
import { apiMessages } from '../messages'
import { defineEndpoint } from '../endpoint'

export const getMarket = defineEndpoint({
  method: 'GET',
  path: '/api/market/:inventoryId',
  summary: 'The market for one payment method: gems, wallet, a quote and the latest payouts.',
  description:
    'The inventory is the player’s (their player id). With `symbol`, `wallet` is the player’s wallet of that method; with `symbol` and `amount` (gems), `quote` says the fee, the gems converted after it and what is paid, in US cents, before the player converts anything. `payouts` are the latest conversions, whatever their method.',
  auth: 'session',
  params: marketParams,
  query: marketQuery,
  response: marketOverview,
  // The amount's bounds are the server's rules (GET /api/config, `rules.market.gems`).
  errors: ({ gems: { min, max } }: MarketRules) => [
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
})

export const convertGems = defineEndpoint({
  method: 'POST',
  path: '/api/market/transfer/:symbol',
  summary: 'Converts gems to money paid out to the player’s wallet of that method.',
  description:
    'The gems leave the balance at once (the fee included) and a pending payout is recorded; an operator pays it (sent) or rejects it (the gems and the fee come back). See docs/economy.md, "Market".',
  auth: 'session',
  params: transferParams,
  body: conversionBody,
  response: conversionResult,
  status: 201,
  message: economyMessages.conversionRequested,
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
  money: [{ currency: 'gems', direction: 'out' }],
})
