import { Hono } from 'hono'
import { apiMessages } from '../../../contract/messages'
import {
  activateStationBody,
  mineState,
  miningModeBody,
  miningModeChange,
  miningMessages,
} from '../../../contract/mining'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { validate } from '../../http/validate'
import { activateStation, changeMiningMode, readMine } from '../../services/mining'

/** The player's mine under /api/user: fueling a station and the mining mode. */
export function userMineRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .post(
      '/node/activate',
      endpoint({
        summary: 'Fuels a station of the mine and turns it on.',
        description:
          'Pays the station’s fuel (its share × 5 terycarbons) and turns it on for 24 hours; while on it adds its share to the mine’s production and to the team bonus (docs/economy.md). Answers the mine.',
        auth: 'session',
        response: mineState,
        message: miningMessages.stationActivated,
        money: [{ currency: 'terycarbons', direction: 'out' }],
        errors: [
          {
            status: 409,
            message: miningMessages.stationAlreadyOn,
            when: 'The station is on already (nothing is paid).',
          },
          {
            status: 409,
            message: apiMessages.notEnoughTerycarbons,
            when: 'The player has fewer terycarbons than the fuel costs.',
          },
        ],
      }),
      validate('json', activateStationBody),
      idempotent(db),
      async (c) => {
        const { id } = c.var.user
        await activateStation(db, id, c.req.valid('json').station, now())
        return reply(c, await readMine(db, id, now()))
      },
    )
    .patch(
      '/miningMode',
      endpoint({
        summary: 'Switches what the mine produces: terycarbons or gems.',
        description:
          'The gems mode is locked until the player pays 1 000 terycarbons once: send `unlock: true` to agree to the price. Before a switch the backpack is collected in the mode it was mined in (`collected`).',
        auth: 'session',
        response: miningModeChange,
        message: miningMessages.miningModeSaved,
        money: [
          { currency: 'terycarbons', direction: 'out' },
          { currency: 'terycarbons', direction: 'in' },
          { currency: 'gems', direction: 'in' },
        ],
        errors: [
          {
            status: 409,
            message: miningMessages.miningModeLocked,
            when: 'The mode is locked and the body does not say `unlock: true`.',
          },
          {
            status: 409,
            message: apiMessages.notEnoughTerycarbons,
            when: 'Unlocking: the player has fewer terycarbons than the price.',
          },
        ],
      }),
      validate('json', miningModeBody),
      idempotent(db),
      async (c) => {
        const { id } = c.var.user
        const change = await changeMiningMode(db, id, c.req.valid('json'), now())
        return reply(c, { ...change, mine: await readMine(db, id, now()) })
      },
    )
}
