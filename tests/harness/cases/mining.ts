import { eq, sql } from 'drizzle-orm'
import type { Inbox } from '../../../contract/inbox'
import type { RankRewardClaim } from '../../../contract/progress'
import type { Profile } from '../../../contract/user'
import { mines, penalties, stationRuns, users } from '../../../server/db/schema'
import {
  bogotaWeek,
  startOfBogotaDay,
  startOfBogotaWeek,
} from '../../../server/services/bogota-time'
import { transfer } from '../../../server/services/ledger'
import { addMessage } from '../../../server/services/messages'
import { recordFirstPlay } from '../../../server/services/referrals'
import { fund } from '../../server/support/players'
import { expectOk, newPlayer, type Player } from '../api'
import type { CaseContext, EndpointCase } from '../endpoint-cases'

/*
 * The mine, mining modes, fuel, the team, ranks, messages, the leaderboard: one case per endpoint
 * (tests/harness/endpoint-cases.ts). Setup goes through the API as the player (fueling a station,
 * claiming a rank's gems, inviting a referral); the database only stands in for time (a station
 * that has been on for hours, a team's earnings of yesterday), for the weekly reset's work (a
 * penalty, a welcome message) and for funds from the supply.
 */

const HOUR_MS = 3_600_000

/** `player` turns a station on through the API, paying its fuel. */
async function fuelStation({ api }: CaseContext, player: Player, station: number): Promise<void> {
  expectOk(
    await api('/api/user/node/activate', { body: { station }, cookie: player.cookie }),
    'POST /api/user/node/activate',
  )
}

/**
 * `player`'s mine as it will be `hours` from now: every run of their stations and the last
 * collect dated back by that much, as if the time had passed.
 */
async function passHours({ db }: CaseContext, player: Player, hours: number): Promise<void> {
  const ms = hours * HOUR_MS
  await db
    .update(stationRuns)
    .set({
      startsAt: sql`${stationRuns.startsAt} - ${`${ms} milliseconds`}::interval`,
      endsAt: sql`${stationRuns.endsAt} - ${`${ms} milliseconds`}::interval`,
    })
    .where(eq(stationRuns.userId, player.id))
  await db
    .update(mines)
    .set({ lastCollectedAt: sql`${mines.lastCollectedAt} - ${`${ms} milliseconds`}::interval` })
    .where(eq(mines.userId, player.id))
}

/**
 * `player` has played: the first-play stamp a mission claim or a video finish sets (and the
 * referral reward it pays), which rank gems wait for.
 */
async function hasPlayed({ db }: CaseContext, player: Player): Promise<void> {
  const [row] = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(eq(users.id, player.id))
  if (!row) throw new Error(`${player.email} is not in the database`)
  await db.transaction((tx) => recordFirstPlay(tx, row, new Date()))
}

/** The id of the credit that paid `player` the gems of the first rank, claimed through the API. */
async function rankPayout(ctx: CaseContext, player: Player): Promise<string> {
  const { api } = ctx
  await hasPlayed(ctx, player)
  const claim = expectOk(
    await api<RankRewardClaim>('/api/user/gainReward', {
      method: 'PATCH',
      body: { gainRewardTarget: 0 },
      cookie: player.cookie,
    }),
    'PATCH /api/user/gainReward',
  )
  return claim.body.data.payoutId
}

/**
 * A team bonus waiting for `player`: a referral of theirs who earned gems yesterday (a video
 * watched, as the ledger pays it) while one of `player`'s stations was on all day.
 */
async function yesterdaysTeamBonus(ctx: CaseContext, player: Player): Promise<void> {
  const referral = await newPlayer(ctx.api, player.code)
  const today = startOfBogotaDay(new Date())
  const yesterday = startOfBogotaDay(new Date(today.getTime() - 1))
  await ctx.db.transaction((tx) =>
    transfer(tx, {
      currency: 'gems',
      from: { system: 'supply' },
      to: { userId: referral.id },
      amount: 2_000,
      kind: 'video.finish',
      at: new Date(yesterday.getTime() + 12 * HOUR_MS),
    }),
  )
  await fuelStation(ctx, player, 1)
  // Fueled at yesterday's start: on for the whole day (4% of 2 000 gems, 3% of it: 2 gems).
  await passHours(ctx, player, (Date.now() - yesterday.getTime()) / HOUR_MS)
}

/** `player` under a penalty, as last week's reset gives one for a week without a station on. */
async function penalize({ db }: CaseContext, player: Player): Promise<void> {
  const lastWeek = startOfBogotaWeek(new Date(startOfBogotaWeek(new Date()).getTime() - 1))
  await db.insert(penalties).values({ userId: player.id, week: bogotaWeek(lastWeek) })
}

/** A welcome message for `player`, as the weekly reset writes one; its id, read through the API. */
async function welcomeMessage({ api, db }: CaseContext, player: Player): Promise<string> {
  await db.transaction((tx) =>
    addMessage(tx, player.id, {
      kind: 'newRank',
      payload: { rankIndex: 1, rankName: 'Bronce II', percent: 5 },
    }),
  )
  const inbox = expectOk(
    await api<Inbox>('/api/messages', { cookie: player.cookie }),
    'GET /api/messages',
  )
  const message = inbox.body.data.messages[0]
  if (!message) throw new Error(`GET /api/messages as ${player.email} answered no message`)
  return message.id
}

export const miningCases: Readonly<Record<string, EndpointCase>> = {
  'GET /api/node': {
    sample: async (ctx) => {
      await fuelStation(ctx, ctx.caller, 1)
      return { path: '/api/node', cookie: ctx.caller.cookie }
    },
    owned: 'none',
  },
  'GET /api/node/progress': {
    sample: ({ caller }) => ({ path: '/api/node/progress', cookie: caller.cookie }),
    owned: 'none',
  },
  'GET /api/node/payouts': {
    sample: async (ctx) => {
      await rankPayout(ctx, ctx.caller)
      return { path: '/api/node/payouts?page=1', cookie: ctx.caller.cookie }
    },
    owned: 'none',
  },
  'GET /api/node/payouts/{id}': {
    sample: async (ctx) => ({
      path: `/api/node/payouts/${await rankPayout(ctx, ctx.owner)}`,
      cookie: ctx.caller.cookie,
    }),
    owned: ['id'],
  },
  'POST /api/user/node/activate': {
    // Mina's fuel (15 terycarbons) comes out of the welcome terycarbons.
    sample: ({ caller }) => ({
      path: '/api/user/node/activate',
      body: { station: 1 },
      cookie: caller.cookie,
    }),
    owned: 'none',
  },
  'PATCH /api/user/miningMode': {
    sample: async ({ db, caller }) => {
      await fund({ db }, caller.id, { terycarbons: 1_000 })
      return {
        path: '/api/user/miningMode',
        method: 'PATCH',
        body: { mode: 'gems', unlock: true },
        cookie: caller.cookie,
      }
    },
    owned: 'none',
  },
  'POST /api/adlot/collect': {
    sample: async (ctx) => {
      await fuelStation(ctx, ctx.caller, 1)
      await passHours(ctx, ctx.caller, 12)
      return {
        path: '/api/adlot/collect',
        body: { mode: 'terycarbons' },
        cookie: ctx.caller.cookie,
      }
    },
    owned: 'none',
  },
  'POST /api/adlot/collectBonus': {
    sample: async (ctx) => {
      await yesterdaysTeamBonus(ctx, ctx.caller)
      return { path: '/api/adlot/collectBonus', body: {}, cookie: ctx.caller.cookie }
    },
    owned: 'none',
  },
  'POST /api/inventory/purchase/fuel': {
    sample: async ({ db, caller }) => {
      await fund({ db }, caller.id, { terydollars: 1 })
      return {
        path: '/api/inventory/purchase/fuel',
        body: { amount: 100, payWith: 'terydollars' },
        cookie: caller.cookie,
      }
    },
    owned: 'none',
  },
  'GET /api/user/team': {
    sample: async ({ api, caller }) => {
      await newPlayer(api, caller.code)
      return { path: '/api/user/team', cookie: caller.cookie }
    },
    owned: 'none',
  },
  'GET /api/user/team/{level}/level': {
    sample: async ({ api, caller }) => {
      await newPlayer(api, caller.code)
      return { path: '/api/user/team/1/level?search=a&penalty=false&page=1', cookie: caller.cookie }
    },
    owned: 'none',
  },
  'GET /api/user/referral': {
    sample: async ({ api, caller }) => {
      await newPlayer(api, caller.code)
      return { path: '/api/user/referral?page=1', cookie: caller.cookie }
    },
    owned: 'none',
  },
  'GET /api/user/team/{id}/details': {
    sample: async ({ api, caller, owner }) => {
      const member = await newPlayer(api, owner.code)
      return { path: `/api/user/team/${member.id}/details`, cookie: caller.cookie }
    },
    owned: ['id'],
  },
  'GET /api/user/founder': {
    sample: ({ caller }) => ({ path: '/api/user/founder', cookie: caller.cookie }),
    owned: 'none',
  },
  'GET /api/user/gainReward': {
    sample: ({ caller }) => ({
      path: '/api/user/gainReward?gainRewardTarget=0',
      cookie: caller.cookie,
    }),
    owned: 'none',
  },
  'PATCH /api/user/gainReward': {
    // The first rank needs no team: every player who played can claim its gems once.
    sample: async (ctx) => {
      await hasPlayed(ctx, ctx.caller)
      return {
        path: '/api/user/gainReward',
        method: 'PATCH',
        body: { gainRewardTarget: 0 },
        cookie: ctx.caller.cookie,
      }
    },
    owned: 'none',
  },
  'POST /api/user/phone': {
    sample: ({ caller }) => ({
      path: '/api/user/phone',
      body: { phone: '3209876543' },
      cookie: caller.cookie,
    }),
    owned: 'none',
  },
  'POST /api/user/enableCode': {
    sample: async (ctx) => {
      await penalize(ctx, ctx.caller)
      const profile = expectOk(
        await ctx.api<Profile>('/api/user/profile', { cookie: ctx.caller.cookie }),
        'GET /api/user/profile',
      )
      return {
        path: '/api/user/enableCode',
        body: { code: profile.body.data.parentCode },
        cookie: ctx.caller.cookie,
      }
    },
    owned: 'none',
  },
  'GET /api/messages': {
    sample: async (ctx) => {
      await welcomeMessage(ctx, ctx.caller)
      return { path: '/api/messages', cookie: ctx.caller.cookie }
    },
    owned: 'none',
  },
  'PATCH /api/messages': {
    sample: async (ctx) => ({
      path: '/api/messages',
      method: 'PATCH',
      body: { id: await welcomeMessage(ctx, ctx.owner) },
      cookie: ctx.caller.cookie,
    }),
    owned: ['id'],
  },
  'GET /api/leaderboard': {
    sample: async (ctx) => {
      // Rank gems count among the week's gems: the caller is on the board.
      await rankPayout(ctx, ctx.caller)
      return { path: '/api/leaderboard?page=1', cookie: ctx.caller.cookie }
    },
    owned: 'none',
  },
}
