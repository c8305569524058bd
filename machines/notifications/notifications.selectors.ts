import type { SnapshotFrom } from 'xstate'
import type { notificationsMachine } from './notifications.machine'

export type NotificationsSnapshot = SnapshotFrom<typeof notificationsMachine>

/** The count of new notifications (0 while unknown). */
export function selectNewCount(snapshot: NotificationsSnapshot): number {
  return snapshot.context.count
}

export function selectIsMarking(snapshot: NotificationsSnapshot): boolean {
  return snapshot.matches('markingAll') || snapshot.matches('markingOne')
}

export function selectCanMarkAll(snapshot: NotificationsSnapshot): boolean {
  return snapshot.can({ type: 'notifications.markAll' })
}

/** The message of a failed count or mark, with REINTENTAR. */
export function selectNotificationsError(snapshot: NotificationsSnapshot): string | null {
  return snapshot.matches('countFailed') || snapshot.matches('markFailed')
    ? snapshot.context.error
    : null
}
