import { request } from './http'
import type { Session } from '../../contract/auth'
import type { NotificationCount } from '../../contract/missions'
import type { GemHistoryPage } from '../../contract/market'
import type { PlayerRef } from '../../contract/user'

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

/** GET /api/user/search?code: the player a code belongs to. */
export function searchPlayer(code: string): Promise<PlayerRef> {
  return request<PlayerRef>('/api/user/search', { query: { code } })
}

/** GET /api/user/gem/history?page: the player's gem transfers. */
export function getGemHistory(page: number): Promise<GemHistoryPage> {
  return request<GemHistoryPage>('/api/user/gem/history', { query: { page } })
}
