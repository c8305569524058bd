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

/** The station: number, name, share, fuel cost and its run. */
export function selectStation(snapshot: StationSnapshot): StationState {
  return snapshot.context.station
}

/** When the run ends, for its countdown; null while off. */
export function selectRunEndsAt(snapshot: StationSnapshot): string | null {
  return snapshot.matches('on') ? snapshot.context.station.endsAt : null
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
