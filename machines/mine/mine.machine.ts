import { assign, fromPromise, setup } from 'xstate'
import type {
  BonusResult,
  CollectResult,
  MineState,
  MiningMode,
  PayoutKind,
} from '../../contract/mining'
import type { Balances } from '../../contract/user'
import { emitEvent } from '../shared/emit-event'
import { metaTypes, moneyMarks } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { withFailure, type RequestFailure } from '../shared/request-failure'

export type MineContext = {
  /** The mine as the server last answered it. */
  mine: MineState | null
  /** The backpack at the clock's last reading: the server's amount and what was made since. */
  amount: number
  /** The Spanish message of a failed load. */
  error: string | null
  /** Why the last collect was refused. */
  collectError: string | null
  /** Why the last bonus collect was refused. */
  bonusError: string | null
}

export type MineEvent =
  | { type: 'mine.retry' }
  | { type: 'mine.reload' }
  | { type: 'mine.sync'; mine: MineState }
  | { type: 'mine.collect' }
  | { type: 'bonus.collect' }

export type MineEmitted =
  | { type: 'balances.changed'; balances: Balances }
  /** A payout arrived: the page says so and lists it. */
  | {
      type: 'mine.paid'
      kind: Extract<PayoutKind, 'mine.collect' | 'team.bonus'>
      amount: number
      currency: MiningMode
    }

/**
 * What the backpack holds at an instant: the server's amount and what the stations made since it
 * counted it, up to the capacity. From the clock, not from timers that count seconds: a tab the
 * browser throttled or froze shows the right amount at its next reading.
 */
function heldAt(mine: MineState, now: number): number {
  const { amount, perSecond, capacity, at } = mine.backpack
  const seconds = Math.max(0, now - Date.parse(at)) / 1000
  return Math.min(capacity, amount + perSecond * seconds)
}

export const mineMachine = setup({
  types: {
    context: {} as MineContext,
    events: {} as MineEvent,
    emitted: {} as MineEmitted,
    ...metaTypes,
  },
  actors: {
    loadMine: fromPromise<MineState>(async () => notProvided('loadMine')),
    collect: fromPromise<CollectResult, { mode: MiningMode }>(async () => notProvided('collect')),
    collectBonus: fromPromise<BonusResult>(async () => notProvided('collectBonus')),
    /** The time (ms since the epoch): provided, the browser's clock in the app. */
    readClock: fromPromise<number>(async () => notProvided('readClock')),
  },
  delays: {
    /** The backpack's figure moves once a second. */
    tick: 1000,
  },
  guards: {
    isFull: (_, params: { mine: MineState }) =>
      params.mine.backpack.amount >= params.mine.backpack.capacity,
    isProducing: ({ context }) => (context.mine?.backpack.perSecond ?? 0) > 0,
    isFullAt: ({ context }, params: { now: number }) =>
      context.mine !== null && heldAt(context.mine, params.now) >= context.mine.backpack.capacity,
    isHoldingWholeUnits: ({ context }) => context.amount >= 1,
    isBackpackFull: ({ context }) =>
      context.mine !== null && context.amount >= context.mine.backpack.capacity,
    hasBonus: ({ context }) => (context.mine?.bonus.amount ?? 0) > 0,
  },
  actions: {
    setMine: assign((_, params: { mine: MineState }) => ({
      mine: params.mine,
      amount: params.mine.backpack.amount,
      error: null,
    })),
    produce: assign(({ context }, params: { now: number }) => ({
      amount: context.mine ? heldAt(context.mine, params.now) : context.amount,
    })),
    fill: assign(({ context }) => ({ amount: context.mine?.backpack.capacity ?? context.amount })),
    setError: assign((_, params: RequestFailure) => ({ error: params.message })),
    setCollectError: assign((_, params: RequestFailure) => ({ collectError: params.message })),
    clearCollectError: assign({ collectError: null }),
    setBonusError: assign((_, params: RequestFailure) => ({ bonusError: params.message })),
    clearBonusError: assign({ bonusError: null }),
    announceBalances: emitEvent('balances.changed', (_, params: { mine: MineState }) => ({
      balances: params.mine.balances,
    })),
    announceCollect: emitEvent('mine.paid', (_, params: CollectResult) => ({
      kind: 'mine.collect' as const,
      amount: params.amount,
      currency: params.currency,
    })),
    announceBonus: emitEvent('mine.paid', (_, params: BonusResult) => ({
      kind: 'team.bonus' as const,
      amount: params.amount,
      currency: 'gems' as const,
    })),
  },
}).createMachine({
  id: 'mine',
  description:
    'The mine: its backpack filling on the clock while stations are on, full at its capacity, collected in the mining mode’s currency; and the team bonus, collected apart.',
  initial: 'loading',
  context: { mine: null, amount: 0, error: null, collectError: null, bonusError: null },
  states: {
    loading: {
      description: 'Asking the server for the mine (kept on screen while it reloads).',
      invoke: {
        id: 'loadMine',
        src: 'loadMine',
        onDone: [
          {
            guard: { type: 'isFull', params: ({ event }) => ({ mine: event.output }) },
            target: '#mine.ready.backpack.full',
            actions: { type: 'setMine', params: ({ event }) => ({ mine: event.output }) },
            description: 'The mine arrived with its backpack full.',
            meta: { requirements: ['REQ-MINE-1', 'REQ-MINE-3'] },
          },
          {
            target: 'ready',
            actions: { type: 'setMine', params: ({ event }) => ({ mine: event.output }) },
            description: 'The mine arrived: its stations, backpack and bonus show.',
            meta: { requirements: ['REQ-MINE-1'] },
          },
        ],
        onError: {
          target: 'failed',
          actions: withFailure('setError'),
          description: 'The mine could not be loaded; the message and a retry show.',
          meta: { requirements: ['REQ-LIST-2'] },
        },
      },
    },
    failed: {
      description: 'The mine could not be loaded.',
      on: {
        'mine.retry': {
          target: 'loading',
          description: 'The player asks again.',
          meta: { requirements: ['REQ-LIST-2'] },
        },
      },
    },
    ready: {
      description: 'The mine is shown: the backpack and the team bonus, each on its own.',
      type: 'parallel',
      on: {
        'mine.reload': {
          target: 'loading',
          description: 'A station stopped: the mine is read again (it produces less now).',
        },
      },
      states: {
        backpack: {
          description: 'What the stations produced since the last collect.',
          initial: 'mining',
          states: {
            mining: {
              description: 'The backpack fills with what the stations on produce.',
              meta: { requirements: ['REQ-MINE-3'] },
              initial: 'reading',
              states: {
                reading: {
                  description: 'Reading the clock: the backpack holds what was made until now.',
                  invoke: {
                    id: 'readClock',
                    src: 'readClock',
                    onDone: [
                      {
                        guard: { type: 'isFullAt', params: ({ event }) => ({ now: event.output }) },
                        target: '#mine.ready.backpack.full',
                        actions: 'fill',
                        description: 'By now the backpack reached its capacity.',
                        meta: { requirements: ['REQ-MINE-3'] },
                      },
                      {
                        target: 'waiting',
                        actions: {
                          type: 'produce',
                          params: ({ event }) => ({ now: event.output }),
                        },
                        description: 'The backpack shows what the stations made until now.',
                        meta: { requirements: ['REQ-MINE-3'] },
                      },
                    ],
                    onError: {
                      target: 'waiting',
                      description: 'No time this second; try the next one.',
                    },
                  },
                },
                waiting: {
                  description: 'The backpack shows; the next second is awaited while it fills.',
                  after: {
                    tick: {
                      guard: 'isProducing',
                      target: 'reading',
                      description: 'A second passed: read the clock again.',
                    },
                  },
                },
              },
              on: {
                'mine.collect': {
                  guard: 'isHoldingWholeUnits',
                  target: 'collecting',
                  actions: 'clearCollectError',
                  description: 'The player collects what the backpack holds.',
                  meta: { requirements: ['REQ-MINE-4'] },
                },
                'mine.sync': [
                  {
                    guard: { type: 'isFull', params: ({ event }) => ({ mine: event.mine }) },
                    target: 'full',
                    actions: { type: 'setMine', params: ({ event }) => ({ mine: event.mine }) },
                    description: 'A fueled station answered with the mine: its backpack is full.',
                  },
                  {
                    target: 'mining',
                    reenter: true,
                    actions: { type: 'setMine', params: ({ event }) => ({ mine: event.mine }) },
                    description: 'A fueled station answered with the mine: it produces more now.',
                    meta: { requirements: ['REQ-MINE-3'] },
                  },
                ],
              },
            },
            full: {
              description: 'The backpack is full: it stops filling until it is collected.',
              meta: { requirements: ['REQ-MINE-3'] },
              on: {
                'mine.collect': {
                  target: 'collecting',
                  actions: 'clearCollectError',
                  description: 'The player collects the full backpack.',
                  meta: { requirements: ['REQ-MINE-4'] },
                },
                'mine.sync': [
                  {
                    guard: { type: 'isFull', params: ({ event }) => ({ mine: event.mine }) },
                    target: 'full',
                    actions: { type: 'setMine', params: ({ event }) => ({ mine: event.mine }) },
                    description: 'A fueled station answered with the mine: still full.',
                  },
                  {
                    target: 'mining',
                    actions: { type: 'setMine', params: ({ event }) => ({ mine: event.mine }) },
                    description: 'The mine answered with room in the backpack.',
                  },
                ],
              },
            },
            collecting: {
              description: 'Asking the server to pay what the backpack holds.',
              invoke: {
                id: 'collect',
                src: 'collect',
                input: ({ context }) => ({ mode: context.mine?.mode ?? 'terycarbons' }),
                onDone: {
                  target: 'mining',
                  actions: [
                    { type: 'setMine', params: ({ event }) => ({ mine: event.output.mine }) },
                    {
                      type: 'announceBalances',
                      params: ({ event }) => ({ mine: event.output.mine }),
                    },
                    { type: 'announceCollect', params: ({ event }) => event.output },
                  ],
                  description: 'Paid: the backpack is empty and fills again.',
                  meta: {
                    requirements: ['REQ-MINE-4'],
                    money: moneyMarks('POST /api/adlot/collect', { in: ['terycarbons', 'gems'] }),
                  },
                },
                onError: [
                  {
                    guard: 'isBackpackFull',
                    target: 'full',
                    actions: withFailure('setCollectError'),
                    description: 'The collect was refused; the backpack stays full, with why.',
                  },
                  {
                    target: 'mining',
                    actions: withFailure('setCollectError'),
                    description: 'The collect was refused; the backpack keeps filling, with why.',
                  },
                ],
              },
            },
          },
        },
        bonus: {
          description: 'The team bonus of the closed days not collected yet.',
          initial: 'idle',
          states: {
            idle: {
              description: 'The bonus ready to collect shows (or that there is none yet).',
              on: {
                'bonus.collect': {
                  guard: 'hasBonus',
                  target: 'collecting',
                  description: 'The player collects the team bonus.',
                  meta: { requirements: ['REQ-MINE-5'] },
                },
              },
            },
            collecting: {
              description: 'Asking the server to pay the team bonus.',
              invoke: {
                id: 'collectBonus',
                src: 'collectBonus',
                onDone: {
                  target: 'idle',
                  actions: [
                    { type: 'setMine', params: ({ event }) => ({ mine: event.output.mine }) },
                    {
                      type: 'announceBalances',
                      params: ({ event }) => ({ mine: event.output.mine }),
                    },
                    { type: 'announceBonus', params: ({ event }) => event.output },
                  ],
                  description: 'The bonus is paid in gems.',
                  meta: {
                    requirements: ['REQ-MINE-5'],
                    money: moneyMarks('POST /api/adlot/collectBonus', { in: ['gems'] }),
                  },
                },
                onError: {
                  target: 'failed',
                  actions: withFailure('setBonusError'),
                  description: 'The bonus was refused (a penalty, nothing left, no answer).',
                },
              },
            },
            failed: {
              description: 'The bonus was refused; the message shows.',
              on: {
                'bonus.collect': {
                  guard: 'hasBonus',
                  target: 'collecting',
                  actions: 'clearBonusError',
                  description: 'The player tries again.',
                  meta: { requirements: ['REQ-MINE-5'] },
                },
              },
            },
          },
        },
      },
    },
  },
})
