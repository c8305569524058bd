import { Hono } from 'hono'
import { acknowledgeBody, inbox } from '../../../contract/inbox'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import type { AppEnv } from '../../http/request-context'
import { validate } from '../../http/validate'
import { acknowledgeMessage, listUnread } from '../../services/messages'
import { miningMessages } from '../../../contract/mining'

/** The welcome messages shown one at a time after login. */
export function messagesRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(
      '/',
      endpoint({
        summary: "The player's unread welcome messages, oldest first.",
        description:
          'Kinds: `weeklyReset`, `penalty`, `newRank`, `gemsReceived`; each with its own `payload` (contract/inbox.ts).',
        auth: 'session',
        response: inbox,
      }),
      async (c) => reply(c, await listUnread(db, c.var.user.id)),
    )
    .patch(
      '/',
      endpoint({
        summary: 'Marks one welcome message read and answers the ones left.',
        description: 'Marking a message read again changes nothing.',
        auth: 'session',
        response: inbox,
        message: miningMessages.messageRead,
        errors: [
          {
            status: 404,
            message: miningMessages.messageNotFound,
            when: 'The player has no message with this id.',
          },
        ],
      }),
      validate('json', acknowledgeBody),
      async (c) =>
        reply(c, await acknowledgeMessage(db, c.var.user.id, c.req.valid('json').id, now())),
    )
}
