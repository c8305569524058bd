import { Hono } from 'hono'
import {
  gainRewardBody,
  gainRewardQuery,
  rankReward,
  rankRewardClaim,
} from '../../../contract/progress'
import {
  founders,
  levelParams,
  memberDetail,
  memberParams,
  referralsPage,
  teamListQuery,
  teamMembersPage,
  teamOverview,
} from '../../../contract/team'
import { enableCodeBody, phoneBody, profile } from '../../../contract/user'
import type { RouteDeps } from '../../http/deps'
import { endpoint } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { validate } from '../../http/validate'
import { claimRankReward, getRankReward } from '../../services/progress'
import {
  getFounders,
  getMemberDetail,
  getTeamOverview,
  listLevel,
  listReferrals,
} from '../../services/team'
import { enableCode, setPhone } from '../../services/users'
import { miningMessages } from '../../../contract/mining'

const listDescription =
  '`search` matches the name or the code (any case), `penalty=true` keeps members under a penalty and `false` the others; pages of 10, oldest members first.'

/** The player's team, rank gems and standing under /api/user. */
export function userTeamRoutes({ db, now }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(
      '/team',
      endpoint({
        summary: "The player's rank, stations and the eight generation counts of their team.",
        description:
          '`generations[0]` counts the direct referrals, `generations[7]` the eighth generation, read from the stored sizes (decision 021).',
        auth: 'session',
        response: teamOverview,
      }),
      async (c) => reply(c, await getTeamOverview(db, c.var.user.id, now())),
    )
    .get(
      '/team/:level/level',
      endpoint({
        summary: 'The members of one generation of the team (1 to 8), searched, filtered, paged.',
        description: listDescription,
        auth: 'session',
        response: teamMembersPage,
      }),
      validate('param', levelParams),
      validate('query', teamListQuery),
      async (c) =>
        reply(
          c,
          await listLevel(
            db,
            c.var.user.id,
            Number(c.req.valid('param').level),
            c.req.valid('query'),
            now(),
          ),
        ),
    )
    .get(
      '/referral',
      endpoint({
        summary: "The player's direct referrals, each with the size of their own team.",
        description: listDescription,
        auth: 'session',
        response: referralsPage,
      }),
      validate('query', teamListQuery),
      async (c) => reply(c, await listReferrals(db, c.var.user.id, c.req.valid('query'), now())),
    )
    .get(
      '/team/:id/details',
      endpoint({
        summary: 'One member of the team: level, sponsor, team, penalties, this week’s gems.',
        auth: 'session',
        response: memberDetail,
        errors: [
          {
            status: 404,
            message: miningMessages.notInTeam,
            when: 'The player is not in the caller’s 8 generations (or is the caller).',
          },
        ],
      }),
      validate('param', memberParams),
      async (c) =>
        reply(c, await getMemberDetail(db, c.var.user.id, c.req.valid('param').id, now())),
    )
    .get(
      '/founder',
      endpoint({
        summary: "Tery's founders: the first 100 players to join, in order.",
        auth: 'session',
        response: founders,
      }),
      async (c) => reply(c, await getFounders(db, c.var.user.id)),
    )
    .get(
      '/gainReward',
      endpoint({
        summary: 'Whether the gems of a rank can be claimed.',
        description: '`gainRewardTarget` is the rank index, 0 to 11.',
        auth: 'session',
        response: rankReward,
      }),
      validate('query', gainRewardQuery),
      async (c) =>
        reply(
          c,
          await getRankReward(db, c.var.user.id, Number(c.req.valid('query').gainRewardTarget)),
        ),
    )
    .patch(
      '/gainReward',
      endpoint({
        summary: 'Claims the gems of a reached rank, once per rank.',
        description:
          'A rank is reached when the team meets its thresholds (docs/economy.md). Claiming a rank higher than the one held promotes the player to it. Of many simultaneous claims of one rank, one pays.',
        auth: 'session',
        response: rankRewardClaim,
        message: miningMessages.rankRewardClaimed,
        money: [{ currency: 'gems', direction: 'in' }],
        errors: [
          {
            status: 409,
            message: miningMessages.rankNotReached,
            when: 'The team does not meet the rank’s thresholds yet.',
          },
          {
            status: 409,
            message: miningMessages.rankRewardTaken,
            when: 'The rank’s gems were claimed already.',
          },
        ],
      }),
      validate('json', gainRewardBody),
      idempotent(db),
      async (c) =>
        reply(
          c,
          await claimRankReward(db, c.var.user.id, c.req.valid('json').gainRewardTarget, now()),
        ),
    )
    .post(
      '/phone',
      endpoint({
        summary: "Saves the player's mobile number.",
        auth: 'session',
        response: profile,
        message: miningMessages.phoneSaved,
      }),
      validate('json', phoneBody),
      async (c) => reply(c, await setPhone(db, c.var.user.id, c.req.valid('json').phone, now())),
    )
    .post(
      '/enableCode',
      endpoint({
        summary: 'Reactivates a penalized account with the referral code of its sponsor.',
        description:
          'The code is the invite code of whoever invited the player (their own code if nobody did), compared in upper case. It clears every open penalty.',
        auth: 'session',
        response: profile,
        message: miningMessages.accountReactivated,
        errors: [
          {
            status: 400,
            message: miningMessages.wrongReactivationCode,
            field: 'code',
            when: 'The code is not the sponsor’s.',
          },
          {
            status: 409,
            message: miningMessages.notPenalized,
            when: 'The player has no open penalty.',
          },
        ],
      }),
      validate('json', enableCodeBody),
      async (c) => reply(c, await enableCode(db, c.var.user.id, c.req.valid('json').code, now())),
    )
}
