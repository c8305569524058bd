import { Hono } from 'hono'
import * as wallet from '../../../contract/endpoints/wallet'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import type { AppEnv } from '../../http/request-context'
import { DomainError } from '../../services/errors'
import { listWallets, saveWallet } from '../../services/wallets'
import { economyMessages } from '../../../contract/economy-messages'

export function walletRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(...endpoint(wallet.getWallets), async (c) => {
      if (c.req.valid('param').id !== c.var.user.id) {
        throw new DomainError(404, economyMessages.walletNotFound)
      }
      return reply(c, await listWallets(db, c.var.user.id))
    })
    .post(...endpoint(wallet.saveWallet), async (c) =>
      reply(c, await saveWallet(db, c.var.user.id, c.req.valid('json'), now())),
    )
}
