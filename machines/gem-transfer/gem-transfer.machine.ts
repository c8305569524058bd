import { assertEvent, assign, emit, fromPromise, setup } from 'xstate'
import { normalizeCode } from '../../contract/fields'
import type { GemTransfer, GemTransferResult, SendGemsBody } from '../../contract/market'
import type { Balances, PlayerRef } from '../../contract/user'
import { emitEvent } from '../shared/emit-event'
import { metaTypes, moneyMarks } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { readFieldErrors, withFailure, type RequestFailure } from '../shared/request-failure'

export type GemTransferContext = {
  code: string
  amount: number
  /** Who the code belongs to, shown before sending. */
  recipient: PlayerRef | null
  transfer: GemTransfer | null
  failure: string | null
  fieldErrors: Record<string, string>
}

export type GemTransferEvent =
  /** The form is valid: destination code and amount (Gems to send). */
  | { type: 'transfer.review'; code: string; amount: number }
  | { type: 'transfer.confirm' }
  | { type: 'transfer.edit' }
  | { type: 'transfer.new' }

export type GemTransferEmitted =
  | { type: 'balances.changed'; balances: Balances }
  /** A transfer was made: the page reloads the send history. */
  | { type: 'transfers.changed' }

const sendMoney = moneyMarks('POST /api/inventory/send/gems', { out: ['gems'] })

export const gemTransferMachine = setup({
  types: {
    context: {} as GemTransferContext,
    events: {} as GemTransferEvent,
    emitted: {} as GemTransferEmitted,
    ...metaTypes,
  },
  actors: {
    findRecipient: fromPromise<PlayerRef, { code: string }>(async () =>
      notProvided('findRecipient'),
    ),
    sendGems: fromPromise<GemTransferResult, SendGemsBody>(async () => notProvided('sendGems')),
  },
  guards: {
    isHeld: (_, params: GemTransferResult) => params.transfer.state === 'pending',
  },
  actions: {
    setRequest: assign(({ event }) => {
      assertEvent(event, 'transfer.review')
      return {
        code: normalizeCode(event.code),
        amount: event.amount,
        recipient: null,
        transfer: null,
        failure: null,
        fieldErrors: {},
      }
    }),
    setRecipient: assign((_, params: PlayerRef) => ({ recipient: params })),
    setTransfer: assign((_, params: GemTransferResult) => ({ transfer: params.transfer })),
    setFailure: assign((_, params: RequestFailure) => ({
      failure: params.message,
      fieldErrors: readFieldErrors(params),
    })),
    clearFailure: assign({ failure: null, fieldErrors: {} }),
    clear: assign({
      code: '',
      amount: 0,
      recipient: null,
      transfer: null,
      failure: null,
      fieldErrors: {},
    }),
    notifyBalances: emitEvent('balances.changed', (_, params: { balances: Balances }) => ({
      balances: params.balances,
    })),
    notifyTransfersChanged: emit({ type: 'transfers.changed' } as const),
  },
}).createMachine({
  id: 'gem-transfer',
  description:
    'Sending gems by code: the code and amount, the recipient’s name looked up and shown, the confirmation, and the transfer sent at once or pending.',
  initial: 'editing',
  context: { code: '', amount: 0, recipient: null, transfer: null, failure: null, fieldErrors: {} },
  states: {
    editing: {
      description: 'The player types the destination code and the gems to send.',
      meta: { requirements: ['REQ-TRANSFER-1'] },
      on: {
        'transfer.review': {
          target: 'lookingUp',
          actions: 'setRequest',
          description: 'The form is valid: find who the code belongs to.',
          meta: { requirements: ['REQ-TRANSFER-1'] },
        },
      },
    },
    lookingUp: {
      description: 'Asking the server whose code it is.',
      invoke: {
        id: 'findRecipient',
        src: 'findRecipient',
        input: ({ context }) => ({ code: context.code }),
        onDone: {
          target: 'confirming',
          actions: { type: 'setRecipient', params: ({ event }) => event.output },
          description: 'The code is a player’s: their name shows before anything is sent.',
          meta: { requirements: ['REQ-TRANSFER-1'] },
        },
        onError: {
          target: 'editing',
          actions: withFailure('setFailure'),
          description: 'Nobody has the code, or it is the player’s own: the reason shows.',
          meta: { requirements: ['REQ-TRANSFER-2'] },
        },
      },
    },
    confirming: {
      description: 'Shows who receives how many gems; the player confirms or goes back.',
      meta: { requirements: ['REQ-TRANSFER-1'] },
      on: {
        'transfer.confirm': {
          target: 'sending',
          actions: 'clearFailure',
          description: 'The player sends the gems.',
          meta: { requirements: ['REQ-TRANSFER-1'] },
        },
        'transfer.edit': {
          target: 'editing',
          actions: 'clearFailure',
          description: 'The player goes back to change the code or the amount.',
        },
      },
    },
    sending: {
      description: 'Waiting for the server to move the gems.',
      invoke: {
        id: 'sendGems',
        src: 'sendGems',
        input: ({ context }) => ({ code: context.code, amount: context.amount }),
        onDone: [
          {
            guard: { type: 'isHeld', params: ({ event }) => event.output },
            target: 'pending',
            actions: [
              { type: 'setTransfer', params: ({ event }) => event.output },
              { type: 'notifyBalances', params: ({ event }) => event.output },
              'notifyTransfersChanged',
            ],
            description: 'A large transfer: held until its release time, then it arrives.',
            meta: { requirements: ['REQ-TRANSFER-3', 'REQ-SESSION-8'], money: sendMoney },
          },
          {
            target: 'sent',
            actions: [
              { type: 'setTransfer', params: ({ event }) => event.output },
              { type: 'notifyBalances', params: ({ event }) => event.output },
              'notifyTransfersChanged',
            ],
            description: 'The gems are in the recipient’s balance.',
            meta: { requirements: ['REQ-TRANSFER-3', 'REQ-SESSION-8'], money: sendMoney },
          },
        ],
        onError: {
          target: 'confirming',
          actions: withFailure('setFailure'),
          description: 'The server refused (not enough gems, no answer): nothing moved.',
          meta: { requirements: ['REQ-TRANSFER-2'] },
        },
      },
    },
    sent: {
      description: 'The gems arrived.',
      on: {
        'transfer.new': {
          target: 'editing',
          actions: 'clear',
          description: 'The player sends more.',
        },
      },
    },
    pending: {
      description: 'The gems left the balance and arrive at the release time shown.',
      on: {
        'transfer.new': {
          target: 'editing',
          actions: 'clear',
          description: 'The player sends more.',
        },
      },
    },
  },
})
