import type { SnapshotFrom } from 'xstate'
import type { MiningMode } from '../../contract/mining'
import type { miningModeMachine } from './mining-mode.machine'

export type MiningModeSnapshot = SnapshotFrom<typeof miningModeMachine>

export type MiningModeStatus =
  'loading' | 'failed' | 'locked' | 'short' | 'confirming' | 'paying' | 'active' | 'switching'

/** Where the lockable option and the mode are, for the page. */
export function selectModeStatus(snapshot: MiningModeSnapshot): MiningModeStatus {
  if (snapshot.matches('loading')) return 'loading'
  if (snapshot.matches('failed')) return 'failed'
  if (snapshot.matches('locked')) return 'locked'
  if (snapshot.matches('short')) return 'short'
  if (snapshot.matches('confirming')) return 'confirming'
  if (snapshot.matches('paying')) return 'paying'
  if (snapshot.matches({ unlocked: 'switching' })) return 'switching'
  return 'active'
}

/** The mode the mine produces in, once known. */
export function selectMode(snapshot: MiningModeSnapshot): MiningMode | null {
  return snapshot.context.mine?.mode ?? null
}

/** The lockable option (gems): its terycarbon price and whether it was paid. */
export function selectLockable(
  snapshot: MiningModeSnapshot,
): { price: number; unlocked: boolean } | null {
  const option = snapshot.context.mine?.modes.find((candidate) => candidate.mode === 'gems')
  return option ? { price: option.price, unlocked: option.unlocked } : null
}

/** The player's terycarbons as the mine last answered. */
export function selectTerycarbons(snapshot: MiningModeSnapshot): number {
  return snapshot.context.mine?.balances.terycarbons ?? 0
}

/** How many terycarbons the player lacks for the option, while the notice shows; else 0. */
export function selectMissingTerycarbons(snapshot: MiningModeSnapshot): number {
  if (!snapshot.matches('short')) return 0
  return Math.max(0, (selectLockable(snapshot)?.price ?? 0) - selectTerycarbons(snapshot))
}

/** Whether the player can pick this mode now (it is unlocked, not the current one, idle). */
export function selectCanSelect(snapshot: MiningModeSnapshot, mode: MiningMode): boolean {
  return snapshot.can({ type: 'mode.select', mode })
}

/** The Spanish message of a failed load or a refused change. */
export function selectModeError(snapshot: MiningModeSnapshot): string | null {
  return snapshot.context.error
}
