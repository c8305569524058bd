import { request } from './http'
import type { Inbox } from '../../contract/inbox'

/** GET /api/messages: the unread welcome messages, oldest first. */
export function getMessages(): Promise<Inbox> {
  return request<Inbox>('/api/messages')
}

/** PATCH /api/messages: marks one message read and answers the ones left. */
export function acknowledgeMessage(id: string): Promise<Inbox> {
  return request<Inbox>('/api/messages', { method: 'PATCH', body: { id } })
}
