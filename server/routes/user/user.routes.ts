import { Hono } from 'hono'
import { session } from '../../../contract/auth'
import { apiMessages } from '../../../contract/messages'
import { profile, shareEmailBody, termsAgreeBody } from '../../../contract/user'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import type { AppEnv } from '../../http/request-context'
import { validate } from '../../http/validate'
import { agreeTerms, getProfile, setShareEmail } from '../../services/users'
import { notificationCount, viewNotificationBody } from '../../../contract/missions'
import { markViewed } from '../../services/notifications'

export function userRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .patch(
      '/termsAgree',
      endpoint({
        summary: 'Records that the player accepts the terms and conditions.',
        auth: 'session',
        response: session,
        message: apiMessages.termsAgreed,
      }),
      validate('json', termsAgreeBody),
      async (c) => reply(c, await agreeTerms(db, c.var.user.id)),
    )
    .get(
      '/profile',
      endpoint({
        summary: "The player's profile: rank, balances, referrals.",
        description:
          '`referrals.team` counts the whole tree below the player over the team generations.',
        auth: 'session',
        response: profile,
      }),
      async (c) => reply(c, await getProfile(db, c.var.user.id)),
    )
    .patch(
      '/share/email',
      endpoint({
        summary: 'Saves whether the player shares their email with their team.',
        auth: 'session',
        response: profile,
        message: apiMessages.preferenceSaved,
      }),
      validate('json', shareEmailBody),
      async (c) => {
        const { shareEmail } = c.req.valid('json')
        return reply(c, await setShareEmail(db, c.var.user.id, shareEmail))
      },
    )
    .post(
      '/view/notification',
      endpoint({
        summary: 'Marks one of the player’s notifications as seen; answers how many are left.',
        auth: 'session',
        response: notificationCount,
        message: apiMessages.notificationsViewed,
        errors: [
          {
            status: 404,
            message: apiMessages.notificationNotFound,
            when: "No notification of the player's has this id.",
          },
        ],
      }),
      validate('json', viewNotificationBody),
      async (c) =>
        reply(
          c,
          await markViewed(db, c.var.user.id, Number(c.req.valid('json').notificationId), now()),
        ),
    )
}
