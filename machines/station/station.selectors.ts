import type { SnapshotFrom } from 'xstate'
import { apiMessages } from '../../contract/messages'
import type { StationState } from '../../contract/mining'
import type { stationMachine } from './station.machine'

export type StationSnapshot = SnapshotFrom<typeof stationMachine>

export type StationStatus = 'off' | 'activating' | 'on' | 'failed'

/** What the station's tile shows: off, being fueled, on, or refused. */
export function selectStationStatus(snapshot: StationSnapshot): StationStatus {
  if (snapshot.matches('activating')) return 'activating'
  if (snapshot.matches('on')) return 'on'
  if (snapshot.matches('failed')) return 'failed'
  return 'off'
}

/** The station: number, name, share, fuel cost and the seconds its run has left. */
export function selectStation(snapshot: StationSnapshot): StationState {
  return snapshot.context.station
}

/** Seconds the run has left, never negative; 0 while off. */
export function selectSecondsLeft(snapshot: StationSnapshot): number {
  return snapshot.matches('on') ? Math.max(0, snapshot.context.station.secondsLeft) : 0
}

/** The player can fuel the station: it is off, or its fueling was refused. */
export function selectCanActivate(snapshot: StationSnapshot): boolean {
  return snapshot.can({ type: 'station.activate' })
}

/** Why the fueling was refused, in Spanish. */
export function selectStationError(snapshot: StationSnapshot): string | null {
  return snapshot.matches('failed') ? snapshot.context.error : null
}

/** The fueling was refused for want of terycarbons: the tile offers to buy some. */
export function selectNeedsTerycarbons(snapshot: StationSnapshot): boolean {
  return snapshot.matches('failed') && snapshot.context.error === apiMessages.notEnoughTerycarbons
}
