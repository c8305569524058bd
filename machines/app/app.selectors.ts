import type { SnapshotFrom } from 'xstate'
import type { appMachine } from './app.machine'

export type AppSnapshot = SnapshotFrom<typeof appMachine>

/** Whether the app has asked for the session and the configuration (not while a page hydrates). */
export function selectHasLoaded(snapshot: AppSnapshot): boolean {
  return snapshot.matches('running')
}
