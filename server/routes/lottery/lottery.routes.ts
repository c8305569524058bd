import { Hono } from 'hono'
import {
  drawEntryBody,
  drawEntryResult,
  lotteryList,
  lotteryListQuery,
  lotteryMessages,
} from '../../../contract/lottery'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { validate } from '../../http/validate'
import { enterDraw, listDraws } from '../../services/lottery'

/** The lottery (SORTEO): its public list, and taking part (under /user, as the spec names it). */
export function lotteryRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(
      '/lottery/list',
      endpoint({
        summary: 'The draws of the weekly lottery, newest first, a page at a time.',
        description:
          'Public. Each draw shows its date, prize, entry price, number of entries and the SHA-256 of its secret seed; a drawn draw also reveals the seed, the numbered entry list and the winning ticket, from which anyone can recompute the winner (docs/economy.md, "Lottery"). With a session, `myEntry` is the caller\'s entry and `signedIn` is true. `status=open` lists the draws not drawn yet, `status=drawn` the past ones, `number` one draw.',
        auth: 'public',
        tags: ['lottery'],
        response: lotteryList,
      }),
      validate('query', lotteryListQuery),
      async (c) =>
        reply(c, await listDraws(db, c.req.valid('query'), c.var.user?.id ?? null, now())),
    )
    .patch(
      '/user/draw',
      endpoint({
        summary: 'Takes part in an open draw of the lottery, paying the entry price.',
        description:
          'One entry per player and draw. The entry price moves from the player to `supply` in the same transaction as the entry (`lottery.entry`).',
        auth: 'session',
        tags: ['lottery'],
        response: drawEntryResult,
        message: lotteryMessages.entered,
        money: [{ currency: 'terycarbons', direction: 'out' }],
        errors: [
          { status: 404, message: lotteryMessages.notFound, when: 'No draw has this id.' },
          {
            status: 409,
            message: lotteryMessages.closed,
            when: 'The draw stopped taking entries (its time passed, or it was drawn).',
          },
          {
            status: 409,
            message: lotteryMessages.alreadyEntered,
            when: 'The player already takes part in this draw.',
          },
          {
            status: 400,
            message: lotteryMessages.notEnough,
            when: 'The player has fewer terycarbons than the entry price.',
          },
        ],
      }),
      validate('json', drawEntryBody),
      idempotent(db),
      async (c) =>
        reply(c, await enterDraw(c.var.db, c.var.user.id, c.req.valid('json').drawId, now())),
    )
}
