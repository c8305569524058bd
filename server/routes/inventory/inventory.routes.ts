import { Hono } from 'hono'
import {
  gemTransferResult,
  inventory,
  inventoryParams,
  sendGemsBody,
} from '../../../contract/market'
import { apiMessages } from '../../../contract/messages'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { validate } from '../../http/validate'
import { getInventory, sendGems } from '../../services/gem-transfers'
import { GEM_TRANSFER_RULES } from '../../services/rules'
import { economyMessages } from '../../../contract/economy-messages'

export function inventoryRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(
      '/:id',
      endpoint({
        summary: 'What the player holds: balances, batteries, gems on their way.',
        description: 'The inventory id is the player’s id (the session’s `id`).',
        auth: 'session',
        response: inventory,
        errors: [
          {
            status: 404,
            message: economyMessages.inventoryNotFound,
            when: 'The id is not the player’s.',
          },
        ],
      }),
      validate('param', inventoryParams),
      async (c) => reply(c, await getInventory(db, c.var.user.id, c.req.valid('param').id)),
    )
    .post(
      '/send/gems',
      endpoint({
        summary: 'Sends gems to another player by their invite code.',
        description: `Transfers of ${GEM_TRANSFER_RULES.holdFrom} gems or more are held ${GEM_TRANSFER_RULES.holdHours} hours (\`state: "pending"\`, \`releaseAt\`) before they arrive; smaller ones arrive at once (\`sent\`). A balance never goes below zero: of many sends at once, only those the balance covers succeed.`,
        auth: 'session',
        response: gemTransferResult,
        status: 201,
        message: economyMessages.gemsSent,
        money: [{ currency: 'gems', direction: 'out' }],
        errors: [
          {
            status: 404,
            message: economyMessages.unknownPlayerCode,
            when: 'No player has this code.',
          },
          {
            status: 400,
            message: economyMessages.selfTransfer,
            when: 'The code is the player’s own.',
          },
          {
            status: 400,
            message: apiMessages.notEnoughGems,
            when: 'The player has fewer gems than asked.',
          },
        ],
      }),
      validate('json', sendGemsBody(GEM_TRANSFER_RULES)),
      idempotent(db),
      async (c) => reply(c, await sendGems(c.var.db, c.var.user.id, c.req.valid('json'), now())),
    )
}
