import { assertEvent, assign, fromPromise, setup } from 'xstate'
import type { PaymentMethod, Wallet, WalletBody } from '../../contract/payments'
import { emitEvent } from '../shared/emit-event'
import { metaTypes } from '../shared/meta'
import { notProvided } from '../shared/not-provided'
import { readFieldErrors, withFailure, type RequestFailure } from '../shared/request-failure'
import { economyMessages } from '../../contract/economy-messages'

export type WalletContext = {
  /** The payment method whose wallet is being added. */
  method: PaymentMethod | null
  failure: string | null
  fieldErrors: Record<string, string>
}

export type WalletEvent =
  | { type: 'wallet.add'; method: PaymentMethod }
  /** The address, checked by the form with the method's own rule. */
  | { type: 'wallet.save'; address: string }
  | { type: 'wallet.cancel' }
  | { type: 'wallet.done' }

export type WalletEmitted =
  /** The player's wallets after the change: the page shows them. */
  { type: 'wallets.changed'; wallets: Wallet[] } | { type: 'toast.show'; message: string }

export const walletMachine = setup({
  types: {
    context: {} as WalletContext,
    events: {} as WalletEvent,
    emitted: {} as WalletEmitted,
    ...metaTypes,
  },
  actors: {
    saveWallet: fromPromise<Wallet[], WalletBody>(async () => notProvided('saveWallet')),
  },
  actions: {
    setMethod: assign(({ event }) => {
      assertEvent(event, 'wallet.add')
      return { method: event.method, failure: null, fieldErrors: {} }
    }),
    setFailure: assign((_, params: RequestFailure) => ({
      failure: params.message,
      fieldErrors: readFieldErrors(params),
    })),
    clear: assign({ method: null, failure: null, fieldErrors: {} }),
    notifyWallets: emitEvent('wallets.changed', (_, params: { wallets: Wallet[] }) => ({
      wallets: params.wallets,
    })),
    announceSaved: emitEvent('toast.show', () => ({ message: economyMessages.walletSaved })),
  },
}).createMachine({
  id: 'wallet',
  description:
    'Adding the wallet of a payment method (or replacing its address): the form with the method’s own check, the save, and the wallets after it.',
  initial: 'closed',
  context: { method: null, failure: null, fieldErrors: {} },
  states: {
    closed: {
      description: 'The wallets are listed; no form is open.',
      on: {
        'wallet.add': {
          target: 'editing',
          actions: 'setMethod',
          description: 'The player adds (or changes) the wallet of a method.',
          meta: { requirements: ['REQ-MARKET-2'] },
        },
      },
    },
    editing: {
      description:
        'The address form of the method, checked for that method; for bitcoin and USDT the warning advice list shows.',
      meta: { requirements: ['REQ-MARKET-2'] },
      on: {
        'wallet.save': {
          target: 'saving',
          description: 'The player saves a valid address.',
          meta: { requirements: ['REQ-MARKET-2'] },
        },
        'wallet.cancel': {
          target: 'closed',
          actions: 'clear',
          description: 'The player closes the form.',
        },
      },
    },
    saving: {
      description: 'Waiting for the server to save the wallet.',
      invoke: {
        id: 'saveWallet',
        src: 'saveWallet',
        input: ({ context, event }) => {
          assertEvent(event, 'wallet.save')
          return { method: context.method ?? 'btc', address: event.address } as WalletBody
        },
        onDone: {
          target: 'saved',
          actions: [
            { type: 'notifyWallets', params: ({ event }) => ({ wallets: event.output }) },
            'announceSaved',
          ],
          description: 'The wallet is saved; the list shows it.',
          meta: { requirements: ['REQ-MARKET-2'] },
        },
        onError: {
          target: 'editing',
          actions: withFailure('setFailure'),
          description: 'The server refused the address; its message shows under the field.',
          meta: { requirements: ['REQ-MARKET-2'] },
        },
      },
    },
    saved: {
      description: 'The wallet was saved.',
      on: {
        'wallet.done': {
          target: 'closed',
          actions: 'clear',
          description: 'The form closes.',
        },
        'wallet.add': {
          target: 'editing',
          actions: 'setMethod',
          description: 'The player adds the wallet of another method.',
        },
      },
    },
  },
})
