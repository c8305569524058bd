import type { SnapshotFrom } from 'xstate'
import type { appUpdateMachine } from './app-update.machine'

/** "Hay una nueva versión" is on screen. */
export function selectIsUpdateShown(snapshot: SnapshotFrom<typeof appUpdateMachine>): boolean {
  return snapshot.matches('available') || snapshot.matches('updating')
}

/** The reload was asked for: its button waits. */
export function selectIsUpdating(snapshot: SnapshotFrom<typeof appUpdateMachine>): boolean {
  return snapshot.matches('updating')
}
