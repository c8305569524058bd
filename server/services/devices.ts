import { asc, eq } from 'drizzle-orm'
import type { MissionAccess } from '../../contract/missions'
import type { Tx } from '../db/client'
import { devices } from '../db/schema'
import { withAdvisoryLock } from './atomic'
import { DomainError } from './errors'
import { EARNING_RULES } from './rules'
import { missionMessages } from '../../contract/missions'

/**
 * Whether this player may take missions and play videos from this device: the first
 * `maxPlayersPerDevice` players seen on a device may, later ones may not (one phone farming many
 * accounts). The device's lock orders concurrent first visits, so the limit cannot be overshot.
 */
export async function deviceAccess(
  tx: Tx,
  userId: string,
  deviceId: string,
  now: Date,
): Promise<MissionAccess> {
  await withAdvisoryLock(tx, `device:${deviceId}`)
  await tx.insert(devices).values({ deviceId, userId, firstSeenAt: now }).onConflictDoNothing()
  const players = await tx
    .select({ userId: devices.userId })
    .from(devices)
    .where(eq(devices.deviceId, deviceId))
    .orderBy(asc(devices.seq))
  const position = players.findIndex((player) => player.userId === userId)
  const allowed = position < EARNING_RULES.maxPlayersPerDevice
  return { allowed, message: allowed ? null : missionMessages.deviceDenied }
}

/** Refuses, with the rule's Spanish message, a device `deviceAccess` denies. */
export async function requireDevice(tx: Tx, userId: string, deviceId: string, now: Date) {
  const access = await deviceAccess(tx, userId, deviceId, now)
  if (!access.allowed) throw new DomainError(403, missionMessages.deviceDenied)
}
