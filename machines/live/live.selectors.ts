import type { SnapshotFrom } from 'xstate'
import type { liveMachine } from './live.machine'

export type LiveSnapshot = SnapshotFrom<typeof liveMachine>

/**
 * The server cannot be reached: the banner shows and what needs the server is disabled, until the
 * stream opens again.
 */
export function selectIsOffline(snapshot: LiveSnapshot): boolean {
  return snapshot.hasTag('offline')
}

/** What happens to the player arrives as it happens. */
export function selectIsLive(snapshot: LiveSnapshot): boolean {
  return snapshot.matches({ active: { streaming: 'open' } })
}
