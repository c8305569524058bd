import { apiMessages } from '../../contract/messages'
import type { TerydollarOrder } from '../../contract/terydollar'
import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { terydollarPurchaseMachine } from './terydollar-purchase.machine'
import { economyMessages } from '../../contract/economy-messages'
import * as selectors from './terydollar-purchase.selectors'

const order: TerydollarOrder = {
  id: 12,
  method: 'nequi',
  amount: 50,
  pay: { amount: 210_000, currency: 'COP' },
  payTo: { label: 'Número Nequi', value: '3001234567' },
  state: 'awaitingVoucher',
  createdAt: '2026-11-23T15:00:00.000Z',
  voucherSentAt: null,
  reviewedAt: null,
  rejectionReason: null,
  outcomeMessageId: null,
}
const sent: TerydollarOrder = {
  ...order,
  state: 'voucherSent',
  voucherSentAt: '2026-11-23T15:05:00.000Z',
}
const approved: TerydollarOrder = {
  ...sent,
  state: 'approved',
  reviewedAt: '2026-11-23T15:10:00.000Z',
  outcomeMessageId: '5b0e6a0c-2f4d-4c8e-9a1b-7d3e2f1a0c55',
}
const rejected: TerydollarOrder = {
  ...approved,
  state: 'rejected',
  rejectionReason: 'El comprobante no coincide con el valor',
}
/** An order at each step, for the machine's paths and for the views' tests. */
export const sampleTerydollarOrders = { awaitingVoucher: order, sent, approved, rejected }

const balances = { terycarbons: 1_000, gems: 3_000, voltaCharge: 120, terydollars: 105 }

export const terydollarPurchaseEntry = defineMachineEntry(terydollarPurchaseMachine, {
  selectors,
  // Drawn whole, the machine is 1,022 px wide, past the docs' ~880: ordering and the voucher apart.
  diagramParts: {
    ordering: ['choosingMethod', 'enteringAmount', 'ordering'],
    voucher: ['awaitingVoucher', 'sendingVoucher', 'voucherSent', 'checking'],
    reviewed: ['reviewed'],
  },
  events: {
    'method.select': [{ type: 'method.select', method: 'nequi' }],
    'method.change': [{ type: 'method.change' }],
    'amount.submit': [{ type: 'amount.submit', amount: 50 }],
    'voucher.send': [
      { type: 'voucher.send', file: new Blob(['comprobante'], { type: 'image/png' }) },
    ],
    'order.refresh': [{ type: 'order.refresh' }],
    'outcome.acknowledge': [{ type: 'outcome.acknowledge' }],
    'purchase.retry': [{ type: 'purchase.retry' }],
  },
  outcomes: {
    loadOrder: {
      done: [
        { order: null, balances },
        { order, balances },
        { order: sent, balances },
        { order: approved, balances },
        { order: rejected, balances },
        // Reviewed, and the player acknowledged the outcome already: nothing left to tell.
        { order: { ...approved, outcomeMessageId: null }, balances },
      ],
      error: [sampleFailures.noAnswer],
    },
    placeOrder: {
      done: [order],
      error: [{ status: 409, message: economyMessages.orderOpen, network: false }],
    },
    sendVoucher: {
      done: [sent],
      error: [{ status: 400, message: apiMessages.uploadInvalid, network: false }],
    },
    acknowledgeOutcome: { done: [{ messages: [] }], error: [sampleFailures.noAnswer] },
  },
})
