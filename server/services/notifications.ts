import { and, count, desc, eq, isNull } from 'drizzle-orm'
import type { Notification, NotificationCount } from '../../contract/missions'
import type { Paginated } from '../../contract/pagination'
import type { Db, Tx } from '../db/client'
import { queueLiveEvent } from '../db/live-outbox'
import { notifications } from '../db/schema'
import { DomainError } from './errors'
import { pageOf } from './pages'
import { EARNING_RULES } from './rules'
import { missionMessages } from '../../contract/missions'

/** Tells a player something, in the transaction of what happened (an account verified, a reward). */
export async function notify(tx: Tx, userId: string, message: string): Promise<void> {
  await tx.insert(notifications).values({ userId, message })
  queueLiveEvent(tx, userId, { type: 'notification.received', data: {} })
}

/** GET /api/mission/newNotifications: how many notifications the player has not seen. */
export async function countNew(db: Db, userId: string): Promise<NotificationCount> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.viewedAt)))
  return { count: row?.n ?? 0 }
}

/** GET /api/mission/notifications?page: newest first. */
export async function listNotifications(
  db: Db,
  userId: string,
  page: number,
): Promise<Paginated<Notification>> {
  const { offset, limit, paged } = pageOf(page, EARNING_RULES.notificationPageSize)
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit)
    .offset(offset)
  const [total] = await db
    .select({ n: count() })
    .from(notifications)
    .where(eq(notifications.userId, userId))
  return paged(
    rows.map((row) => ({
      id: String(row.id),
      message: row.message,
      createdAt: row.createdAt.toISOString(),
      viewed: row.viewedAt !== null,
    })),
    total?.n ?? 0,
  )
}

/** PATCH /api/mission/notification/view: every notification of the player is seen now. */
export async function markAllViewed(db: Db, userId: string, now: Date): Promise<NotificationCount> {
  await db
    .update(notifications)
    .set({ viewedAt: now })
    .where(and(eq(notifications.userId, userId), isNull(notifications.viewedAt)))
  return { count: 0 }
}

/** POST /api/user/view/notification: one notification of the player is seen; the new count. */
export async function markViewed(
  db: Db,
  userId: string,
  notificationId: number,
  now: Date,
): Promise<NotificationCount> {
  const viewed = await db
    .update(notifications)
    .set({ viewedAt: now })
    .where(
      and(
        eq(notifications.id, notificationId),
        eq(notifications.userId, userId),
        isNull(notifications.viewedAt),
      ),
    )
    .returning({ id: notifications.id })
  if (viewed.length === 0) {
    // Seen already, or not this player's: only the second is a refusal.
    const [mine] = await db
      .select({ id: notifications.id })
      .from(notifications)
      .where(and(eq(notifications.id, notificationId), eq(notifications.userId, userId)))
    if (!mine) throw new DomainError(404, missionMessages.notificationNotFound)
  }
  return countNew(db, userId)
}
