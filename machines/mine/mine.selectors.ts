import type { SnapshotFrom } from 'xstate'
import type { MineState, MiningMode, StationState } from '../../contract/mining'
import type { mineMachine } from './mine.machine'

export type MineSnapshot = SnapshotFrom<typeof mineMachine>

/** The mine as last answered (kept while it reloads), or null before the first answer. */
export function selectMine(snapshot: MineSnapshot): MineState | null {
  return snapshot.context.mine
}

export function selectStations(snapshot: MineSnapshot): readonly StationState[] {
  return snapshot.context.mine?.stations ?? []
}

export function selectIsLoading(snapshot: MineSnapshot): boolean {
  return snapshot.matches('loading')
}

/** The Spanish message of a failed load. */
export function selectLoadError(snapshot: MineSnapshot): string | null {
  return snapshot.matches('failed') ? snapshot.context.error : null
}

export type BackpackView = {
  currency: MiningMode
  /** What it holds, to the tenth (rounded down: it never shows more than a collect pays). */
  amount: number
  /** Whole units a collect pays now. */
  collectable: number
  capacity: number
  /** How full it is, 0 to 100. */
  percent: number
  /** Units an hour at the current pace. */
  perHour: number
}

export function selectBackpack(snapshot: MineSnapshot): BackpackView | null {
  const { mine, amount } = snapshot.context
  if (!mine) return null
  const held = Math.min(amount, mine.backpack.capacity)
  return {
    currency: mine.backpack.currency,
    amount: Math.floor(held * 10) / 10,
    collectable: Math.floor(held),
    capacity: mine.backpack.capacity,
    percent: mine.backpack.capacity > 0 ? Math.min(100, (held / mine.backpack.capacity) * 100) : 0,
    perHour: mine.backpack.perSecond * 3600,
  }
}

export type BackpackStatus = 'mining' | 'full' | 'collecting'

/** null while there is no mine on screen (loading for the first time, or failed). */
export function selectBackpackStatus(snapshot: MineSnapshot): BackpackStatus | null {
  if (snapshot.matches({ ready: { backpack: 'full' } })) return 'full'
  if (snapshot.matches({ ready: { backpack: 'collecting' } })) return 'collecting'
  if (snapshot.matches({ ready: { backpack: 'mining' } })) return 'mining'
  return null
}

/** The backpack holds at least one whole unit and no collect is under way. */
export function selectCanCollect(snapshot: MineSnapshot): boolean {
  return snapshot.can({ type: 'mine.collect' })
}

/** Why the last collect was refused. */
export function selectCollectError(snapshot: MineSnapshot): string | null {
  return snapshot.matches({ ready: { backpack: 'collecting' } })
    ? null
    : snapshot.context.collectError
}

export type BonusView = { amount: number; days: number; collecting: boolean }

export function selectBonus(snapshot: MineSnapshot): BonusView | null {
  const { mine } = snapshot.context
  if (!mine) return null
  return {
    amount: mine.bonus.amount,
    days: mine.bonus.days,
    collecting: snapshot.matches({ ready: { bonus: 'collecting' } }),
  }
}

export function selectCanCollectBonus(snapshot: MineSnapshot): boolean {
  return snapshot.can({ type: 'bonus.collect' })
}

/** Why the bonus was refused. */
export function selectBonusError(snapshot: MineSnapshot): string | null {
  return snapshot.matches({ ready: { bonus: 'failed' } }) ? snapshot.context.bonusError : null
}
