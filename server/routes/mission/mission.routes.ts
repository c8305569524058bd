import { Hono } from 'hono'
import * as v from 'valibot'
import {
  addedMission,
  addMissionBody,
  availableQuery,
  checkAccessQuery,
  claimedMission,
  claimedReward,
  dailyMissions,
  emptyBody,
  missionAccess,
  missionCheck,
  missionIdBody,
  missionIdParams,
  missionPage,
  needsVerifiedAccount,
  pageQuery,
  pendingReward,
  registerAccountBody,
  socialAccount,
  SOCIAL_NETWORKS,
  type SocialNetworkType,
  missionMessages,
} from '../../../contract/missions'
import type { RouteDeps } from '../../http/deps'
import { endpoint, type EndpointError } from '../../http/endpoint'
import { reply } from '../../http/envelope'
import { idempotent } from '../../http/idempotency'
import type { AppEnv } from '../../http/request-context'
import { validate } from '../../http/validate'
import { deviceAccess } from '../../services/devices'
import {
  addMission,
  checkMission,
  claimMission,
  claimPending,
  getDailyMissions,
  getPending,
  listAvailable,
  listCurrent,
} from '../../services/missions'
import { requestedPage } from '../../services/pages'
import { listAccounts, registerAccount } from '../../services/social-accounts'
import { inTransaction } from '../../services/atomic'

const missionNotFound: EndpointError = {
  status: 404,
  message: missionMessages.missionNotFound,
  when: 'No active mission of that kind with this id is offered to the player.',
}

/** The refusals of a mission of a network where the player has no verified account. */
const needsAccount: EndpointError[] = SOCIAL_NETWORKS.map((network) => ({
  status: 403,
  message: needsVerifiedAccount(network.type),
  when: `The player has no verified ${network.name} account.`,
}))

/** Social accounts, social missions, the daily cap, claims and the device rule: /api/mission. */
export function missionRoutes({ db, now, socialProvider, accountAutoVerifyMs }: RouteDeps) {
  return new Hono<AppEnv>()
    .get(
      '/maxMissionsPerDay',
      endpoint({
        summary: "The player's daily mission cap (by rank) and what is left of it today.",
        description: 'Days are America/Bogota days: the count starts again at midnight there.',
        auth: 'session',
        response: dailyMissions,
      }),
      async (c) => reply(c, await getDailyMissions(db, c.var.user, now())),
    )
    .get(
      '/account',
      endpoint({
        summary: "The player's social accounts: pending (2), verified (3) or rejected (4).",
        auth: 'session',
        response: v.array(socialAccount),
      }),
      async (c) => reply(c, await listAccounts(db, c.var.user.id, now())),
    )
    .post(
      '/account',
      endpoint({
        summary: "Registers the player's account on a social network, pending until verified.",
        description:
          'The account is a handle (`@usuario`) or a profile address, checked against the ' +
          "network's formats and stored normalized. One per network per player; a rejected one " +
          'is replaced. An operator verifies it (`npm run admin -- verify-account <id>`).',
        auth: 'session',
        response: socialAccount,
        status: 201,
        message: missionMessages.accountRegistered,
        errors: [
          ...SOCIAL_NETWORKS.map((network) => ({
            status: 400 as const,
            message: network.message,
            field: 'account',
            when: `The text is neither a ${network.name} handle nor a profile address.`,
          })),
          {
            status: 409,
            message: missionMessages.accountExists,
            when: 'The player has a pending or verified account on this network.',
          },
          {
            status: 409,
            message: missionMessages.accountTaken,
            field: 'account',
            when: 'Another player registered this account.',
          },
        ],
      }),
      validate('json', registerAccountBody),
      async (c) =>
        reply(
          c,
          await registerAccount(db, c.var.user.id, c.req.valid('json'), {
            now: now(),
            autoVerifyAfterMs: accountAutoVerifyMs,
          }),
        ),
    )
    .get(
      '/available',
      endpoint({
        summary: "A page of a network's social missions, with the player's state on each.",
        description: 'Claimed missions leave the list at the end of the Bogota day.',
        auth: 'session',
        response: missionPage,
      }),
      validate('query', availableQuery),
      async (c) => {
        const query = c.req.valid('query')
        const network = Number(query.type) as SocialNetworkType
        return reply(
          c,
          await listAvailable(db, c.var.user.id, network, requestedPage(query), now()),
        )
      },
    )
    .get(
      '/current',
      endpoint({
        summary: 'A page of the social missions the player took and has not claimed yet.',
        auth: 'session',
        response: missionPage,
      }),
      validate('query', pageQuery),
      async (c) =>
        reply(c, await listCurrent(db, c.var.user.id, requestedPage(c.req.valid('query')))),
    )
    .get(
      '/checkAccess',
      endpoint({
        summary: 'Whether the player may take missions and play videos from this device.',
        description:
          'The first players seen on a device may use it (`maxPlayersPerDevice`); later ones ' +
          'get `allowed: false` and the message, and add and play refuse them with 403.',
        auth: 'session',
        response: missionAccess,
      }),
      validate('query', checkAccessQuery),
      async (c) => {
        const { deviceId } = c.req.valid('query')
        return reply(
          c,
          await inTransaction(db, (tx) => deviceAccess(tx, c.var.user.id, deviceId, now())),
        )
      },
    )
    .post(
      '/add',
      endpoint({
        summary: 'Takes a social mission: it counts toward today’s cap.',
        auth: 'session',
        response: addedMission,
        status: 201,
        message: missionMessages.missionAdded,
        errors: [
          missionNotFound,
          {
            status: 403,
            message: missionMessages.deviceDenied,
            when: 'checkAccess denies the device.',
          },
          ...needsAccount,
          {
            status: 409,
            message: missionMessages.missionAlreadyAdded,
            when: 'The player took it before.',
          },
          {
            status: 429,
            message: missionMessages.dailyCapReached,
            when: "The player took their rank's missions for today (Retry-After: seconds to the next Bogota day).",
          },
        ],
      }),
      validate('json', addMissionBody),
      async (c) => reply(c, await addMission(db, c.var.user, c.req.valid('json'), now())),
    )
    .get(
      '/:id/check',
      endpoint({
        summary: 'Asks the network whether the player did what the mission asks.',
        description:
          'Yes: the mission becomes `claimable`. Not yet: it stays `added`, with a message and ' +
          '`retryInSeconds`. Offline, the local provider says yes once `missionCheckSeconds` ' +
          'passed since the player took the mission (docs/economy.md).',
        auth: 'session',
        response: missionCheck,
        errors: [
          missionNotFound,
          ...needsAccount,
          {
            status: 409,
            message: missionMessages.missionNotAdded,
            when: 'The player has not taken it.',
          },
        ],
      }),
      validate('param', missionIdParams),
      async (c) =>
        reply(
          c,
          await checkMission(db, c.var.user.id, c.req.valid('param').id, now(), socialProvider),
        ),
    )
    .post(
      '/claim',
      endpoint({
        summary: 'Claims a social mission the network confirmed.',
        description:
          'Pays the reward in gems from the supply in the claim’s transaction, once; the ' +
          "player's parent gets `referralSharePercent` of it in their referral earnings.",
        auth: 'session',
        response: claimedMission,
        message: missionMessages.missionClaimed,
        money: [{ currency: 'gems', direction: 'in' }],
        errors: [
          missionNotFound,
          {
            status: 409,
            message: missionMessages.missionNotAdded,
            when: 'The player has not taken it.',
          },
          {
            status: 409,
            message: missionMessages.missionNotClaimable,
            when: 'The network has not confirmed the action yet (check it first).',
          },
          {
            status: 409,
            message: missionMessages.missionAlreadyClaimed,
            when: 'It was claimed already.',
          },
        ],
      }),
      validate('json', missionIdBody),
      idempotent(db),
      async (c) =>
        reply(c, await claimMission(c.var.db, c.var.user, c.req.valid('json').missionId, now())),
    )
    .get(
      '/claimReferred',
      endpoint({
        summary: "The player's referral earnings waiting to be claimed, in gems.",
        auth: 'session',
        response: pendingReward,
      }),
      async (c) => reply(c, await getPending(db, c.var.user.id, 'referral')),
    )
    .post(
      '/claimReferred',
      endpoint({
        summary: "Claims the player's share of their referrals' mission rewards.",
        auth: 'session',
        response: claimedReward,
        message: missionMessages.referralClaimed,
        money: [{ currency: 'gems', direction: 'in' }],
        errors: [
          { status: 409, message: missionMessages.nothingToClaim, when: 'Nothing is waiting.' },
        ],
      }),
      validate('json', emptyBody),
      idempotent(db),
      async (c) => reply(c, await claimPending(c.var.db, c.var.user.id, 'referral', now())),
    )
}
