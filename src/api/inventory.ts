import { request } from './http'
import type { GemTransferResult, SendGemsBody } from '../../contract/market'

/** POST /api/inventory/send/gems */
export function sendGems(body: SendGemsBody): Promise<GemTransferResult> {
  return request<GemTransferResult>('/api/inventory/send/gems', { method: 'POST', body })
}
