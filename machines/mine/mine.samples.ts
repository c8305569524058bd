import type { MineState } from '../../contract/mining'
import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { mineMachine } from './mine.machine'
import * as selectors from './mine.selectors'

const stations = [
  { number: 1, name: 'Mina', share: 3, fuelCost: 15 },
  { number: 2, name: 'Exploración', share: 4, fuelCost: 20 },
  { number: 3, name: 'Extracción', share: 5, fuelCost: 25 },
  { number: 4, name: 'Lavado', share: 7, fuelCost: 35 },
  { number: 5, name: 'Lixiviación', share: 9, fuelCost: 45 },
  { number: 6, name: 'Fundición', share: 10, fuelCost: 50 },
  { number: 7, name: 'Investigación', share: 12, fuelCost: 60 },
  { number: 8, name: 'Almacén', share: 15, fuelCost: 75 },
  { number: 9, name: 'Banco', share: 35, fuelCost: 175 },
]

/** A gems mine: the stations 1 to 6 on, the backpack two seconds from full, a team bonus ready. */
export const sampleFillingMine: MineState = {
  mode: 'gems',
  modes: [
    { mode: 'terycarbons', unlocked: true, price: 0 },
    { mode: 'gems', unlocked: true, price: 1000 },
  ],
  stations: stations.map((station) => ({
    ...station,
    on: station.number <= 6,
    secondsLeft: station.number <= 6 ? 3600 : 0,
    // An hour after 10:00 in Bogota on 20/11/2026, when this sample was answered.
    endsAt: station.number <= 6 ? '2026-11-20T16:00:00.000Z' : null,
  })),
  backpack: {
    currency: 'gems',
    amount: 58,
    capacity: 60,
    perSecond: 1,
    at: '2026-11-20T15:00:00.000Z',
  },
  bonus: { amount: 5, days: 1 },
  balances: { terycarbons: 2500, gems: 340, voltaCharge: 120, terydollars: 25 },
}

/** The same mine with a full backpack and no bonus left. */
export const sampleFullMine: MineState = {
  ...sampleFillingMine,
  backpack: { ...sampleFillingMine.backpack, amount: 60, perSecond: 0 },
  bonus: { amount: 0, days: 0 },
}

/** Just collected: an empty backpack, nothing on, the bonus still there. */
const collectedMine: MineState = {
  ...sampleFillingMine,
  stations: sampleFillingMine.stations.map((station) => ({
    ...station,
    on: false,
    secondsLeft: 0,
  })),
  backpack: {
    ...sampleFillingMine.backpack,
    amount: 0,
    perSecond: 0,
    at: '2026-11-20T15:00:05.000Z',
  },
  balances: { ...sampleFillingMine.balances, gems: 398 },
}

export const mineEntry = defineMachineEntry(mineMachine, {
  selectors,
  // Drawn whole, the machine is scaled to 45% at the docs' width: one diagram per region.
  diagramParts: {
    // mining's own states: with mining's arrows (as a box for any of its states), 1,027 px wide.
    'backpack: mining': ['ready.backpack.mining.reading', 'ready.backpack.mining.waiting'],
    'backpack: full, collecting': ['ready.backpack.full', 'ready.backpack.collecting'],
    bonus: ['ready.bonus'],
    // With loading and failed drawn as boxes, the arrows between loading and ready, which
    // Mermaid cuts at ready's border, drew their labels on top of each other. Named by what it
    // does: titled by its state list, the overview's box wrote "loading, failed" twice.
    'loading the mine': ['loading', 'failed'],
  },
  events: {
    'mine.retry': [{ type: 'mine.retry' }],
    'mine.reload': [{ type: 'mine.reload' }],
    'mine.sync': [
      { type: 'mine.sync', mine: sampleFillingMine },
      { type: 'mine.sync', mine: sampleFullMine },
    ],
    'mine.collect': [{ type: 'mine.collect' }],
    'bonus.collect': [{ type: 'bonus.collect' }],
  },
  outcomes: {
    loadMine: { done: [sampleFillingMine, sampleFullMine], error: [sampleFailures.noAnswer] },
    collect: {
      done: [{ amount: 58, currency: 'gems', payoutId: '41', mine: collectedMine }],
      error: [
        { status: 409, message: 'Tu mochila aún no tiene nada para recoger', network: false },
      ],
    },
    readClock: {
      // A second after the sample was answered (59 of 60 gems), then two (full).
      done: [Date.parse('2026-11-20T15:00:01.000Z'), Date.parse('2026-11-20T15:00:02.000Z')],
      error: [new Error('no clock')],
    },
    collectBonus: {
      done: [{ amount: 5, days: 1, mine: { ...collectedMine, bonus: { amount: 0, days: 0 } } }],
      error: [
        {
          status: 403,
          message: 'Tu cuenta está penalizada: reactívala para recoger el bono de equipo',
          network: false,
        },
      ],
    },
  },
  // The backpack and the bonus are independent regions: simple paths follow the backpack, and
  // the bonus's own steps come from the other strategies.
  isBeyondSimpleBound: (snapshot) =>
    !snapshot.matches({ ready: { bonus: 'idle' } }) || snapshot.context.collectError !== null,
})
