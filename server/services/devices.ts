import { asc, eq } from 'drizzle-orm'
import type { MissionAccess } from '../../contract/missions'
import type { Db, Tx } from '../db/client'
import { devices } from '../db/schema'
import { withAdvisoryLock } from './atomic'
import { DomainError } from './errors'
import { EARNING_RULES } from './rules'
import { missionMessages } from '../../contract/missions'

/**
 * The players seen on a device, first first: those who took a mission or played a video from it.
 * The first `maxPlayersPerDevice` of them may earn there, later ones may not (one phone farming
 * many accounts); a player not seen yet would come last.
 */
async function accessOn(db: Db | Tx, userId: string, deviceId: string): Promise<MissionAccess> {
  const players = await db
    .select({ userId: devices.userId })
    .from(devices)
    .where(eq(devices.deviceId, deviceId))
    .orderBy(asc(devices.seq))
  const seen = players.findIndex((player) => player.userId === userId)
  const position = seen === -1 ? players.length : seen
  const allowed = position < EARNING_RULES.maxPlayersPerDevice
  return { allowed, message: allowed ? null : missionMessages.deviceDenied }
}

/**
 * GET /api/mission/checkAccess: whether this player may take missions and play videos from this
 * device, read only. A GET never writes: a cross-site link can make a signed-in browser send one,
 * and opening the page on a shared computer must not take one of its slots. The device is
 * recorded when the player earns from it (`requireDevice`).
 */
export function deviceAccess(db: Db, userId: string, deviceId: string): Promise<MissionAccess> {
  return accessOn(db, userId, deviceId)
}

/**
 * Records that this player uses this device, then refuses, with the rule's Spanish message, a
 * player past the device's limit. The device's lock orders concurrent first uses, so the limit
 * cannot be overshot.
 */
export async function requireDevice(tx: Tx, userId: string, deviceId: string, now: Date) {
  await withAdvisoryLock(tx, `device:${deviceId}`)
  await tx.insert(devices).values({ deviceId, userId, firstSeenAt: now }).onConflictDoNothing()
  const access = await accessOn(tx, userId, deviceId)
  if (!access.allowed) throw new DomainError(403, missionMessages.deviceDenied)
}
