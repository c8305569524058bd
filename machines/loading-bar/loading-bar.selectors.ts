import type { SnapshotFrom } from 'xstate'
import type { loadingBarMachine } from './loading-bar.machine'

export type LoadingBarSnapshot = SnapshotFrom<typeof loadingBarMachine>

/** True while the bar is visible: calls have run longer than the 200 ms throttle. */
export function selectIsLoadingBarVisible(snapshot: LoadingBarSnapshot): boolean {
  return snapshot.matches({ busy: 'running' }) || snapshot.matches({ busy: 'stalled' })
}

/** True once the bar has completed its 5 s run while calls are still going. */
export function selectIsLoadingBarFull(snapshot: LoadingBarSnapshot): boolean {
  return snapshot.matches({ busy: 'stalled' })
}
