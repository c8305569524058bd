import { Hono } from 'hono'
import * as v from 'valibot'
import { bonusResult, collectBody, collectResult, miningMessages } from '../../../contract/mining'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { validate } from '../../http/validate'
import { collectBackpack, collectTeamBonus, readMine } from '../../services/mining'

/** Collecting what the mine produced and the team bonus. */
export function adlotRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .post(
      '/collect',
      endpoint({
        summary: 'Collects what the backpack holds, in the mining mode’s currency.',
        description:
          'Pays the whole units the stations produced since the last collect (up to the backpack’s capacity) and empties it. `mode` is the mode the player sees. Of many simultaneous collects, one pays.',
        auth: 'session',
        response: collectResult,
        message: miningMessages.collected,
        money: [
          { currency: 'terycarbons', direction: 'in' },
          { currency: 'gems', direction: 'in' },
        ],
        errors: [
          {
            status: 409,
            message: miningMessages.backpackEmpty,
            when: 'The backpack holds less than one unit.',
          },
          {
            status: 409,
            message: miningMessages.miningModeChanged,
            when: 'The mine’s mode is not the `mode` sent (it was switched elsewhere).',
          },
        ],
      }),
      validate('json', collectBody),
      idempotent(db),
      async (c) => {
        const { id } = c.var.user
        const collected = await collectBackpack(c.var.db, id, c.req.valid('json').mode, now())
        return reply(c, { ...collected, mine: await readMine(c.var.db, id, now()) })
      },
    )
    .post(
      '/collectBonus',
      endpoint({
        summary: 'Collects the team bonus of the closed days not collected yet.',
        description:
          'For each of the last 7 closed Bogota days: the rank percentage of the gems the team earned that day, split among the stations by their shares for the hours each was on. Each day is paid once. Send an empty JSON body (`{}`).',
        auth: 'session',
        response: bonusResult,
        message: miningMessages.bonusCollected,
        money: [{ currency: 'gems', direction: 'in' }],
        errors: [
          {
            status: 409,
            message: miningMessages.noTeamBonus,
            when: 'No closed day left has a bonus of at least one gem.',
          },
          {
            status: 403,
            message: miningMessages.penalizedNoBonus,
            when: 'The player is under a penalty.',
          },
        ],
      }),
      validate('json', v.object({})),
      idempotent(db),
      async (c) => {
        const { id } = c.var.user
        const bonus = await collectTeamBonus(c.var.db, id, now())
        return reply(c, { ...bonus, mine: await readMine(c.var.db, id, now()) })
      },
    )
}
