import { request } from './http'
import type {
  BatteryOperation,
  BatteryOperationResult,
  BatteryOverview,
  BatteryQuote,
  EarningsBody,
  TerycarbonBatteryStats,
} from '../../contract/battery'

/** GET /api/battery: the player's batteries and terycarbon battery. */
export function getBatteryOverview(): Promise<BatteryOverview> {
  return request<BatteryOverview>('/api/battery')
}

/** POST /api/battery: what an operation would spend and give, before it is made. */
export function quoteBatteryOperation(body: EarningsBody): Promise<BatteryQuote> {
  return request<BatteryQuote>('/api/battery', { method: 'POST', body })
}

/** GET /api/battery/terycarbons */
export function getTerycarbonBattery(): Promise<TerycarbonBatteryStats> {
  return request<TerycarbonBatteryStats>('/api/battery/terycarbons')
}

/** The call that makes each operation. */
const OPERATION_PATHS: Record<BatteryOperation, string> = {
  buy: '/api/battery/buy',
  melt: '/api/battery/melt',
  burn: '/api/terydollar/burn',
  collect: '/api/battery/collect',
  terycarbonBattery: '/api/user/terycarbonBattery',
}

/**
 * Makes an operation: POST /api/battery/buy, /melt, /collect, /api/terydollar/burn or
 * /api/user/terycarbonBattery, each answering the batteries and the new balances.
 */
export function runBatteryOperation(
  operation: BatteryOperation,
  amount: number,
): Promise<BatteryOperationResult> {
  return request<BatteryOperationResult>(OPERATION_PATHS[operation], {
    method: 'POST',
    body: operation === 'collect' ? {} : { amount },
  })
}
