import { request } from './http'
import type { Session } from '../../contract/auth'

/** PATCH /api/user/termsAgree: records the player's acceptance and answers the updated session. */
export function agreeTerms(): Promise<Session> {
  return request<Session>('/api/user/termsAgree', { method: 'PATCH', body: { termsAgree: true } })
}
