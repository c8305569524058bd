import { musicMessages } from '../../../contract/music'
import { createHash, randomBytes } from 'node:crypto'
import { and, asc, count, desc, eq, gte, inArray, sql, sum } from 'drizzle-orm'
import type {
  AccessRefusal,
  ClaimMusicRewardResult,
  MusicAccess,
  MusicAuditResult,
  MusicLogin,
  MusicLoginQuery,
  MusicStatus,
  MusicSyncResult,
  RecentlyPlayed,
} from '../../../contract/music'
import type { Db, Tx } from '../../db/client'
import { musicDevices, musicLinks, musicPlays } from '../../db/schema'
import { claimOnce, inTransaction, withAdvisoryLock } from '../atomic'
import { bogotaDay } from '../bogota-time'
import { isUniqueViolation } from '../db-errors'
import { DomainError } from '../errors'
import { getBalances, transfer } from '../ledger'
import { MUSIC_RULES } from '../rules'
import { ProviderError, type MusicProvider, type ProviderTokens } from './provider'

/*
 * The music section (docs/economy.md, "Music"): the player registers the email of their music
 * account, links it through the provider's authorization, syncs the plays, the audit accepts or
 * rejects each one, accepted plays become a claimable reward (up to a daily cap), and the claim
 * pays it once through the ledger.
 */

type LinkRow = typeof musicLinks.$inferSelect

const HOUR_MS = 60 * 60 * 1000

function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex')
}

async function findLink(db: Db, userId: string): Promise<LinkRow | null> {
  const [link] = await db.select().from(musicLinks).where(eq(musicLinks.userId, userId)).limit(1)
  return link ?? null
}

function isSuspended(link: LinkRow | null): boolean {
  return (link?.strikes ?? 0) >= MUSIC_RULES.maxStrikes
}

/** The player's music section as it stands: link, pending plays, the reward, today, strikes. */
export async function readMusicStatus(
  db: Db,
  provider: MusicProvider,
  userId: string,
  now: Date,
): Promise<MusicStatus> {
  const link = await findLink(db, userId)
  const counts = await db
    .select({ state: musicPlays.state, plays: count(), amount: sum(musicPlays.amount) })
    .from(musicPlays)
    .where(eq(musicPlays.userId, userId))
    .groupBy(musicPlays.state)
  const [today] = await db
    .select({ amount: sum(musicPlays.amount) })
    .from(musicPlays)
    .where(
      and(
        eq(musicPlays.userId, userId),
        eq(musicPlays.day, bogotaDay(now)),
        inArray(musicPlays.state, ['claimable', 'claimed']),
      ),
    )
  const byState = (state: string) => counts.find((row) => row.state === state)
  const claimable = byState('claimable')
  return {
    provider: provider.name,
    simulated: provider.name === 'local',
    link: {
      state: link?.linkedAt ? 'linked' : link ? 'emailSaved' : 'unlinked',
      email: link?.email ?? null,
      accountName: link?.accountName ?? null,
      linkedAt: link?.linkedAt?.toISOString() ?? null,
      lastSyncedAt: link?.lastSyncedAt?.toISOString() ?? null,
    },
    pendingPlays: byState('pending')?.plays ?? 0,
    claimable: {
      plays: claimable?.plays ?? 0,
      reward: {
        currency: MUSIC_RULES.rewardPerPlay.currency,
        amount: Number(claimable?.amount ?? 0),
      },
    },
    today: { earned: Number(today?.amount ?? 0), cap: MUSIC_RULES.dailyCap },
    strikes: {
      count: link?.strikes ?? 0,
      max: MUSIC_RULES.maxStrikes,
      unseen: link?.strikeUnseen ?? false,
    },
  }
}

/**
 * GET /api/spotify/checkAccess: whether this device may use the section, read only. Refused when
 * the request came through a proxy that is not ours, when the player's rewards are suspended, or
 * when the device is bound to another player. A GET never writes: a cross-site link can make a
 * signed-in browser send one, and opening the page on a shared computer must not take the device;
 * it is bound when a player syncs plays from it (`syncPlays`).
 */
export async function checkAccess(
  db: Db,
  provider: MusicProvider,
  userId: string,
  input: { deviceId: string; proxied: boolean; now: Date },
): Promise<MusicAccess> {
  const status = await readMusicStatus(db, provider, userId, input.now)
  let reason: AccessRefusal | null = null
  if (input.proxied) reason = 'proxy'
  else if (status.strikes.count >= status.strikes.max) reason = 'suspended'
  else {
    const owner = await deviceOwner(db, input.deviceId)
    if (owner !== null && owner !== userId) reason = 'sharedDevice'
  }
  return { allowed: reason === null, reason, status }
}

/** The player a device is bound to, or null while nobody synced plays from it. */
async function deviceOwner(db: Db | Tx, deviceId: string): Promise<string | null> {
  const [device] = await db
    .select({ userId: musicDevices.userId })
    .from(musicDevices)
    .where(eq(musicDevices.deviceId, deviceId))
  return device?.userId ?? null
}

/** The calls that move plays or money refuse a relayed request and a suspended player. */
export async function requireAccess(db: Db, userId: string, proxied: boolean): Promise<void> {
  if (proxied) throw new DomainError(403, musicMessages.blocked)
  if (isSuspended(await findLink(db, userId))) {
    throw new DomainError(403, musicMessages.suspended)
  }
}

/**
 * POST /api/spotify/linkSpotifyEmail: registers (or changes, until linked) the email of the music
 * account the player will link. One account belongs to one player.
 */
export async function saveMusicEmail(
  db: Db,
  provider: MusicProvider,
  userId: string,
  email: string,
  now: Date,
): Promise<MusicStatus> {
  try {
    const saved = await db
      .insert(musicLinks)
      .values({ userId, provider: provider.name, email, createdAt: now })
      .onConflictDoUpdate({
        target: musicLinks.userId,
        set: { provider: provider.name, email, oauthStateHash: null, oauthStateExpiresAt: null },
        setWhere: sql`${musicLinks.linkedAt} is null`,
      })
      .returning({ userId: musicLinks.userId })
    if (saved.length === 0) throw new DomainError(409, musicMessages.alreadyLinked)
  } catch (error) {
    if (isUniqueViolation(error, 'music_links_provider_email_unique')) {
      throw new DomainError(409, musicMessages.emailTaken)
    }
    throw error
  }
  return readMusicStatus(db, provider, userId, now)
}

/** GET /api/spotify/login without a code: where to authorize, with a fresh single-use state. */
export async function startAuthorization(
  db: Db,
  provider: MusicProvider,
  userId: string,
  now: Date,
): Promise<MusicLogin> {
  const link = await findLink(db, userId)
  if (!link) throw new DomainError(409, musicMessages.needsEmail)
  if (link.linkedAt) throw new DomainError(409, musicMessages.alreadyLinked)
  const state = randomBytes(24).toString('base64url')
  await db
    .update(musicLinks)
    .set({
      provider: provider.name,
      oauthStateHash: sha256Hex(state),
      oauthStateExpiresAt: new Date(now.getTime() + MUSIC_RULES.authorizeMinutes * 60_000),
    })
    .where(eq(musicLinks.userId, userId))
  return { url: provider.authorizeUrl({ state, email: link.email }) }
}

/**
 * GET /api/spotify/login with the provider's callback query: checks that `state` is the one this
 * player was given (so nobody can link their account to someone else's session), exchanges the
 * code and links the account, whose email must be the one the player registered.
 */
export async function completeAuthorization(
  db: Db,
  provider: MusicProvider,
  userId: string,
  query: MusicLoginQuery,
  now: Date,
): Promise<MusicLogin> {
  const link = await findLink(db, userId)
  if (link?.linkedAt) throw new DomainError(409, musicMessages.alreadyLinked)
  const stateHash = query.state ? sha256Hex(query.state) : null
  const valid =
    link !== null &&
    stateHash !== null &&
    link.oauthStateHash === stateHash &&
    link.oauthStateExpiresAt !== null &&
    link.oauthStateExpiresAt > now
  if (query.error !== undefined) {
    if (valid) await forgetState(db, userId)
    throw new DomainError(400, musicMessages.linkDenied)
  }
  if (!valid || !query.code || !link) throw new DomainError(400, musicMessages.linkExpired)

  let authorized
  try {
    authorized = await provider.completeAuthorization({ code: query.code, email: link.email, now })
  } catch (error) {
    if (error instanceof ProviderError) throw new DomainError(503, musicMessages.providerFailed)
    throw error
  }
  if (authorized.account.email !== link.email) {
    await forgetState(db, userId)
    throw new DomainError(409, musicMessages.accountMismatch)
  }
  try {
    const linked = await claimOnce(
      db
        .update(musicLinks)
        .set({
          accountId: authorized.account.id,
          accountName: authorized.account.name,
          ...tokenColumns(authorized.tokens),
          linkedAt: now,
          oauthStateHash: null,
          oauthStateExpiresAt: null,
        })
        .where(and(eq(musicLinks.userId, userId), eq(musicLinks.oauthStateHash, stateHash)))
        .returning({ userId: musicLinks.userId }),
    )
    // The same callback twice: the first one used the state.
    if (!linked) throw new DomainError(400, musicMessages.linkExpired)
  } catch (error) {
    if (isUniqueViolation(error, 'music_links_provider_account_unique')) {
      throw new DomainError(409, musicMessages.emailTaken)
    }
    throw error
  }
  return { url: '/music' }
}

async function forgetState(db: Db, userId: string) {
  await db
    .update(musicLinks)
    .set({ oauthStateHash: null, oauthStateExpiresAt: null })
    .where(eq(musicLinks.userId, userId))
}

function tokenColumns(tokens: ProviderTokens | null) {
  return {
    accessToken: tokens?.accessToken ?? null,
    refreshToken: tokens?.refreshToken ?? null,
    tokenExpiresAt: tokens?.expiresAt ?? null,
  }
}

async function requireLinked(db: Db, userId: string): Promise<LinkRow & { accountId: string }> {
  const link = await findLink(db, userId)
  if (!link?.linkedAt || link.accountId === null) {
    throw new DomainError(409, musicMessages.notLinked)
  }
  return link as LinkRow & { accountId: string }
}

/**
 * POST /api/spotify/sync?deviceId=: brings the provider's latest plays in, each play once. The
 * device is bound to the first player who syncs from it (one phone farming many accounts); a
 * player syncing from another's device is refused and nothing is written. Binding and plays are
 * one transaction, and the key on the device id decides between two first syncs at once.
 */
export async function syncPlays(
  db: Db,
  provider: MusicProvider,
  userId: string,
  deviceId: string,
  now: Date,
): Promise<MusicSyncResult> {
  const link = await requireLinked(db, userId)
  const tokens =
    link.accessToken && link.tokenExpiresAt
      ? {
          accessToken: link.accessToken,
          refreshToken: link.refreshToken,
          expiresAt: link.tokenExpiresAt,
        }
      : null
  let recent
  try {
    recent = await provider.recentlyPlayed(
      { email: link.email, accountId: link.accountId, tokens },
      { limit: MUSIC_RULES.recentLimit, now },
    )
  } catch (error) {
    if (error instanceof ProviderError) throw new DomainError(503, musicMessages.providerFailed)
    throw error
  }
  const imported = await inTransaction(db, async (tx) => {
    await tx
      .insert(musicDevices)
      .values({ deviceId, userId, firstSeenAt: now })
      .onConflictDoNothing()
    if ((await deviceOwner(tx, deviceId)) !== userId) {
      throw new DomainError(403, musicMessages.sharedDevice)
    }
    const inserted =
      recent.plays.length === 0
        ? []
        : await tx
            .insert(musicPlays)
            .values(
              recent.plays.map((play) => ({
                userId,
                ...play,
                day: bogotaDay(play.playedAt),
                createdAt: now,
              })),
            )
            .onConflictDoNothing()
            .returning({ id: musicPlays.id })
    await tx
      .update(musicLinks)
      .set({ lastSyncedAt: now, ...(recent.tokens ? tokenColumns(recent.tokens) : {}) })
      .where(eq(musicLinks.userId, userId))
    return inserted.length
  })
  return { imported, status: await readMusicStatus(db, provider, userId, now) }
}

type AuditedPlay = typeof musicPlays.$inferSelect

/**
 * POST /api/spotify/checkAudit: decides each pending play. Rejected: tracks under the minimum
 * length, a track past its daily repeats, and plays that come faster than anyone listens (more
 * than `maxPlaysPerHour` within an hour), which also earn a strike. The player's music rows are
 * serialized by an advisory lock, so two audits can't count the same plays twice.
 */
export async function auditPlays(
  db: Db,
  provider: MusicProvider,
  userId: string,
  now: Date,
): Promise<MusicAuditResult> {
  await requireLinked(db, userId)
  const outcome = await inTransaction(db, async (tx) => {
    await withAdvisoryLock(tx, `music:${userId}`)
    const pending = await tx
      .select()
      .from(musicPlays)
      .where(and(eq(musicPlays.userId, userId), eq(musicPlays.state, 'pending')))
      .orderBy(asc(musicPlays.playedAt))
    if (pending.length === 0) return { accepted: 0, rejected: 0, strike: false }
    const first = pending[0] as AuditedPlay
    // Everything already synced around these plays: the hourly window counts every play.
    const around = await tx
      .select()
      .from(musicPlays)
      .where(
        and(
          eq(musicPlays.userId, userId),
          gte(musicPlays.playedAt, new Date(first.playedAt.getTime() - 24 * HOUR_MS)),
        ),
      )
    const counted = around.filter((play) =>
      ['accepted', 'claimable', 'claimed'].includes(play.state),
    )
    let accepted = 0
    let rejected = 0
    let strike = false
    for (const play of pending) {
      const windowStart = play.playedAt.getTime() - HOUR_MS
      const inHour = around.filter(
        (other) => other.playedAt.getTime() > windowStart && other.playedAt <= play.playedAt,
      ).length
      const repeats = counted.filter(
        (other) => other.trackId === play.trackId && other.day === play.day,
      ).length
      const reason =
        play.durationMs < MUSIC_RULES.minTrackSeconds * 1000
          ? 'short'
          : inHour > MUSIC_RULES.maxPlaysPerHour
            ? 'tooFast'
            : repeats >= MUSIC_RULES.maxPlaysPerTrackPerDay
              ? 'repeated'
              : null
      if (reason === 'tooFast') strike = true
      await tx
        .update(musicPlays)
        .set({ state: reason ? 'rejected' : 'accepted', reason })
        .where(eq(musicPlays.id, play.id))
      if (reason) rejected += 1
      else {
        accepted += 1
        counted.push({ ...play, state: 'accepted' })
      }
    }
    if (strike) {
      await tx
        .update(musicLinks)
        .set({ strikes: sql`${musicLinks.strikes} + 1`, strikeUnseen: true })
        .where(eq(musicLinks.userId, userId))
    }
    return { accepted, rejected, strike }
  })
  return { ...outcome, status: await readMusicStatus(db, provider, userId, now) }
}

/**
 * POST /api/spotify/pendingToClaim: accepted plays become the claimable reward, each play paying
 * `rewardPerPlay` while its day stays under the daily cap; plays beyond the cap earn nothing.
 */
export async function accumulateReward(
  db: Db,
  provider: MusicProvider,
  userId: string,
  now: Date,
): Promise<MusicStatus> {
  await requireLinked(db, userId)
  await inTransaction(db, async (tx) => {
    await withAdvisoryLock(tx, `music:${userId}`)
    const accepted = await tx
      .select()
      .from(musicPlays)
      .where(and(eq(musicPlays.userId, userId), eq(musicPlays.state, 'accepted')))
      .orderBy(asc(musicPlays.playedAt))
    if (accepted.length === 0) return
    const days = [...new Set(accepted.map((play) => play.day))]
    const earned = await tx
      .select({ day: musicPlays.day, amount: sum(musicPlays.amount) })
      .from(musicPlays)
      .where(
        and(
          eq(musicPlays.userId, userId),
          inArray(musicPlays.day, days),
          inArray(musicPlays.state, ['claimable', 'claimed']),
        ),
      )
      .groupBy(musicPlays.day)
    const perDay = new Map(earned.map((row) => [row.day, Number(row.amount ?? 0)]))
    const perPlay = MUSIC_RULES.rewardPerPlay.amount
    for (const play of accepted) {
      const sofar = perDay.get(play.day) ?? 0
      const fits = sofar + perPlay <= MUSIC_RULES.dailyCap
      if (fits) perDay.set(play.day, sofar + perPlay)
      await tx
        .update(musicPlays)
        .set(
          fits
            ? { state: 'claimable', amount: perPlay }
            : { state: 'rejected', reason: 'dailyCap' },
        )
        .where(eq(musicPlays.id, play.id))
    }
  })
  return readMusicStatus(db, provider, userId, now)
}

/**
 * POST /api/spotify/claimReward: pays the claimable reward once. The claimable plays are taken by
 * one conditional update (a concurrent claim finds none); the amount the player saw must still be
 * the amount due, or nothing is paid.
 */
export async function claimReward(
  db: Db,
  provider: MusicProvider,
  userId: string,
  amount: number,
  now: Date,
): Promise<ClaimMusicRewardResult> {
  const currency = MUSIC_RULES.rewardPerPlay.currency
  const paid = await inTransaction(db, async (tx) => {
    const taken = await tx
      .update(musicPlays)
      .set({ state: 'claimed' })
      .where(and(eq(musicPlays.userId, userId), eq(musicPlays.state, 'claimable')))
      .returning({ id: musicPlays.id, amount: musicPlays.amount })
    if (taken.length === 0) throw new DomainError(409, musicMessages.nothingToClaim)
    const total = taken.reduce((all, play) => all + play.amount, 0)
    if (total !== amount) throw new DomainError(409, musicMessages.amountChanged)
    const ids = taken.map((play) => play.id)
    await transfer(tx, {
      at: now,
      currency,
      from: { system: 'supply' },
      to: { userId },
      amount: total,
      kind: 'music.reward',
      cause: { plays: ids.length, firstPlayId: Math.min(...ids), lastPlayId: Math.max(...ids) },
      // Plays are claimed once, so the newest of them names this claim for good.
      idempotencyKey: `music:${userId}:${Math.max(...ids)}`,
    })
    return total
  })
  return {
    reward: { currency, amount: paid },
    status: await readMusicStatus(db, provider, userId, now),
    balances: await getBalances(db, userId),
  }
}

/** POST /api/spotify/showStrikeNotification: the player read the strike notice. */
export async function acknowledgeStrike(
  db: Db,
  provider: MusicProvider,
  userId: string,
  now: Date,
): Promise<MusicStatus> {
  await db.update(musicLinks).set({ strikeUnseen: false }).where(eq(musicLinks.userId, userId))
  return readMusicStatus(db, provider, userId, now)
}

/** GET /api/spotify/recentlyPlayed: the player's latest synced plays, newest first. */
export async function recentPlays(db: Db, userId: string): Promise<RecentlyPlayed> {
  const rows = await db
    .select()
    .from(musicPlays)
    .where(eq(musicPlays.userId, userId))
    .orderBy(desc(musicPlays.playedAt))
    .limit(MUSIC_RULES.recentLimit)
  return {
    plays: rows.map((row) => ({
      id: row.id,
      trackName: row.trackName,
      artistName: row.artistName,
      playedAt: row.playedAt.toISOString(),
      state: row.state as RecentlyPlayed['plays'][number]['state'],
      reason: row.reason as RecentlyPlayed['plays'][number]['reason'],
      amount: row.amount,
    })),
  }
}
