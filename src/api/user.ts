import { request } from './http'
import type { Session } from '../../contract/auth'
import type { NotificationCount } from '../../contract/missions'

/** PATCH /api/user/termsAgree: records the player's acceptance and answers the updated session. */
export function agreeTerms(): Promise<Session> {
  return request<Session>('/api/user/termsAgree', { method: 'PATCH', body: { termsAgree: true } })
}

/** POST /api/user/view/notification: one notification is seen; answers how many new are left. */
export function viewNotification(notificationId: string): Promise<NotificationCount> {
  return request<NotificationCount>('/api/user/view/notification', {
    method: 'POST',
    body: { notificationId },
  })
}
