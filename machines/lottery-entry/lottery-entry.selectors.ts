import type { SnapshotFrom } from 'xstate'
import type { LotteryDraw } from '../../contract/lottery'
import type { lotteryEntryMachine } from './lottery-entry.machine'

export type LotteryEntrySnapshot = SnapshotFrom<typeof lotteryEntryMachine>

/** Where the player stands in the draw, as the draw card shows it. */
export type EntryStatus =
  | 'loading'
  | 'none'
  | 'visitor'
  | 'open'
  | 'confirming'
  | 'entering'
  | 'entered'
  | 'closed'
  | 'won'
  | 'lost'
  | 'missed'
  | 'failed'

const statuses: readonly Exclude<EntryStatus, 'won' | 'lost' | 'missed'>[] = [
  'loading',
  'none',
  'visitor',
  'open',
  'confirming',
  'entering',
  'entered',
  'closed',
  'failed',
]

export function selectEntryStatus(snapshot: LotteryEntrySnapshot): EntryStatus {
  if (snapshot.matches({ drawn: 'won' })) return 'won'
  if (snapshot.matches({ drawn: 'lost' })) return 'lost'
  if (snapshot.matches({ drawn: 'missed' })) return 'missed'
  return statuses.find((status) => snapshot.matches(status)) ?? 'loading'
}

/** The draw on the card (kept while it reloads). */
export function selectDraw(snapshot: LotteryEntrySnapshot): LotteryDraw | null {
  return snapshot.context.draw
}

/** The Spanish message of a refused entry (on the open card) or a failed load. */
export function selectEntryError(snapshot: LotteryEntrySnapshot): string | null {
  return snapshot.matches('open') || snapshot.matches('failed') ? snapshot.context.error : null
}

/** The player's ticket once the draw numbered the tickets, else null. */
export function selectMyTicket(snapshot: LotteryEntrySnapshot): number | null {
  return snapshot.context.draw?.myEntry?.ticket ?? null
}
