import { request } from './http'
import type { GameConfig } from '../../contract/config'

/** GET /api/config: the game's rules and the links the layout needs. */
export function getConfig(): Promise<GameConfig> {
  return request<GameConfig>('/api/config')
}
