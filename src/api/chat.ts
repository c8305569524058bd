import { request } from './http'
import type { ChatLink } from '../../contract/config'

/** GET /api/chat: the support chat the floating assistant button opens. */
export function getChat(): Promise<ChatLink> {
  return request<ChatLink>('/api/chat')
}
