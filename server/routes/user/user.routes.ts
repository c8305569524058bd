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
}
