import { lotteryMessages } from '../../contract/lottery'
import { assign, emit, fromPromise, setup } from 'xstate'
import { emitEvent } from '../shared/emit-event'
import { metaTypes, moneyMarks } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { withFailure } from '../shared/request-failure'
import type { RequestFailure } from '../shared/request-failure'
import type { DrawEntryResult, LotteryDraw } from '../../contract/lottery'
import type { Balances } from '../../contract/user'

/** What loading a draw answers: the draw (null when none is open) and whether a player asked. */
export type CurrentDraw = { draw: LotteryDraw | null; signedIn: boolean }

export type LotteryEntryContext = {
  draw: LotteryDraw | null
  /** The Spanish message of the last refused entry or failed load. */
  error: string | null
}

export type LotteryEntryEvent =
  | { type: 'entry.request' }
  | { type: 'entry.confirm' }
  | { type: 'entry.cancel' }
  | { type: 'draw.refresh' }
  | { type: 'draw.next' }

export type LotteryEntryEmitted =
  { type: 'toast.show'; message: string } | { type: 'balances.changed'; balances: Balances }

const isDrawn = ({ draw }: CurrentDraw) => draw?.status === 'drawn'

export const lotteryEntryMachine = setup({
  types: {
    context: {} as LotteryEntryContext,
    events: {} as LotteryEntryEvent,
    emitted: {} as LotteryEntryEmitted,
    ...metaTypes,
  },
  actors: {
    /** The draw to show: `number` null asks for the draw taking entries now. */
    loadDraw: fromPromise<CurrentDraw, { number: number | null }>(async () =>
      notProvided('loadDraw'),
    ),
    enterDraw: fromPromise<DrawEntryResult, { drawId: string }>(async () =>
      notProvided('enterDraw'),
    ),
  },
  guards: {
    hasNoDraw: (_, params: CurrentDraw) => params.draw === null,
    isWon: (_, params: CurrentDraw) =>
      isDrawn(params) &&
      params.draw?.myEntry?.ticket !== undefined &&
      params.draw.myEntry.ticket === params.draw.winner?.ticket,
    isLost: (_, params: CurrentDraw) => isDrawn(params) && params.draw?.myEntry !== null,
    isDrawn: (_, params: CurrentDraw) => isDrawn(params),
    hasEntry: (_, params: CurrentDraw) => params.draw?.myEntry !== null,
    isClosed: (_, params: CurrentDraw) => params.draw?.status === 'closed',
    isVisitor: (_, params: CurrentDraw) => !params.signedIn,
    isConflict: (_, params: RequestFailure) => params.status === 409,
  },
  actions: {
    setDraw: assign((_, params: { draw: LotteryDraw | null }) => ({
      draw: params.draw,
      error: null,
    })),
    setError: assign((_, params: RequestFailure) => ({ error: params.message })),
    clearError: assign({ error: null }),
    forgetDraw: assign({ draw: null, error: null }),
    announceEntry: emit({ type: 'toast.show', message: lotteryMessages.entered } as const),
    announceRefusal: emitEvent('toast.show', (_, params: RequestFailure) => ({
      message: params.message,
    })),
    updateBalances: emitEvent('balances.changed', (_, params: { balances: Balances }) => ({
      balances: params.balances,
    })),
  },
}).createMachine({
  id: 'lottery-entry',
  description:
    "The player's part in this week's draw (SORTEO): the draw is loaded, a player takes part after confirming the price, and once drawn they see whether they won.",
  initial: 'loading',
  context: { draw: null, error: null },
  states: {
    loading: {
      description: 'Waiting for the draw: the one taking entries, or the one the player follows.',
      invoke: {
        id: 'loadDraw',
        src: 'loadDraw',
        input: ({ context }) => ({ number: context.draw?.number ?? null }),
        onDone: [
          {
            guard: { type: 'hasNoDraw', params: ({ event }) => event.output },
            target: 'none',
            actions: { type: 'setDraw', params: ({ event }) => event.output },
            description: 'No draw is open right now.',
          },
          {
            guard: { type: 'isWon', params: ({ event }) => event.output },
            target: 'drawn.won',
            actions: { type: 'setDraw', params: ({ event }) => event.output },
            description: "The draw ran and the player's ticket won.",
            meta: { requirements: ['REQ-LOTTERY-4'] },
          },
          {
            guard: { type: 'isLost', params: ({ event }) => event.output },
            target: 'drawn.lost',
            actions: { type: 'setDraw', params: ({ event }) => event.output },
            description: "The draw ran and another player's ticket won.",
            meta: { requirements: ['REQ-LOTTERY-4'] },
          },
          {
            guard: { type: 'isDrawn', params: ({ event }) => event.output },
            target: 'drawn.missed',
            actions: { type: 'setDraw', params: ({ event }) => event.output },
            description: 'The draw ran without this player.',
            meta: { requirements: ['REQ-LOTTERY-4'] },
          },
          {
            guard: { type: 'hasEntry', params: ({ event }) => event.output },
            target: 'entered',
            actions: { type: 'setDraw', params: ({ event }) => event.output },
            description: 'The player already takes part in this draw.',
            meta: { requirements: ['REQ-LOTTERY-3'] },
          },
          {
            guard: { type: 'isClosed', params: ({ event }) => event.output },
            target: 'closed',
            actions: { type: 'setDraw', params: ({ event }) => event.output },
            description: 'Entries closed; the draw has not run yet.',
          },
          {
            guard: { type: 'isVisitor', params: ({ event }) => event.output },
            target: 'visitor',
            actions: { type: 'setDraw', params: ({ event }) => event.output },
            description: 'A visitor sees the draw; taking part needs a session.',
            meta: { requirements: ['REQ-LOTTERY-1'] },
          },
          {
            target: 'open',
            actions: { type: 'setDraw', params: ({ event }) => event.output },
            description: 'The draw takes entries and the player has none yet.',
            meta: { requirements: ['REQ-LOTTERY-1'] },
          },
        ],
        onError: {
          target: 'failed',
          actions: withFailure('setError'),
          description: 'The draw could not be loaded.',
        },
      },
    },
    none: {
      description: 'No draw is open: the next one opens after the current one is drawn.',
      on: {
        'draw.refresh': { target: 'loading', description: 'The player looks again.' },
      },
    },
    visitor: {
      description: 'A visitor sees the date, the prize and the price, and a way to log in to play.',
    },
    open: {
      description: 'The draw takes entries: the player may take part for the entry price.',
      on: {
        'entry.request': {
          target: 'confirming',
          actions: 'clearError',
          description: 'The player presses PARTICIPAR.',
          meta: { requirements: ['REQ-LOTTERY-2'] },
        },
      },
    },
    confirming: {
      description: 'The player is asked to confirm paying the entry price.',
      on: {
        'entry.confirm': {
          target: 'entering',
          description: 'The player confirms.',
          meta: { requirements: ['REQ-LOTTERY-2'] },
        },
        'entry.cancel': { target: 'open', description: 'The player changes their mind.' },
      },
    },
    entering: {
      description: 'Sending the entry; the price is paid with it.',
      invoke: {
        id: 'enterDraw',
        src: 'enterDraw',
        input: ({ context }) => ({ drawId: context.draw?.id ?? '' }),
        onDone: {
          target: 'entered',
          actions: [
            { type: 'setDraw', params: ({ event }) => ({ draw: event.output.draw }) },
            { type: 'updateBalances', params: ({ event }) => event.output },
            'announceEntry',
          ],
          description: 'The player takes part; the header shows the balance after paying.',
          meta: {
            requirements: ['REQ-LOTTERY-2', 'REQ-LOTTERY-3'],
            money: moneyMarks('PATCH /api/user/draw', { out: ['terycarbons'] }),
          },
        },
        onError: [
          {
            guard: withFailure('isConflict'),
            target: 'loading',
            actions: withFailure('announceRefusal'),
            description:
              'The draw closed or the player had already entered (another tab): say why and show the draw as it is.',
          },
          {
            target: 'open',
            actions: withFailure('setError'),
            description:
              'The entry was refused (not enough terycarbons, no answer); nothing was paid.',
            meta: { requirements: ['REQ-LOTTERY-2'] },
          },
        ],
      },
    },
    entered: {
      description: 'The player takes part and waits for the draw.',
      on: {
        'draw.refresh': {
          target: 'loading',
          description: 'The player looks whether the draw ran.',
          meta: { requirements: ['REQ-LOTTERY-4'] },
        },
      },
    },
    closed: {
      description: 'Entries are closed and the draw is about to run.',
      on: {
        'draw.refresh': { target: 'loading', description: 'The player looks whether it ran.' },
      },
    },
    drawn: {
      description: 'The draw ran: its seed is public and its winner known.',
      // Entered only through its children: a draw the player did not take part in is `missed`.
      initial: 'missed',
      on: {
        'draw.next': {
          target: 'loading',
          actions: 'forgetDraw',
          description: 'The player goes on to the draw taking entries now.',
        },
      },
      states: {
        won: { description: "The player's ticket won the prize, paid to their balance." },
        lost: { description: 'The player took part; another ticket won.' },
        missed: { description: 'The player did not take part in this draw.' },
      },
    },
    failed: {
      description: 'The draw could not be loaded; the message and a retry are shown.',
      on: {
        'draw.refresh': { target: 'loading', description: 'The player tries again.' },
      },
    },
  },
})
