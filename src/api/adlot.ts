import { request } from './http'
import type { BonusResult, CollectResult, MiningMode } from '../../contract/mining'

/** POST /api/adlot/collect: pays what the backpack holds, in the mode the player sees. */
export function collect(mode: MiningMode): Promise<CollectResult> {
  return request<CollectResult>('/api/adlot/collect', { method: 'POST', body: { mode } })
}

/** POST /api/adlot/collectBonus: pays the team bonus of the closed days not collected yet. */
export function collectBonus(): Promise<BonusResult> {
  return request<BonusResult>('/api/adlot/collectBonus', { method: 'POST', body: {} })
}
