import { randomBytes, randomUUID } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import type { Notification, VideoView } from '../../../contract/missions'
import type { Paginated } from '../../../contract/pagination'
import { missionAssignments, missions, videoViews } from '../../../server/db/schema'
import {
  playlistMission,
  socialMission,
  verifiedAccount,
  videoMission,
} from '../../server/support/earning'
import { expectOk, newPlayer, type Player } from '../api'
import type { CaseContext, EndpointCase } from '../endpoint-cases'

/*
 * The setups below go through the API as the player would. The database is used for what only an
 * operator or time does: a mission or video activated for one player alone (as a coupon does), an
 * account verified, the network confirming a mission, a video watched to its end.
 */

/** The player's TikTok account, registered through the API and verified by an operator. */
function tiktokAccount({ api, db }: CaseContext, player: Player) {
  const handle = `@cuenta${randomBytes(6).toString('hex')}`
  return verifiedAccount({ call: api, db }, player, 5, handle)
}

/**
 * A TikTok mission offered to `player` alone, taken by them through the API (with a verified
 * account, from a device of their own): its assignment is `added`.
 */
async function takenMission(ctx: CaseContext, player: Player) {
  await tiktokAccount(ctx, player)
  const mission = await socialMission(ctx.db, 5, { ownerId: player.id })
  expectOk(
    await ctx.api('/api/mission/add', {
      body: { missionId: mission.id, deviceId: randomUUID() },
      cookie: player.cookie,
    }),
    'POST /api/mission/add',
  )
  return mission
}

/** The network confirmed the player's action: the mission is claimable. */
async function confirmed({ db }: CaseContext, player: Player, missionId: string) {
  await db
    .update(missionAssignments)
    .set({ state: 'claimable' })
    .where(
      and(eq(missionAssignments.userId, player.id), eq(missionAssignments.missionId, missionId)),
    )
}

/** A video (of a playlist, when given) offered to `player` alone, played by them: the open view. */
async function playing(ctx: CaseContext, player: Player, videoId?: string) {
  const id = videoId ?? (await videoMission(ctx.db, { ownerId: player.id })).id
  const played = expectOk(
    await ctx.api<VideoView>(`/api/mission/video/${id}/play`, {
      body: { deviceId: randomUUID() },
      cookie: player.cookie,
    }),
    'POST /api/mission/video/{missionId}/play',
  )
  return played.body.data
}

/** The view's video has played to its end: its start moves back by the video's duration. */
async function watched({ db }: CaseContext, viewId: string) {
  await db
    .update(videoViews)
    .set({
      startedAt: sql`${videoViews.startedAt} - (select ${missions.durationSeconds} from ${missions} where ${missions.id} = ${videoViews.missionId}) * interval '1 second'`,
    })
    .where(eq(videoViews.id, viewId))
}

/** Missions, social accounts, videos, playlists, volta charge, notifications: one case per endpoint (tests/harness/endpoint-cases.ts). */
export const earningCases: Readonly<Record<string, EndpointCase>> = {
  'GET /api/mission/maxMissionsPerDay': {
    sample: ({ caller }) => ({ path: '/api/mission/maxMissionsPerDay', cookie: caller.cookie }),
    owned: 'none',
  },
  'GET /api/mission/account': {
    sample: ({ caller }) => ({ path: '/api/mission/account', cookie: caller.cookie }),
    owned: 'none',
  },
  'POST /api/mission/account': {
    sample: ({ caller }) => ({
      path: '/api/mission/account',
      body: { type: 5, account: `@muestra${randomBytes(6).toString('hex')}` },
      cookie: caller.cookie,
    }),
    owned: 'none',
  },
  'GET /api/mission/available': {
    sample: ({ caller }) => ({
      path: '/api/mission/available?type=5&page=1',
      cookie: caller.cookie,
    }),
    owned: 'none',
  },
  'GET /api/mission/current': {
    sample: async (ctx) => {
      await takenMission(ctx, ctx.caller)
      return { path: '/api/mission/current?page=1', cookie: ctx.caller.cookie }
    },
    owned: 'none',
  },
  'GET /api/mission/checkAccess': {
    sample: ({ caller }) => ({
      path: `/api/mission/checkAccess?deviceId=${randomUUID()}`,
      cookie: caller.cookie,
    }),
    owned: 'none',
  },
  'POST /api/mission/add': {
    // The caller may take TikTok missions; the mission is offered to the owner alone.
    sample: async (ctx) => {
      await tiktokAccount(ctx, ctx.caller)
      const mission = await socialMission(ctx.db, 5, { ownerId: ctx.owner.id })
      return {
        path: '/api/mission/add',
        body: { missionId: mission.id, deviceId: randomUUID() },
        cookie: ctx.caller.cookie,
      }
    },
    owned: ['missionId'],
  },
  'GET /api/mission/{id}/check': {
    sample: async (ctx) => {
      const mission = await takenMission(ctx, ctx.owner)
      return { path: `/api/mission/${mission.id}/check`, cookie: ctx.caller.cookie }
    },
    owned: ['id'],
  },
  'POST /api/mission/claim': {
    sample: async (ctx) => {
      const mission = await takenMission(ctx, ctx.owner)
      await confirmed(ctx, ctx.owner, mission.id)
      return {
        path: '/api/mission/claim',
        body: { missionId: mission.id },
        cookie: ctx.caller.cookie,
      }
    },
    owned: ['missionId'],
  },
  'GET /api/mission/claimReferred': {
    sample: ({ caller }) => ({ path: '/api/mission/claimReferred', cookie: caller.cookie }),
    owned: 'none',
  },
  'POST /api/mission/claimReferred': {
    // A player the caller invited claims a mission: the caller's share waits to be claimed.
    sample: async (ctx) => {
      const referral = await newPlayer(ctx.api, ctx.caller.code)
      const mission = await takenMission(ctx, referral)
      await confirmed(ctx, referral, mission.id)
      expectOk(
        await ctx.api('/api/mission/claim', {
          body: { missionId: mission.id },
          cookie: referral.cookie,
        }),
        'POST /api/mission/claim',
      )
      return { path: '/api/mission/claimReferred', body: {}, cookie: ctx.caller.cookie }
    },
    owned: 'none',
  },
  'GET /api/mission/video/amount': {
    sample: ({ caller }) => ({ path: '/api/mission/video/amount', cookie: caller.cookie }),
    owned: 'none',
  },
  'GET /api/mission/video/available': {
    sample: ({ caller }) => ({
      path: '/api/mission/video/available?page=1',
      cookie: caller.cookie,
    }),
    owned: 'none',
  },
  'GET /api/mission/playlist/available': {
    sample: ({ caller }) => ({
      path: '/api/mission/playlist/available?page=1',
      cookie: caller.cookie,
    }),
    owned: 'none',
  },
  'GET /api/mission/video/{id}/check': {
    // A video offered to the owner alone, which they are playing.
    sample: async (ctx) => {
      const video = await videoMission(ctx.db, { ownerId: ctx.owner.id })
      await playing(ctx, ctx.owner, video.id)
      return { path: `/api/mission/video/${video.id}/check`, cookie: ctx.caller.cookie }
    },
    owned: ['id'],
  },
  'POST /api/mission/video/{missionId}/play': {
    sample: async (ctx) => {
      const video = await videoMission(ctx.db, { ownerId: ctx.owner.id })
      return {
        path: `/api/mission/video/${video.id}/play`,
        body: { deviceId: randomUUID() },
        cookie: ctx.caller.cookie,
      }
    },
    owned: ['missionId'],
  },
  'POST /api/mission/video/{viewId}/restart': {
    sample: async (ctx) => {
      const view = await playing(ctx, ctx.owner)
      return {
        path: `/api/mission/video/${view.missionVideoViewId}/restart`,
        body: {},
        cookie: ctx.caller.cookie,
      }
    },
    owned: ['viewId'],
  },
  'POST /api/mission/video/{viewId}/finish': {
    sample: async (ctx) => {
      const view = await playing(ctx, ctx.owner)
      await watched(ctx, view.missionVideoViewId)
      return {
        path: `/api/mission/video/${view.missionVideoViewId}/finish`,
        body: { keyToClaim: view.keyToClaim },
        cookie: ctx.caller.cookie,
      }
    },
    owned: ['viewId'],
  },
  'GET /api/mission/voltaCharge': {
    sample: ({ caller }) => ({ path: '/api/mission/voltaCharge', cookie: caller.cookie }),
    owned: 'none',
  },
  'POST /api/mission/voltaCharge/claim': {
    // The caller finished a video of a playlist: its volta waits to be claimed.
    sample: async (ctx) => {
      const { videos } = await playlistMission(ctx.db, ctx.caller.id, { videos: 2 })
      const view = await playing(ctx, ctx.caller, videos[0]?.id)
      await watched(ctx, view.missionVideoViewId)
      expectOk(
        await ctx.api(`/api/mission/video/${view.missionVideoViewId}/finish`, {
          body: { keyToClaim: view.keyToClaim },
          cookie: ctx.caller.cookie,
        }),
        'POST /api/mission/video/{viewId}/finish',
      )
      return { path: '/api/mission/voltaCharge/claim', body: {}, cookie: ctx.caller.cookie }
    },
    owned: 'none',
  },
  'GET /api/mission/newNotifications': {
    sample: ({ caller }) => ({ path: '/api/mission/newNotifications', cookie: caller.cookie }),
    owned: 'none',
  },
  'GET /api/mission/notifications': {
    sample: async (ctx) => {
      await tiktokAccount(ctx, ctx.caller)
      return { path: '/api/mission/notifications?page=1', cookie: ctx.caller.cookie }
    },
    owned: 'none',
  },
  'PATCH /api/mission/notification/view': {
    sample: async (ctx) => {
      await tiktokAccount(ctx, ctx.caller)
      return {
        path: '/api/mission/notification/view',
        method: 'PATCH',
        body: {},
        cookie: ctx.caller.cookie,
      }
    },
    owned: 'none',
  },
  'POST /api/user/view/notification': {
    // The owner's account was verified: the notification of it, read through the API.
    sample: async (ctx) => {
      await tiktokAccount(ctx, ctx.owner)
      const list = expectOk(
        await ctx.api<Paginated<Notification>>('/api/mission/notifications?page=1', {
          cookie: ctx.owner.cookie,
        }),
        'GET /api/mission/notifications',
      )
      const [first] = list.body.data.docs
      if (!first) throw new Error(`${ctx.owner.email} has no notification to view`)
      return {
        path: '/api/user/view/notification',
        body: { notificationId: first.id },
        cookie: ctx.caller.cookie,
      }
    },
    owned: ['notificationId'],
  },
}
