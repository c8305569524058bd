import { randomUUID } from 'node:crypto'
import { recordLocalPlays } from '../../services/music/local-catalog'
import { localMusicProvider } from '../../services/music/local-provider'
import {
  accumulateReward,
  auditPlays,
  claimReward,
  completeAuthorization,
  saveMusicEmail,
  startAuthorization,
  syncPlays,
} from '../../services/music/music'
import type { UserRow } from '../../services/auth'
import type { Db } from '../client'
import { E2E_PLAYERS, type DemoWorld } from './players'

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS

/** Links a player's local music account the way the browser does: email, authorize, callback. */
async function linkLocalAccount(db: Db, player: UserRow, at: Date): Promise<void> {
  const provider = localMusicProvider(db)
  await saveMusicEmail(db, provider, player.id, player.email, at)
  const { url } = await startAuthorization(db, provider, player.id, at)
  const callback = new URL(url, 'http://localhost').searchParams
  await completeAuthorization(
    db,
    provider,
    player.id,
    { code: callback.get('code') ?? '', state: callback.get('state') ?? '' },
    at,
  )
}

/**
 * The music section on the local (simulated) provider: the demo player linked two days ago, was
 * paid for yesterday's listening and has 16 new plays to sync now; Camila Álvarez skipped through
 * songs and has a strike to read; the E2E players have plays waiting on accounts they have not
 * linked yet (their own emails).
 */
export async function seedMusic(db: Db, { demo, team }: DemoWorld, now: Date): Promise<void> {
  const provider = localMusicProvider(db)
  const yesterday = new Date(now.getTime() - DAY_MS)
  await linkLocalAccount(db, demo, new Date(now.getTime() - 2 * DAY_MS))
  await recordLocalPlays(db, demo.email, 12, yesterday)
  // Each player synced from a phone of their own, not the browser the demo is opened in.
  await syncPlays(db, provider, demo.id, randomUUID(), yesterday)
  await auditPlays(db, provider, demo.id, yesterday)
  const status = await accumulateReward(db, provider, demo.id, yesterday)
  await claimReward(db, provider, demo.id, status.claimable.reward.amount, yesterday)
  await recordLocalPlays(db, demo.email, 16, now)

  const skipper = team.find((player) => player.email === 'camila.alvarez@tery.example')
  if (skipper) {
    const earlier = new Date(now.getTime() - 3 * HOUR_MS)
    await linkLocalAccount(db, skipper, earlier)
    await recordLocalPlays(db, skipper.email, 40, earlier, { minutesBetween: 1 })
    await syncPlays(db, provider, skipper.id, randomUUID(), earlier)
    await auditPlays(db, provider, skipper.id, earlier)
    await accumulateReward(db, provider, skipper.id, earlier)
  }

  for (const email of E2E_PLAYERS) await recordLocalPlays(db, email, 10, now)
}
