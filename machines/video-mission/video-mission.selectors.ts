import type { SnapshotFrom } from 'xstate'
import type { VideoMission } from '../../contract/missions'
import type { videoMissionMachine } from './video-mission.machine'

export type VideoMissionSnapshot = SnapshotFrom<typeof videoMissionMachine>

/** What a video tile or the player shows, one word per state the player can tell apart. */
export type VideoMissionStatus =
  | 'checking'
  | 'ready'
  | 'disabled'
  | 'starting'
  | 'playing'
  | 'paused'
  | 'restarting'
  | 'claimable'
  | 'finishing'
  | 'finished'
  | 'failed'
  | 'accessDenied'

export function selectVideoStatus(snapshot: VideoMissionSnapshot): VideoMissionStatus {
  if (snapshot.matches({ playing: 'paused' })) return 'paused'
  if (snapshot.matches('playing')) return 'playing'
  if (snapshot.matches('temporarilyDisabled')) return 'disabled'
  if (
    snapshot.matches('checkFailed') ||
    snapshot.matches('startFailed') ||
    snapshot.matches('finishFailed')
  ) {
    return 'failed'
  }
  return snapshot.value as Exclude<VideoMissionStatus, 'paused' | 'playing' | 'disabled' | 'failed'>
}

export function selectVideo(snapshot: VideoMissionSnapshot): VideoMission | null {
  return snapshot.context.video
}

/** Seconds still to watch, while a view is open; never negative. */
export function selectSecondsLeft(snapshot: VideoMissionSnapshot): number {
  return Math.max(0, snapshot.context.secondsLeft)
}

/** When a disabled video may be played again, for its countdown; null unless disabled. */
export function selectEnabledAt(snapshot: VideoMissionSnapshot): string | null {
  return snapshot.matches('temporarilyDisabled')
    ? (snapshot.context.video?.enabledAt ?? null)
    : null
}

/** Seconds a disabled video had to wait when the server answered, shown until the clock is read. */
export function selectSecondsUntilEnabled(snapshot: VideoMissionSnapshot): number {
  return snapshot.matches('temporarilyDisabled')
    ? Math.max(0, snapshot.context.video?.secondsUntilEnabled ?? 0)
    : 0
}

/** The clip plays (and shows) while the view is open: watching, paused, or watched. */
export function selectShowsClip(snapshot: VideoMissionSnapshot): boolean {
  return (
    snapshot.matches('playing') || snapshot.matches('claimable') || snapshot.matches('finishing')
  )
}

/** The Spanish message of a failure or a denial. */
export function selectVideoError(snapshot: VideoMissionSnapshot): string | null {
  return selectVideoStatus(snapshot) === 'failed' || snapshot.matches('accessDenied')
    ? snapshot.context.error
    : null
}

export function selectCanRestart(snapshot: VideoMissionSnapshot): boolean {
  return snapshot.can({ type: 'video.restart' })
}

export function selectCanRetry(snapshot: VideoMissionSnapshot): boolean {
  return snapshot.can({ type: 'video.retry' })
}

/** RECLAMAR: watched, or a refused finish the player may send again. */
export function selectCanFinish(snapshot: VideoMissionSnapshot): boolean {
  return snapshot.can({ type: 'video.finish' })
}
