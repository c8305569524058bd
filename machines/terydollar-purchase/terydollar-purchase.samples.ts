import { apiMessages } from '../../contract/messages'
import type { TerydollarOrder } from '../../contract/terydollar'
import { defineMachineEntry } from '../shared/machine-entry'
import { sampleFailures } from '../shared/sample-failures'
import { terydollarPurchaseMachine } from './terydollar-purchase.machine'
import { economyMessages } from '../../contract/economy-messages'

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
}
const sent: TerydollarOrder = {
  ...order,
  state: 'voucherSent',
  voucherSentAt: '2026-11-23T15:05:00.000Z',
}
const balances = { terycarbons: 1_000, gems: 3_000, voltaCharge: 120, terydollars: 105 }

export const terydollarPurchaseEntry = defineMachineEntry(terydollarPurchaseMachine, {
  events: {
    'method.select': [{ type: 'method.select', method: 'nequi' }],
    'method.change': [{ type: 'method.change' }],
    'amount.submit': [{ type: 'amount.submit', amount: 50 }],
    'voucher.send': [
      { type: 'voucher.send', file: new Blob(['comprobante'], { type: 'image/png' }) },
    ],
    'order.refresh': [{ type: 'order.refresh' }],
    'order.new': [{ type: 'order.new' }],
    'purchase.retry': [{ type: 'purchase.retry' }],
  },
  outcomes: {
    loadOrder: {
      done: [
        { order: null, balances },
        { order, balances },
        { order: sent, balances },
        {
          order: { ...sent, state: 'approved', reviewedAt: '2026-11-23T15:10:00.000Z' },
          balances,
        },
        {
          order: {
            ...sent,
            state: 'rejected',
            reviewedAt: '2026-11-23T15:10:00.000Z',
            rejectionReason: 'El comprobante no coincide con el valor',
          },
          balances,
        },
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
  },
})
