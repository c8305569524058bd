import { randomUUID } from 'node:crypto'
import type { LotteryList } from '../../../contract/lottery'
import type { MusicLogin, MusicStatus } from '../../../contract/music'
import { recordLocalPlays } from '../../../server/services/music/local-catalog'
import { expectOk, type Player } from '../api'
import type { CaseContext, EndpointCase } from '../endpoint-cases'

/*
 * The lottery, daily training and music: one case per endpoint (tests/harness/endpoint-cases.ts).
 * Setup goes through the API as the player: taking part in the seeded open draw, linking the
 * music account on the local (simulated) provider. What the player listened to on that provider
 * happens outside the game, so it is recorded in its history directly (as the demo seed does).
 *
 * No input of these endpoints names something a player owns: draws and lessons are everyone's,
 * the music calls act on the session's own account, and a device id is bound to the first player
 * who opens the section on it, not owned (another player's device answers `allowed: false`,
 * `sharedDevice`, and binds nothing: tests/server/music.test.ts).
 */

/** The id of the draw taking entries (the demo seed opens one). */
async function openDrawId({ api }: Pick<CaseContext, 'api'>): Promise<string> {
  const list = expectOk(
    await api<LotteryList>('/api/lottery/list?status=open'),
    'GET /api/lottery/list',
  )
  const id = list.body.data.draws.find((draw) => draw.status === 'open')?.id
  if (!id) throw new Error('GET /api/lottery/list?status=open: no draw takes entries')
  return id
}

/** The lesson every player can take first, and the right option of each of its questions. */
const FIRST_LESSON = { resourceId: 'guia-bienvenida', answers: [1, 0] }

/**
 * Links `player`'s music account on the local provider the way the browser does: the account's
 * email (the player's own), the authorization, and the callback's query sent back.
 */
async function linkMusic({ api }: Pick<CaseContext, 'api'>, player: Player): Promise<void> {
  expectOk(
    await api('/api/spotify/linkSpotifyEmail', {
      body: { email: player.email },
      cookie: player.cookie,
    }),
    'POST /api/spotify/linkSpotifyEmail',
  )
  const start = expectOk(
    await api<MusicLogin>('/api/spotify/login', { cookie: player.cookie }),
    'GET /api/spotify/login',
  )
  const callback = new URL(start.body.data.url, 'http://tery.invalid')
  expectOk(
    await api(`/api/spotify/login${callback.search}`, { cookie: player.cookie }),
    'GET /api/spotify/login (callback)',
  )
}

/**
 * `player`'s linked music account with `plays` songs listened to on the provider, one every
 * `minutesBetween` minutes up to now, then the music calls named in `steps` made in order.
 */
async function listenedMusic(
  ctx: Pick<CaseContext, 'api' | 'db'>,
  player: Player,
  { plays = 6, minutesBetween = 3.5, steps = [] as readonly MusicStep[] } = {},
): Promise<void> {
  await linkMusic(ctx, player)
  await recordLocalPlays(ctx.db, player.email, plays, new Date(), { minutesBetween })
  for (const step of steps) {
    // A sync comes from a device, which it binds to the player: a fresh one, nobody else's.
    const query = step === 'sync' ? `?deviceId=${randomUUID()}` : ''
    expectOk(
      await ctx.api(`/api/spotify/${step}${query}`, { body: {}, cookie: player.cookie }),
      `POST /api/spotify/${step}`,
    )
  }
}

type MusicStep = 'sync' | 'checkAudit' | 'pendingToClaim'

export const extrasCases: Readonly<Record<string, EndpointCase>> = {
  'GET /api/lottery/list': {
    sample: async (ctx) => {
      expectOk(
        await ctx.api('/api/user/draw', {
          method: 'PATCH',
          body: { drawId: await openDrawId(ctx) },
          cookie: ctx.caller.cookie,
        }),
        'PATCH /api/user/draw',
      )
      return { path: '/api/lottery/list?page=1&status=open', cookie: ctx.caller.cookie }
    },
  },
  'PATCH /api/user/draw': {
    sample: async (ctx) => ({
      path: '/api/user/draw',
      method: 'PATCH',
      body: { drawId: await openDrawId(ctx) },
      cookie: ctx.caller.cookie,
    }),
    owned: 'none',
  },
  'GET /api/user/training': {
    sample: ({ caller }) => ({ path: '/api/user/training?track=guide', cookie: caller.cookie }),
    owned: 'none',
  },
  'POST /api/user/training': {
    sample: ({ caller }) => ({
      path: '/api/user/training',
      body: FIRST_LESSON,
      cookie: caller.cookie,
    }),
    owned: 'none',
  },
  'GET /api/user/training/playing': {
    sample: ({ caller }) => ({
      path: `/api/user/training/playing?resourceId=${FIRST_LESSON.resourceId}`,
      cookie: caller.cookie,
    }),
    owned: 'none',
  },
  'GET /api/spotify/checkAccess': {
    sample: ({ caller }) => ({
      path: `/api/spotify/checkAccess?deviceId=${randomUUID()}`,
      cookie: caller.cookie,
    }),
    owned: 'none',
  },
  'POST /api/spotify/linkSpotifyEmail': {
    sample: ({ caller }) => ({
      path: '/api/spotify/linkSpotifyEmail',
      body: { email: caller.email },
      cookie: caller.cookie,
    }),
    owned: 'none',
  },
  'GET /api/spotify/login': {
    sample: async ({ api, caller }) => {
      expectOk(
        await api('/api/spotify/linkSpotifyEmail', {
          body: { email: caller.email },
          cookie: caller.cookie,
        }),
        'POST /api/spotify/linkSpotifyEmail',
      )
      return { path: '/api/spotify/login', cookie: caller.cookie }
    },
    owned: 'none',
  },
  'POST /api/spotify/sync': {
    sample: async (ctx) => {
      await listenedMusic(ctx, ctx.caller)
      return {
        path: `/api/spotify/sync?deviceId=${randomUUID()}`,
        body: {},
        cookie: ctx.caller.cookie,
      }
    },
    owned: 'none',
  },
  'POST /api/spotify/checkAudit': {
    sample: async (ctx) => {
      await listenedMusic(ctx, ctx.caller, { steps: ['sync'] })
      return { path: '/api/spotify/checkAudit', body: {}, cookie: ctx.caller.cookie }
    },
    owned: 'none',
  },
  'POST /api/spotify/pendingToClaim': {
    sample: async (ctx) => {
      await listenedMusic(ctx, ctx.caller, { steps: ['sync', 'checkAudit'] })
      return { path: '/api/spotify/pendingToClaim', body: {}, cookie: ctx.caller.cookie }
    },
    owned: 'none',
  },
  'GET /api/spotify/recentlyPlayed': {
    sample: async (ctx) => {
      await listenedMusic(ctx, ctx.caller, { steps: ['sync', 'checkAudit'] })
      return { path: '/api/spotify/recentlyPlayed', cookie: ctx.caller.cookie }
    },
    owned: 'none',
  },
  'POST /api/spotify/claimReward': {
    sample: async (ctx) => {
      await listenedMusic(ctx, ctx.caller, { steps: ['sync', 'checkAudit'] })
      const status = expectOk(
        await ctx.api<MusicStatus>('/api/spotify/pendingToClaim', {
          body: {},
          cookie: ctx.caller.cookie,
        }),
        'POST /api/spotify/pendingToClaim',
      )
      return {
        path: '/api/spotify/claimReward',
        body: { amount: status.body.data.claimable.reward.amount },
        cookie: ctx.caller.cookie,
      }
    },
    owned: 'none',
  },
  'POST /api/spotify/showStrikeNotification': {
    // Thirty songs a minute apart are skipping, not listening: the audit gives a strike to read.
    sample: async (ctx) => {
      await listenedMusic(ctx, ctx.caller, {
        plays: 30,
        minutesBetween: 1,
        steps: ['sync', 'checkAudit'],
      })
      return { path: '/api/spotify/showStrikeNotification', body: {}, cookie: ctx.caller.cookie }
    },
    owned: 'none',
  },
}
