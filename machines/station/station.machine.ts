import { assign, fromPromise, raise, setup } from 'xstate'
import type { MineState, StationState } from '../../contract/mining'
import type { Balances } from '../../contract/user'
import { emitEvent } from '../shared/emit-event'
import { metaTypes, moneyMarks } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { withFailure, type RequestFailure } from '../shared/request-failure'

export type StationContext = {
  station: StationState
  /** The Spanish message of a refused activation. */
  error: string | null
}

export type StationInput = { station: StationState }

export type StationEvent =
  | { type: 'station.sync'; station: StationState }
  | { type: 'station.activate' }
  | { type: 'station.dismiss' }

export type StationEmitted =
  | { type: 'balances.changed'; balances: Balances }
  /** The station was fueled: the mine as the server answered it (its production changed). */
  | { type: 'station.activated'; mine: MineState }
  /** The station's run ended: the mine produces less from now on. */
  | { type: 'station.stopped'; station: number }

/** The first station, off: what the machine shows before it is given one. */
const idleStation: StationState = {
  number: 1,
  name: 'Mina',
  share: 3,
  fuelCost: 15,
  on: false,
  secondsLeft: 0,
  endsAt: null,
}

export const stationMachine = setup({
  types: {
    context: {} as StationContext,
    events: {} as StationEvent,
    emitted: {} as StationEmitted,
    input: {} as StationInput | undefined,
    ...metaTypes,
  },
  actors: {
    activateStation: fromPromise<MineState, { station: number }>(async () =>
      notProvided('activateStation'),
    ),
  },
  delays: {
    /**
     * The run's end, from the time the server said it had left. One timer for the whole run: a
     * countdown on screen reads `endsAt` against the page's clock, so a tab the browser throttled
     * or froze shows the right time as soon as it is back.
     */
    runEnds: ({ context }) => context.station.secondsLeft * 1000,
  },
  guards: {
    isRunning: (_, params: { station: StationState }) => params.station.secondsLeft > 0,
  },
  actions: {
    setStation: assign((_, params: { station: StationState }) => ({
      station: params.station,
      error: null,
    })),
    setStationFromMine: assign(({ context }, params: { mine: MineState }) => ({
      station:
        params.mine.stations.find((station) => station.number === context.station.number) ??
        context.station,
      error: null,
    })),
    turnOff: assign(({ context }) => ({
      station: { ...context.station, on: false, secondsLeft: 0, endsAt: null },
    })),
    setError: assign((_, params: RequestFailure) => ({ error: params.message })),
    clearError: assign({ error: null }),
    readStation: raise(({ context }) => ({
      type: 'station.sync' as const,
      station: context.station,
    })),
    announceBalances: emitEvent('balances.changed', (_, params: { mine: MineState }) => ({
      balances: params.mine.balances,
    })),
    announceActivated: emitEvent('station.activated', (_, params: { mine: MineState }) => ({
      mine: params.mine,
    })),
    announceStopped: emitEvent('station.stopped', ({ context }) => ({
      station: context.station.number,
    })),
  },
}).createMachine({
  id: 'station',
  description:
    'One of the nine stations of the mine: off, fueled with terycarbons (activating), on until its run ends, then off again; a refused fueling shows why.',
  context: ({ input }) => ({ station: input?.station ?? idleStation, error: null }),
  // The station starts as the server's answer it was given says: on with its time left, or off.
  entry: 'readStation',
  initial: 'off',
  states: {
    off: {
      description: 'The station is off: it produces nothing and offers to be fueled.',
      meta: { requirements: ['REQ-MINE-1'] },
      on: {
        'station.activate': {
          target: 'activating',
          description: 'The player fuels the station.',
          meta: { requirements: ['REQ-MINE-2'] },
        },
        'station.sync': [
          {
            guard: { type: 'isRunning', params: ({ event }) => ({ station: event.station }) },
            target: 'on',
            actions: { type: 'setStation', params: ({ event }) => ({ station: event.station }) },
            description: 'The server says the station is on, with its time left.',
            meta: { requirements: ['REQ-MINE-1'] },
          },
          {
            target: 'off',
            actions: { type: 'setStation', params: ({ event }) => ({ station: event.station }) },
            description: 'The server says the station is off.',
          },
        ],
      },
    },
    activating: {
      description: 'Paying the fuel and turning the station on.',
      invoke: {
        id: 'activateStation',
        src: 'activateStation',
        input: ({ context }) => ({ station: context.station.number }),
        onDone: {
          target: 'on',
          actions: [
            { type: 'setStationFromMine', params: ({ event }) => ({ mine: event.output }) },
            { type: 'announceBalances', params: ({ event }) => ({ mine: event.output }) },
            { type: 'announceActivated', params: ({ event }) => ({ mine: event.output }) },
          ],
          description: 'The fuel is paid: the station runs for its time.',
          meta: {
            requirements: ['REQ-MINE-2'],
            money: moneyMarks('POST /api/user/node/activate', { out: ['terycarbons'] }),
          },
        },
        onError: {
          target: 'failed',
          actions: withFailure('setError'),
          description: 'The server refused (not enough terycarbons, already on, no answer).',
        },
      },
    },
    on: {
      description: 'The station is on: it produces its share until its run ends.',
      meta: { requirements: ['REQ-MINE-1'] },
      after: {
        runEnds: {
          target: 'off',
          actions: ['turnOff', 'announceStopped'],
          description: 'The run is over: the station turns off by itself.',
          meta: { requirements: ['REQ-MINE-2'] },
        },
      },
      on: {
        'station.sync': [
          {
            guard: { type: 'isRunning', params: ({ event }) => ({ station: event.station }) },
            target: 'on',
            reenter: true,
            actions: { type: 'setStation', params: ({ event }) => ({ station: event.station }) },
            description: 'The server says how long the run has left.',
          },
          {
            target: 'off',
            actions: { type: 'setStation', params: ({ event }) => ({ station: event.station }) },
            description: 'The server says the station is off.',
          },
        ],
      },
    },
    failed: {
      description: 'The fueling was refused; the message shows on the station.',
      on: {
        'station.activate': {
          target: 'activating',
          actions: 'clearError',
          description: 'The player tries to fuel it again.',
          meta: { requirements: ['REQ-MINE-2'] },
        },
        'station.dismiss': {
          target: 'off',
          actions: 'clearError',
          description: 'The player closes the message.',
        },
      },
    },
  },
})
