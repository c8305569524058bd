import type { SnapshotFrom } from 'xstate'
import type { tickerMachine } from './ticker.machine'

/** The time the clock last said (ms since the epoch), or null before it first answered. */
export function selectNow(snapshot: SnapshotFrom<typeof tickerMachine>): number | null {
  return snapshot.context.now
}
