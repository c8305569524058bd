import { and, eq, gt, max } from 'drizzle-orm'
import type { Db } from '../client'
import { notifications } from '../schema'

/** The id of the player's latest notification (0 when none). */
export async function lastNotification(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ id: max(notifications.id) })
    .from(notifications)
    .where(eq(notifications.userId, userId))
  return row?.id ?? 0
}

/**
 * Dates the notifications written since `afterId` when what they tell happened: the services write
 * them at the database's clock, and the seed plays the past, so they would read as the newest.
 */
export async function backdateNotifications(db: Db, userId: string, afterId: number, at: Date) {
  await db
    .update(notifications)
    .set({ createdAt: at })
    .where(and(eq(notifications.userId, userId), gt(notifications.id, afterId)))
}
