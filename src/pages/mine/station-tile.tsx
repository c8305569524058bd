import { useSelector } from '@xstate/react'
import type { MineState, StationState } from '../../../contract/mining'
import { stationMachine } from '../../../machines/station/station.machine'
import {
  selectCanActivate,
  selectNeedsTerycarbons,
  selectRunEndsAt,
  selectStation,
  selectStationError,
  selectStationStatus,
} from '../../../machines/station/station.selectors'
import { formatPercent } from '../../format/numbers'
import { formatCountdown } from '../../format/dates'
import { mine as copy } from '../../copy/mine'
import { usePageActor } from '../../app/use-page-actor'
import { timeLeft, useClockNow, type Clock } from '../../shared/use-time-left'
import { StationArt } from '../../components/station-art'
import { stationActors } from './mine.actors'

/**
 * One station of the mine: its picture, share, state and countdown, and the button that fuels it.
 * `clock` is the list's ticker, read by the countdown alone.
 */
export function StationTile({
  station: initial,
  clock,
  onActivated,
  onStopped,
  onBuy,
}: {
  station: StationState
  clock: Clock
  onActivated: (mine: MineState) => void
  onStopped: () => void
  onBuy: () => void
}) {
  const actor = usePageActor(stationMachine, stationActors, {
    input: { station: initial },
    effects: {
      'station.activated': ({ mine }) => onActivated(mine),
      'station.stopped': () => onStopped(),
    },
  })
  const station = useSelector(actor, selectStation)
  const status = useSelector(actor, selectStationStatus)
  const endsAt = useSelector(actor, selectRunEndsAt)
  const canActivate = useSelector(actor, selectCanActivate)
  const error = useSelector(actor, selectStationError)
  const needsTerycarbons = useSelector(actor, selectNeedsTerycarbons)
  const cost = station.fuelCost
  const titleId = `station-${station.number}`

  return (
    <li className={`station station--${status === 'on' ? 'on' : 'off'}`} aria-labelledby={titleId}>
      <StationArt number={station.number} className="station__art" />
      <div className="station__text">
        <h3 id={titleId} className="station__name">
          {station.name}
        </h3>
        <p className="station__share">{formatPercent(station.share)}</p>
        <p className="station__state">
          <span className={`station-pill station-pill--${status === 'on' ? 'on' : 'off'}`}>
            {status === 'on' ? copy.stations.on : copy.stations.off}
          </span>
          {status === 'on' ? (
            <RunTimeLeft clock={clock} endsAt={endsAt} secondsLeft={station.secondsLeft} />
          ) : null}
        </p>
        {status === 'on' ? null : <p className="station__fuel">{copy.stations.fuel(cost)}</p>}
      </div>
      {status === 'activating' ? (
        <p className="station__busy" role="status">
          {copy.stations.activating}
        </p>
      ) : canActivate ? (
        <button
          type="button"
          className="button button--small button--teal station__action"
          aria-label={copy.stations.activateLabel(station.name, cost)}
          onClick={() => actor.send({ type: 'station.activate' })}
        >
          {copy.stations.activate}
        </button>
      ) : null}
      {error ? (
        <div className="station__error" role="alert">
          <p>{error}</p>
          {needsTerycarbons ? (
            <button type="button" className="button button--small button--gold" onClick={onBuy}>
              {copy.stations.buy}
            </button>
          ) : null}
          <button
            type="button"
            className="button button--small button--ghost"
            onClick={() => actor.send({ type: 'station.dismiss' })}
          >
            {copy.stations.dismiss}
          </button>
        </div>
      ) : null}
    </li>
  )
}

/**
 * A run's countdown: the one part of a tile that changes every second. Before the clock's first
 * reading it shows the server's figure.
 */
function RunTimeLeft({
  clock,
  endsAt,
  secondsLeft,
}: {
  clock: Clock
  endsAt: string | null
  secondsLeft: number
}) {
  const now = useClockNow(clock)
  return (
    <span className="station__time">
      {copy.stations.timeLeft(formatCountdown(timeLeft(endsAt, now) ?? secondsLeft * 1000))}
    </span>
  )
}
