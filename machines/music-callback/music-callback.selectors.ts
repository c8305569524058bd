import type { SnapshotFrom } from 'xstate'
import type { musicCallbackMachine } from './music-callback.machine'

export type MusicCallbackSnapshot = SnapshotFrom<typeof musicCallbackMachine>

export function selectIsCompleting(snapshot: MusicCallbackSnapshot): boolean {
  return snapshot.matches('completing') || snapshot.matches('linked')
}

/** The Spanish message of a refused or unanswered link. */
export function selectCallbackError(snapshot: MusicCallbackSnapshot): string | null {
  return snapshot.matches('refused') || snapshot.matches('unreachable')
    ? snapshot.context.error
    : null
}

export function selectCanRetry(snapshot: MusicCallbackSnapshot): boolean {
  return snapshot.matches('unreachable')
}
