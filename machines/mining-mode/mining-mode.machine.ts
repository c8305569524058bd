import { assign, fromPromise, setup } from 'xstate'
import { apiMessages } from '../../contract/messages'
import type { MineState, MiningMode, MiningModeBody, MiningModeChange } from '../../contract/mining'
import type { Balances } from '../../contract/user'
import { emitEvent } from '../shared/emit-event'
import { metaTypes, moneyMarks } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { withFailure, type RequestFailure } from '../shared/request-failure'

export type MiningModeContext = {
  mine: MineState | null
  /** The Spanish message of the last refused change or failed load. */
  error: string | null
}

export type MiningModeEvent =
  | { type: 'mode.retry' }
  | { type: 'mode.select'; mode: MiningMode }
  | { type: 'unlock.request' }
  | { type: 'unlock.confirm' }
  | { type: 'unlock.cancel' }
  | { type: 'short.dismiss' }

export type MiningModeEmitted =
  | { type: 'balances.changed'; balances: Balances }
  /** The mode changed: what the switch paid and collected, for the page to say. */
  | { type: 'mode.changed'; change: MiningModeChange }

/** The lockable option: the gems mode, locked until paid once in terycarbons. */
const lockable: MiningMode = 'gems'

function gemsOption(mine: MineState | null) {
  return mine?.modes.find((option) => option.mode === lockable)
}

export const miningModeMachine = setup({
  types: {
    context: {} as MiningModeContext,
    events: {} as MiningModeEvent,
    emitted: {} as MiningModeEmitted,
    ...metaTypes,
  },
  actors: {
    loadMine: fromPromise<MineState>(async () => notProvided('loadMine')),
    changeMode: fromPromise<MiningModeChange, MiningModeBody>(async () =>
      notProvided('changeMode'),
    ),
  },
  guards: {
    isUnlocked: (_, params: { mine: MineState }) => gemsOption(params.mine)?.unlocked === true,
    isGemsMode: (_, params: { mine: MineState }) => params.mine.mode === lockable,
    canAffordUnlock: ({ context }) =>
      (context.mine?.balances.terycarbons ?? 0) >= (gemsOption(context.mine)?.price ?? 0),
    isShortOfTerycarbons: (_, params: RequestFailure) =>
      params.status === 409 && params.message === apiMessages.notEnoughTerycarbons,
    isOtherMode: ({ context, event }) =>
      event.type === 'mode.select' && event.mode !== context.mine?.mode,
    isInGemsMode: ({ context }) => context.mine?.mode === lockable,
  },
  actions: {
    setMine: assign((_, params: { mine: MineState }) => ({ mine: params.mine, error: null })),
    setError: assign((_, params: RequestFailure) => ({ error: params.message })),
    clearError: assign({ error: null }),
    announceBalances: emitEvent('balances.changed', (_, params: { change: MiningModeChange }) => ({
      balances: params.change.mine.balances,
    })),
    announceChange: emitEvent('mode.changed', (_, params: { change: MiningModeChange }) => ({
      change: params.change,
    })),
  },
}).createMachine({
  id: 'mining-mode',
  description:
    'The mining mode: terycarbons or gems. The gems option is locked until the player confirms and pays its terycarbon price (not having enough is a state of its own); once paid it is active and the player switches freely.',
  initial: 'loading',
  context: { mine: null, error: null },
  states: {
    loading: {
      description: 'Asking the server for the mine’s mode and its options.',
      invoke: {
        id: 'loadMine',
        src: 'loadMine',
        onDone: [
          {
            guard: { type: 'isGemsMode', params: ({ event }) => ({ mine: event.output }) },
            target: 'unlocked.gems',
            actions: { type: 'setMine', params: ({ event }) => ({ mine: event.output }) },
            description: 'The mine produces gems (the option was paid).',
            meta: { requirements: ['REQ-MINE-7'] },
          },
          {
            guard: { type: 'isUnlocked', params: ({ event }) => ({ mine: event.output }) },
            target: 'unlocked.terycarbons',
            actions: { type: 'setMine', params: ({ event }) => ({ mine: event.output }) },
            description: 'The mine produces terycarbons; the gems option is active already.',
            meta: { requirements: ['REQ-MINE-7'] },
          },
          {
            target: 'locked',
            actions: { type: 'setMine', params: ({ event }) => ({ mine: event.output }) },
            description: 'The mine produces terycarbons; the gems option is still locked.',
            meta: { requirements: ['REQ-MINE-8'] },
          },
        ],
        onError: {
          target: 'failed',
          actions: withFailure('setError'),
          description: 'The mode could not be loaded.',
          meta: { requirements: ['REQ-LIST-2'] },
        },
      },
    },
    failed: {
      description: 'The mode could not be loaded; the message and a retry show.',
      on: {
        'mode.retry': {
          target: 'loading',
          description: 'The player asks again.',
          meta: { requirements: ['REQ-LIST-2'] },
        },
      },
    },
    locked: {
      description: 'Terycarbons mode; the gems option shows its lock and its terycarbon price.',
      meta: { requirements: ['REQ-MINE-8'] },
      on: {
        'unlock.request': [
          {
            guard: 'canAffordUnlock',
            target: 'confirming',
            actions: 'clearError',
            description: 'The player wants to unlock it and has the terycarbons: confirm first.',
            meta: { requirements: ['REQ-MINE-8'] },
          },
          {
            target: 'short',
            description: 'The player wants to unlock it without enough terycarbons.',
            meta: { requirements: ['REQ-MINE-9'] },
          },
        ],
      },
    },
    short: {
      description:
        'Not enough terycarbons for the gems option: how many are missing and where to buy them.',
      meta: { requirements: ['REQ-MINE-9'] },
      on: {
        'short.dismiss': {
          target: 'locked',
          actions: 'clearError',
          description: 'The player closes the notice.',
        },
      },
    },
    confirming: {
      description: 'The player is asked to confirm paying the price in terycarbons.',
      meta: { requirements: ['REQ-MINE-8'] },
      on: {
        'unlock.confirm': {
          target: 'paying',
          description: 'The player confirms the payment.',
          meta: { requirements: ['REQ-MINE-8'] },
        },
        'unlock.cancel': {
          target: 'locked',
          description: 'The player changes their mind; nothing is paid.',
        },
      },
    },
    paying: {
      description: 'Paying the price and switching to the gems mode.',
      invoke: {
        id: 'changeMode',
        src: 'changeMode',
        input: () => ({ mode: lockable, unlock: true }),
        onDone: {
          target: 'unlocked.gems',
          actions: [
            { type: 'setMine', params: ({ event }) => ({ mine: event.output.mine }) },
            { type: 'announceBalances', params: ({ event }) => ({ change: event.output }) },
            { type: 'announceChange', params: ({ event }) => ({ change: event.output }) },
          ],
          description: 'Paid: the gems option is active and the mine produces gems.',
          meta: {
            requirements: ['REQ-MINE-8'],
            // The price, and the backpack collected in the mode it leaves (terycarbons).
            money: moneyMarks('PATCH /api/user/miningMode', {
              out: ['terycarbons'],
              in: ['terycarbons'],
            }),
          },
        },
        onError: [
          {
            guard: withFailure('isShortOfTerycarbons'),
            target: 'short',
            description: 'The server says the terycarbons are not enough (spent elsewhere).',
            meta: { requirements: ['REQ-MINE-9'] },
          },
          {
            target: 'locked',
            actions: withFailure('setError'),
            description: 'The payment failed; the option stays locked and the message shows.',
          },
        ],
      },
    },
    unlocked: {
      description: 'The gems option is active: the player switches between the two modes.',
      initial: 'terycarbons',
      states: {
        terycarbons: {
          description: 'The mine produces terycarbons.',
          meta: { requirements: ['REQ-MINE-7'] },
          on: {
            'mode.select': {
              guard: 'isOtherMode',
              target: 'switching',
              actions: 'clearError',
              description: 'The player picks the gems mode.',
              meta: { requirements: ['REQ-MINE-7'] },
            },
          },
        },
        gems: {
          description: 'The mine produces gems.',
          meta: { requirements: ['REQ-MINE-7', 'REQ-MINE-8'] },
          on: {
            'mode.select': {
              guard: 'isOtherMode',
              target: 'switching',
              actions: 'clearError',
              description: 'The player picks the terycarbons mode.',
              meta: { requirements: ['REQ-MINE-7'] },
            },
          },
        },
        switching: {
          description: 'Switching the mode; the backpack is collected in the old mode first.',
          invoke: {
            id: 'changeMode',
            src: 'changeMode',
            input: ({ event }) => ({ mode: event.type === 'mode.select' ? event.mode : lockable }),
            onDone: [
              {
                guard: { type: 'isGemsMode', params: ({ event }) => ({ mine: event.output.mine }) },
                target: 'gems',
                actions: [
                  { type: 'setMine', params: ({ event }) => ({ mine: event.output.mine }) },
                  { type: 'announceBalances', params: ({ event }) => ({ change: event.output }) },
                  { type: 'announceChange', params: ({ event }) => ({ change: event.output }) },
                ],
                description: 'The mine produces gems now.',
                meta: {
                  requirements: ['REQ-MINE-7'],
                  // The backpack collected in the mode it leaves; nothing is paid once unlocked.
                  money: moneyMarks('PATCH /api/user/miningMode', { in: ['terycarbons'] }),
                },
              },
              {
                target: 'terycarbons',
                actions: [
                  { type: 'setMine', params: ({ event }) => ({ mine: event.output.mine }) },
                  { type: 'announceBalances', params: ({ event }) => ({ change: event.output }) },
                  { type: 'announceChange', params: ({ event }) => ({ change: event.output }) },
                ],
                description: 'The mine produces terycarbons now.',
                meta: {
                  requirements: ['REQ-MINE-7'],
                  money: moneyMarks('PATCH /api/user/miningMode', { in: ['gems'] }),
                },
              },
            ],
            onError: [
              {
                guard: 'isInGemsMode',
                target: 'gems',
                actions: withFailure('setError'),
                description: 'The switch failed; the mine stays in gems mode.',
              },
              {
                target: 'terycarbons',
                actions: withFailure('setError'),
                description: 'The switch failed; the mine stays in terycarbons mode.',
              },
            ],
          },
        },
      },
    },
  },
})
