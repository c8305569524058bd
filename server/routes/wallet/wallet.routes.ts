import { Hono } from 'hono'
import { walletBody, walletParams, wallets } from '../../../contract/payments'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import type { AppEnv } from '../../http/request-context'
import { validate } from '../../http/validate'
import { DomainError } from '../../services/errors'
import { listWallets, saveWallet } from '../../services/wallets'
import { economyMessages } from '../../../contract/economy-messages'

export function walletRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(
      '/:id',
      endpoint({
        summary: "The player's wallets, one per payment method.",
        description: 'The id is the player’s inventory (their player id).',
        auth: 'session',
        response: wallets,
        errors: [
          {
            status: 404,
            message: economyMessages.walletNotFound,
            when: 'The id is not the player’s.',
          },
        ],
      }),
      validate('param', walletParams),
      async (c) => {
        if (c.req.valid('param').id !== c.var.user.id) {
          throw new DomainError(404, economyMessages.walletNotFound)
        }
        return reply(c, await listWallets(db, c.var.user.id))
      },
    )
    .post(
      '/',
      endpoint({
        summary: 'Adds the wallet of a payment method, or replaces its address.',
        description:
          'Each method checks its own address: a Bitcoin address, a TRON (TRC20) address for USDT, an email for PayPal, a Colombian mobile for Nequi, an 11-digit account for Bancolombia. Answers every wallet of the player.',
        auth: 'session',
        response: wallets,
        message: economyMessages.walletSaved,
      }),
      validate('json', walletBody),
      async (c) => reply(c, await saveWallet(db, c.var.user.id, c.req.valid('json'), now())),
    )
}
