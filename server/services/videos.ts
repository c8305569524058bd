import { randomBytes } from 'node:crypto'
import { and, asc, count, eq, inArray, isNotNull, isNull, lte, or, sql } from 'drizzle-orm'
import { describeReward, missionMessages } from '../../contract/missions'
import type {
  FinishedVideo,
  Playlist,
  VideoAmount,
  VideoCheck,
  VideoMission,
  VideoView,
} from '../../contract/missions'
import { instantSql, type Db, type Tx } from '../db/client'
import { missionAssignments, missions, pendingRewards, videoViews } from '../db/schema'
import type { SessionPlayer } from './auth'
import { claimOnce, inTransaction, withAdvisoryLock } from './atomic'
import { requireDevice } from './devices'
import { DomainError } from './errors'
import { getBalances, transfer } from './ledger'
import { shareWithParent, visibleTo } from './missions'
import { recordFirstPlay } from './referrals'
import { notify } from './notifications'
import { pageOf } from './pages'
import type { Paginated } from '../../contract/pagination'
import { EARNING_RULES } from './rules'

type MissionRow = typeof missions.$inferSelect
type ViewRow = typeof videoViews.$inferSelect

/** A new key to claim: 256 random bits, URL-safe. */
function newClaimKey(): string {
  return randomBytes(32).toString('base64url')
}

const secondsBetween = (from: Date, to: Date) => (to.getTime() - from.getTime()) / 1000

/** Seconds of the video still to watch on the server's clock (0 once it may be finished). */
function secondsLeft(video: MissionRow, view: ViewRow, now: Date): number {
  if (!view.startedAt) return video.durationSeconds ?? 0
  return Math.max(0, Math.ceil((video.durationSeconds ?? 0) - secondsBetween(view.startedAt, now)))
}

function isDisabled(view: ViewRow | null, now: Date): view is ViewRow & { disabledUntil: Date } {
  return view?.disabledUntil != null && view.disabledUntil > now
}

/** A video as the player sees it, with where they are: from their view of it, if any. */
function toVideo(video: MissionRow, view: ViewRow | null, now: Date, volta: number): VideoMission {
  const base = {
    id: video.id,
    title: video.title,
    description: video.description,
    src: video.videoSrc ?? '',
    durationSeconds: video.durationSeconds ?? 0,
    reward: { kind: 'TERYCARBONS' as const, amount: video.reward },
    playlistId: video.playlistId,
    volta,
    secondsUntilEnabled: null,
    enabledAt: null,
  }
  if (view?.finishedAt) return { ...base, status: 'finished' }
  if (isDisabled(view, now)) {
    return {
      ...base,
      status: 'disabled',
      secondsUntilEnabled: Math.max(1, Math.ceil(secondsBetween(now, view.disabledUntil))),
      enabledAt: view.disabledUntil.toISOString(),
    }
  }
  if (view?.startedAt) {
    return { ...base, status: secondsLeft(video, view, now) > 0 ? 'playing' : 'claimable' }
  }
  return { ...base, status: 'available' }
}

const myView = (userId: string) =>
  and(eq(videoViews.missionId, missions.id), eq(videoViews.userId, userId))

/** GET /api/mission/video/available?page: the videos outside playlists, unfinished ones first. */
export async function listVideos(
  db: Db,
  userId: string,
  page: number,
  now: Date,
): Promise<Paginated<VideoMission>> {
  const { offset, limit, paged } = pageOf(page, EARNING_RULES.missionPageSize)
  const where = and(eq(missions.type, 'video'), isNull(missions.playlistId), visibleTo(userId))
  const rows = await db
    .select()
    .from(missions)
    .leftJoin(videoViews, myView(userId))
    .where(where)
    .orderBy(
      sql`${videoViews.finishedAt} is not null`,
      asc(missions.position),
      asc(missions.createdAt),
      asc(missions.id),
    )
    .limit(limit)
    .offset(offset)
  const [total] = await db.select({ n: count() }).from(missions).where(where)
  return paged(
    rows.map((row) => toVideo(row.missions, row.video_views, now, 0)),
    total?.n ?? 0,
  )
}

/** GET /api/mission/video/amount: videos not finished yet, playlists not completed yet. */
export async function countAvailable(db: Db, userId: string): Promise<VideoAmount> {
  const [videos] = await db
    .select({ n: count() })
    .from(missions)
    .leftJoin(videoViews, myView(userId))
    .where(
      and(
        eq(missions.type, 'video'),
        isNull(missions.playlistId),
        visibleTo(userId),
        isNull(videoViews.finishedAt),
      ),
    )
  const [playlists] = await db
    .select({ n: count() })
    .from(missions)
    .leftJoin(
      missionAssignments,
      and(eq(missionAssignments.missionId, missions.id), eq(missionAssignments.userId, userId)),
    )
    .where(and(eq(missions.type, 'playlist'), visibleTo(userId), isNull(missionAssignments.id)))
  return { videos: videos?.n ?? 0, playList: playlists?.n ?? 0 }
}

/** GET /api/mission/playlist/available?page: each playlist with its videos and the player's progress. */
export async function listPlaylists(
  db: Db,
  userId: string,
  page: number,
  now: Date,
): Promise<Paginated<Playlist>> {
  const { offset, limit, paged } = pageOf(page, EARNING_RULES.missionPageSize)
  const where = and(eq(missions.type, 'playlist'), visibleTo(userId))
  const lists = await db
    .select()
    .from(missions)
    .leftJoin(
      missionAssignments,
      and(eq(missionAssignments.missionId, missions.id), eq(missionAssignments.userId, userId)),
    )
    .where(where)
    .orderBy(asc(missions.position), asc(missions.createdAt), asc(missions.id))
    .limit(limit)
    .offset(offset)
  const [total] = await db.select({ n: count() }).from(missions).where(where)
  const ids = lists.map((row) => row.missions.id)
  const videos =
    ids.length === 0
      ? []
      : await db
          .select()
          .from(missions)
          .leftJoin(videoViews, myView(userId))
          .where(and(inArray(missions.playlistId, ids), eq(missions.active, true)))
          .orderBy(asc(missions.position), asc(missions.id))
  return paged(
    lists.map(({ missions: list, mission_assignments: assignment }) => {
      const own = videos
        .filter((row) => row.missions.playlistId === list.id)
        .map((row) => toVideo(row.missions, row.video_views, now, list.volta))
      const finishedVideos = own.filter((video) => video.status === 'finished').length
      return {
        id: list.id,
        title: list.title,
        description: list.description,
        reward: { kind: 'GEMS', amount: list.reward },
        volta: list.volta,
        videos: own,
        finishedVideos,
        state: assignment ? 'completed' : 'inProgress',
      }
    }),
    total?.n ?? 0,
  )
}

type FoundVideo = { video: MissionRow; playlist: MissionRow | null; view: ViewRow | null }

async function findVideo(db: Db, userId: string, missionId: string): Promise<FoundVideo> {
  const [row] = await db
    .select()
    .from(missions)
    .leftJoin(videoViews, myView(userId))
    .where(and(eq(missions.id, missionId), eq(missions.type, 'video'), visibleTo(userId)))
  if (!row) throw new DomainError(404, missionMessages.videoNotFound)
  const [playlist] = row.missions.playlistId
    ? await db.select().from(missions).where(eq(missions.id, row.missions.playlistId))
    : []
  return { video: row.missions, playlist: playlist ?? null, view: row.video_views }
}

function openView(video: MissionRow, view: ViewRow, now: Date): VideoView {
  return {
    missionVideoViewId: view.id,
    keyToClaim: view.claimKey ?? '',
    secondsLeft: secondsLeft(video, view, now),
  }
}

/**
 * GET /api/mission/video/{id}/check: whether the player may play the video, and their open view
 * (its key included: the key only ties a finish to the latest start, the session proves who).
 */
export async function checkVideo(
  db: Db,
  userId: string,
  missionId: string,
  now: Date,
): Promise<VideoCheck> {
  const { video, playlist, view } = await findVideo(db, userId, missionId)
  const shown = toVideo(video, view, now, playlist?.volta ?? 0)
  const open = view && (shown.status === 'playing' || shown.status === 'claimable')
  return { video: shown, view: open ? openView(video, view, now) : null }
}

/** Why a view could not be opened or changed: the refusal the player reads. */
function refusalOf(view: ViewRow | null, userId: string, now: Date): DomainError {
  if (!view || view.userId !== userId)
    return new DomainError(404, missionMessages.videoViewNotFound)
  if (view.finishedAt) return new DomainError(409, missionMessages.videoFinishedAlready)
  if (isDisabled(view, now)) {
    return new DomainError(409, missionMessages.videoDisabled, {
      secondsUntilEnabled: Math.ceil(secondsBetween(now, view.disabledUntil)),
    })
  }
  return new DomainError(404, missionMessages.videoViewNotFound)
}

const playable = (now: Date) =>
  and(
    isNull(videoViews.finishedAt),
    or(isNull(videoViews.disabledUntil), lte(videoViews.disabledUntil, now)),
  )

/**
 * POST /api/mission/video/{missionId}/play: opens the player's view of the video (or opens it
 * again) with the server's time as its start and a new key, from a device checkAccess allows.
 * One conditional upsert: a finished or disabled view is never reopened.
 */
export async function playVideo(
  db: Db,
  userId: string,
  missionId: string,
  deviceId: string,
  now: Date,
): Promise<VideoView> {
  return inTransaction(db, async (tx) => {
    await requireDevice(tx, userId, deviceId, now)
    const { video, view: before } = await findVideo(tx, userId, missionId)
    const claimKey = newClaimKey()
    const [view] = await tx
      .insert(videoViews)
      .values({ missionId, userId, deviceId, claimKey, startedAt: now })
      .onConflictDoUpdate({
        target: [videoViews.userId, videoViews.missionId],
        set: { deviceId, claimKey, startedAt: now, restarts: 0, disabledUntil: null },
        setWhere: playable(now),
      })
      .returning()
    if (!view) {
      const refusal = refusalOf(before, userId, now)
      throw refusal.status === 404 ? new DomainError(404, missionMessages.videoNotFound) : refusal
    }
    return openView(video, view, now)
  })
}

async function findView(tx: Tx, viewId: string) {
  const [row] = await tx
    .select()
    .from(videoViews)
    .innerJoin(missions, eq(missions.id, videoViews.missionId))
    .where(eq(videoViews.id, viewId))
  return row ?? null
}

/** POST /api/mission/video/{viewId}/restart: the view starts again now, with a new key. */
export async function restartVideo(
  db: Db,
  userId: string,
  viewId: string,
  now: Date,
): Promise<VideoView> {
  return inTransaction(db, async (tx) => {
    const restarted = await claimOnce(
      tx
        .update(videoViews)
        .set({ startedAt: now, claimKey: newClaimKey(), restarts: sql`${videoViews.restarts} + 1` })
        .where(
          and(
            eq(videoViews.id, viewId),
            eq(videoViews.userId, userId),
            isNotNull(videoViews.startedAt),
            playable(now),
          ),
        )
        .returning(),
    )
    const found = await findView(tx, viewId)
    if (!restarted || !found) throw refusalOf(found?.video_views ?? null, userId, now)
    return openView(found.missions, restarted, now)
  })
}

type FinishOutcome = { paid: FinishedVideo } | { refused: DomainError }

/**
 * POST /api/mission/video/{viewId}/finish: closes the view once (a conditional update that also
 * states the key and that the video's duration has passed since the start, on the server clock)
 * and pays the video's terycarbons in the same transaction. A playlist video also adds the
 * playlist's volta to the player's charge, and the finish that completes a playlist pays its
 * gems (once: the player's assignment of the playlist is a unique row). Asking before the time
 * disables the video for the player for `videoEarlyFinishLockMinutes`, and closes the view.
 */
export async function finishVideo(
  db: Db,
  user: SessionPlayer,
  viewId: string,
  keyToClaim: string,
  now: Date,
): Promise<FinishedVideo> {
  const outcome = await inTransaction(db, async (tx): Promise<FinishOutcome> => {
    const [listed] = await tx
      .select({ playlistId: missions.playlistId })
      .from(videoViews)
      .innerJoin(missions, eq(missions.id, videoViews.missionId))
      .where(and(eq(videoViews.id, viewId), eq(videoViews.userId, user.id)))
    // Finishes of one playlist by one player run one after the other, so the one that completes
    // it sees every other finish (a count in READ COMMITTED would not see a concurrent one).
    if (listed?.playlistId) await withAdvisoryLock(tx, `playlist:${user.id}:${listed.playlistId}`)
    const finished = await claimOnce(
      tx
        .update(videoViews)
        .set({ finishedAt: now, claimKey: null })
        .where(
          and(
            eq(videoViews.id, viewId),
            eq(videoViews.userId, user.id),
            eq(videoViews.claimKey, keyToClaim),
            playable(now),
            lte(
              videoViews.startedAt,
              sql`${instantSql(now)} - (select ${missions.durationSeconds} from ${missions} where ${missions.id} = ${videoViews.missionId}) * interval '1 second'`,
            ),
          ),
        )
        .returning(),
    )
    if (!finished) return { refused: await refuseFinish(tx, user.id, viewId, keyToClaim, now) }
    const { video, playlist } = await findVideo(tx, user.id, finished.missionId)
    const volta = playlist?.volta ?? 0
    const reward = { kind: 'TERYCARBONS' as const, amount: video.reward }
    await recordFirstPlay(tx, user, now)
    await transfer(tx, {
      at: now,
      currency: 'terycarbons',
      from: { system: 'supply' },
      to: { userId: user.id },
      amount: video.reward,
      kind: 'video.finish',
      cause: { missionId: video.id, viewId: finished.id },
      idempotencyKey: `video.finish:${user.id}:${video.id}`,
    })
    if (playlist && volta > 0) {
      await tx.insert(pendingRewards).values({
        userId: user.id,
        kind: 'volta',
        amount: volta,
        label: `«${video.title}», de la lista «${playlist.title}»`,
        cause: { missionId: video.id, playlistId: playlist.id },
      })
    }
    const extra =
      volta > 0 ? ` y ${describeReward({ kind: 'VOLTA_CHARGE', amount: volta })} para reclamar` : ''
    await notify(tx, user.id, `Terminaste «${video.title}»: +${describeReward(reward)}${extra}.`)
    const completed = playlist ? await completePlaylist(tx, user, playlist, now) : null
    return {
      paid: {
        video: toVideo(video, finished, now, volta),
        reward,
        volta,
        playlist: completed,
        balances: await getBalances(tx, user.id),
      },
    }
  })
  if ('refused' in outcome) throw outcome.refused
  return outcome.paid
}

/**
 * Pays a playlist's gems when the player has finished all its videos: once, because the
 * player's assignment of the playlist is a unique row; the parent's share waits for them.
 */
async function completePlaylist(tx: Tx, user: SessionPlayer, playlist: MissionRow, now: Date) {
  const [progress] = await tx
    .select({ videos: count(missions.id), finished: count(videoViews.finishedAt) })
    .from(missions)
    .leftJoin(videoViews, myView(user.id))
    .where(and(eq(missions.playlistId, playlist.id), eq(missions.active, true)))
  if (!progress || progress.finished < progress.videos) return null
  const [completed] = await tx
    .insert(missionAssignments)
    .values({
      missionId: playlist.id,
      userId: user.id,
      state: 'claimed',
      addedAt: now,
      claimedAt: now,
    })
    .onConflictDoNothing()
    .returning()
  if (!completed) return null
  const reward = { kind: 'GEMS' as const, amount: playlist.reward }
  await transfer(tx, {
    at: now,
    currency: 'gems',
    from: { system: 'supply' },
    to: { userId: user.id },
    amount: playlist.reward,
    kind: 'playlist.claim',
    cause: { missionId: playlist.id },
    idempotencyKey: `playlist.claim:${completed.id}`,
  })
  await shareWithParent(tx, user, playlist, playlist.reward)
  await notify(
    tx,
    user.id,
    `¡Completaste la lista «${playlist.title}»! +${describeReward(reward)}.`,
  )
  return { title: playlist.title, reward }
}

/**
 * Why a finish was refused, read after the conditional update lost. Too early is the one that
 * also writes (in the same transaction, which commits before the refusal is answered): the video
 * is disabled for the player for a while and the view closed, so they must play it again.
 */
async function refuseFinish(
  tx: Tx,
  userId: string,
  viewId: string,
  keyToClaim: string,
  now: Date,
): Promise<DomainError> {
  const found = await findView(tx, viewId)
  const view = found?.video_views ?? null
  if (!found || !view || view.userId !== userId || view.finishedAt || isDisabled(view, now)) {
    return refusalOf(view, userId, now)
  }
  if (view.claimKey !== keyToClaim || !view.startedAt) {
    return new DomainError(403, missionMessages.videoWrongKey)
  }
  const disabledUntil = new Date(now.getTime() + EARNING_RULES.videoEarlyFinishLockMinutes * 60_000)
  await tx
    .update(videoViews)
    .set({ disabledUntil, startedAt: null, claimKey: null })
    .where(
      and(
        eq(videoViews.id, viewId),
        isNull(videoViews.finishedAt),
        eq(videoViews.claimKey, keyToClaim),
      ),
    )
  return new DomainError(409, missionMessages.videoTooEarly, {
    secondsUntilEnabled: EARNING_RULES.videoEarlyFinishLockMinutes * 60,
  })
}
