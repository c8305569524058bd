import { Hono } from 'hono'
import { session } from '../../../contract/auth'
import { batteryOperationResult, terycarbonBatteryBody } from '../../../contract/battery'
import { gemHistoryPage, gemHistoryQuery, searchQuery } from '../../../contract/market'
import { apiMessages } from '../../../contract/messages'
import { playerRef, profile, shareEmailBody, termsAgreeBody } from '../../../contract/user'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { validate } from '../../http/validate'
import { payTerycarbonBattery } from '../../services/battery'
import { findRecipient, listGemHistory } from '../../services/gem-transfers'
import { pageNumber } from '../../../contract/pagination'
import { TERYCARBON_BATTERY_RULES } from '../../services/rules'
import { agreeTerms, getProfile, setShareEmail } from '../../services/users'
import {
  notificationCount,
  viewNotificationBody,
  missionMessages,
} from '../../../contract/missions'
import { markViewed } from '../../services/notifications'
import { economyMessages } from '../../../contract/economy-messages'

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
        summary: "The player's profile: rank, balances, referrals, standing and game stats.",
        description:
          '`referrals.team` counts the whole tree below the player over the team generations. `penalized` is true while a weekly penalty is open (see POST /api/user/enableCode); `stats` sums what the mine, the team bonus and the ranks paid, from the ledger.',
        auth: 'session',
        response: profile,
      }),
      async (c) => reply(c, await getProfile(db, c.var.user.id, now())),
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
        return reply(c, await setShareEmail(db, c.var.user.id, shareEmail, now()))
      },
    )
    .post(
      '/view/notification',
      endpoint({
        summary: 'Marks one of the player’s notifications as seen; answers how many are left.',
        auth: 'session',
        response: notificationCount,
        message: missionMessages.notificationsViewed,
        errors: [
          {
            status: 404,
            message: missionMessages.notificationNotFound,
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
    .post(
      '/terycarbonBattery',
      endpoint({
        summary: 'Pays the terycarbon battery with terycarbons, in one go or in parts.',
        description: `A part is at least \`rules.terycarbonBattery.minPartial\` terycarbons, except the last, which pays exactly what is left. Once paid in full the battery is active: every battery of the player produces ${TERYCARBON_BATTERY_RULES.boostPercent}% more gems from that moment.`,
        auth: 'session',
        response: batteryOperationResult,
        message: economyMessages.terycarbonBatteryPaid,
        money: [{ currency: 'terycarbons', direction: 'out' }],
        errors: [
          {
            status: 400,
            message: apiMessages.notEnoughTerycarbons,
            when: 'The player has fewer terycarbons than the payment.',
          },
          {
            status: 400,
            message: economyMessages.terycarbonBatteryOverpaid,
            when: 'The payment is more than what is left to pay.',
          },
          {
            status: 400,
            message: economyMessages.terycarbonBatteryMinimum,
            when: 'The payment is below the minimum part and is not what is left.',
          },
          {
            status: 409,
            message: economyMessages.terycarbonBatteryComplete,
            when: 'The battery is paid in full already.',
          },
        ],
      }),
      validate('json', terycarbonBatteryBody(TERYCARBON_BATTERY_RULES)),
      idempotent(db),
      async (c) =>
        reply(c, await payTerycarbonBattery(db, c.var.user.id, c.req.valid('json').amount, now())),
    )
    .get(
      '/search',
      endpoint({
        summary: 'The player an invite code belongs to, before sending them gems.',
        auth: 'session',
        response: playerRef,
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
        ],
      }),
      validate('query', searchQuery),
      async (c) => {
        const { code, name } = await findRecipient(db, c.var.user.id, c.req.valid('query').code)
        return reply(c, { code, name })
      },
    )
    .get(
      '/gem/history',
      endpoint({
        summary: "The player's gem transfers, sent and received, newest first.",
        auth: 'session',
        response: gemHistoryPage,
      }),
      validate('query', gemHistoryQuery),
      async (c) =>
        reply(c, await listGemHistory(db, c.var.user.id, pageNumber(c.req.valid('query').page))),
    )
}
