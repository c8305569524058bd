import type { SnapshotFrom } from 'xstate'
import type { Mission } from '../../contract/missions'
import type { missionTileMachine } from './mission-tile.machine'

export type MissionTileSnapshot = SnapshotFrom<typeof missionTileMachine>

/** What the tile shows, one word per state the player can tell apart. */
export type MissionTileStatus =
  | 'loading'
  | 'pending'
  | 'adding'
  | 'added'
  | 'checking'
  | 'claimable'
  | 'claiming'
  | 'claimed'
  | 'failed'
  | 'accessDenied'
  | 'dailyCap'

export function selectTileStatus(snapshot: MissionTileSnapshot): MissionTileStatus {
  if (snapshot.matches('waiting')) return 'loading'
  if (
    snapshot.matches('addFailed') ||
    snapshot.matches('checkFailed') ||
    snapshot.matches('claimFailed')
  ) {
    return 'failed'
  }
  if (snapshot.matches('dailyCapReached')) return 'dailyCap'
  return snapshot.value as Exclude<MissionTileStatus, 'loading' | 'failed' | 'dailyCap'>
}

export function selectMission(snapshot: MissionTileSnapshot): Mission | null {
  return snapshot.context.mission
}

/** The Spanish message under the tile: “not seen yet”, a denial, the cap, or a failure. */
export function selectTileMessage(snapshot: MissionTileSnapshot): string | null {
  const shows = [
    'added',
    'addFailed',
    'checkFailed',
    'claimFailed',
    'accessDenied',
    'dailyCapReached',
  ].some((state) => snapshot.matches(state as 'added'))
  return shows ? snapshot.context.message : null
}

/** The link to act on shows once the mission is taken and until it is claimed. */
export function selectShowsLink(snapshot: MissionTileSnapshot): boolean {
  return ['added', 'checking', 'checkFailed', 'claimable', 'claiming', 'claimFailed'].some(
    (state) => snapshot.matches(state as 'added'),
  )
}

export function selectCanRetry(snapshot: MissionTileSnapshot): boolean {
  return snapshot.can({ type: 'mission.retry' })
}
