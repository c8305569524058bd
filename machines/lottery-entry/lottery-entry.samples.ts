import type { LotteryDraw } from '../../contract/lottery'
import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { lotteryEntryMachine } from './lottery-entry.machine'
import * as selectors from './lottery-entry.selectors'

const base: LotteryDraw = {
  id: '5a3d2f9e-1c4b-4e8a-9f1d-2b7c6e0a4d11',
  number: 4,
  status: 'open',
  closesAt: '2026-11-30T01:00:00.000Z',
  drawnAt: null,
  prize: { currency: 'gems', amount: 200 },
  entryPrice: { currency: 'terycarbons', amount: 50 },
  entries: 6,
  seedHash: 'a8ae6e6ee929abea3afcfc5258c8ccd6f85273e0d4626d26c7279f3250f77c8e',
  seed: null,
  winner: null,
  tickets: [],
  myEntry: null,
}

const drawn: LotteryDraw = {
  ...base,
  status: 'drawn',
  drawnAt: '2026-11-30T01:00:30.000Z',
  entries: 7,
  seed: '0123456789abcdef'.repeat(4),
  winner: { ticket: 7, name: 'Valentina G.' },
  tickets: Array.from({ length: 7 }, (_, index) => ({
    ticket: index + 1,
    name: index === 6 ? 'Valentina G.' : 'Jugador D.',
  })),
}

/** The draws a player can meet: open, entered, closed, and drawn won, lost or missed. */
export const sampleDraws = {
  open: base,
  entered: { ...base, entries: 7, myEntry: { ticket: null } },
  closed: { ...base, status: 'closed', myEntry: null },
  won: { ...drawn, myEntry: { ticket: 7 } },
  lost: { ...drawn, myEntry: { ticket: 2 } },
  missed: drawn,
} satisfies Record<string, LotteryDraw>

export const lotteryEntryEntry = defineMachineEntry(lotteryEntryMachine, {
  selectors,
  // Drawn whole, it is twice the docs' width: one diagram per stage.
  diagramParts: {
    entering: ['open', 'confirming', 'entering', 'entered'],
    drawing: ['closed', 'drawn'],
    'cannot enter': ['none', 'visitor', 'failed'],
  },
  events: {
    'entry.request': [{ type: 'entry.request' }],
    'entry.confirm': [{ type: 'entry.confirm' }],
    'entry.cancel': [{ type: 'entry.cancel' }],
    'draw.refresh': [{ type: 'draw.refresh' }],
    'draw.next': [{ type: 'draw.next' }],
  },
  outcomes: {
    loadDraw: {
      done: [
        { draw: sampleDraws.open, signedIn: true },
        { draw: sampleDraws.open, signedIn: false },
        { draw: sampleDraws.entered, signedIn: true },
        { draw: sampleDraws.closed, signedIn: true },
        { draw: sampleDraws.won, signedIn: true },
        { draw: sampleDraws.lost, signedIn: true },
        { draw: sampleDraws.missed, signedIn: true },
        { draw: null, signedIn: true },
      ],
      error: [sampleFailures.noAnswer],
    },
    enterDraw: {
      done: [
        {
          draw: sampleDraws.entered,
          balances: { terycarbons: 2450, gems: 340, voltaCharge: 120, terydollars: 25 },
        },
      ],
      error: [
        { status: 409, message: 'Las inscripciones de este sorteo ya cerraron', network: false },
        {
          status: 400,
          message: 'No tienes suficientes terycarbonos para participar',
          network: false,
        },
      ],
    },
  },
})
