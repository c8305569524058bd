import { describe, expect, it } from 'vitest'
import { terydollarPurchaseMachine } from '../../machines/terydollar-purchase/terydollar-purchase.machine'
import {
  sampleTerydollarOrders,
  terydollarPurchaseEntry,
} from '../../machines/terydollar-purchase/terydollar-purchase.samples'
import {
  selectAcknowledgeError,
  selectAmountError,
  selectFailure,
  selectIsAcknowledging,
  selectIsBusy,
  selectMethod,
  selectOrder,
  selectStep,
} from '../../machines/terydollar-purchase/terydollar-purchase.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

const order = sampleTerydollarOrders.awaitingVoucher
const outcomeMessageId = '5b0e6a0c-2f4d-4c8e-9a1b-7d3e2f1a0c55'
const balances = { terycarbons: 0, gems: 0, voltaCharge: 0, terydollars: 20 }

async function ordered() {
  const harness = new MachineHarness(terydollarPurchaseMachine)
  await harness.resolve('loadOrder', { order: null, balances })
  harness.send({ type: 'method.select', method: order.method })
  harness.send({ type: 'amount.submit', amount: order.amount })
  await harness.resolve('placeOrder', order)
  return harness
}

describe('terydollar-purchase machine', () => {
  it('starts with bitcoin, orders the amount with the picked method and asks for the voucher', async () => {
    const harness = new MachineHarness(terydollarPurchaseMachine)
    expect(selectMethod(harness.snapshot)).toBe('btc')
    await harness.resolve('loadOrder', { order: null, balances })
    expect(selectStep(harness.snapshot)).toBe('method')
    harness.send({ type: 'method.select', method: 'paypal' })
    harness.send({ type: 'amount.submit', amount: 20 })
    expect(harness.inputs.get('placeOrder')).toEqual({ method: 'paypal', amount: 20 })
    await harness.resolve('placeOrder', { ...order, method: 'paypal' })
    expect(selectStep(harness.snapshot)).toBe('voucher')
    expect(selectOrder(harness.snapshot)?.payTo.value).toBe('3001234567')
  })

  it('shows a refused amount’s field message under the input, then a later refusal’s own', async () => {
    const harness = new MachineHarness(terydollarPurchaseMachine)
    await harness.resolve('loadOrder', { order: null, balances })
    harness.send({ type: 'method.select', method: 'btc' })
    harness.send({ type: 'amount.submit', amount: 2 })
    await harness.reject('placeOrder', {
      status: 400,
      message: 'Revisa los datos enviados',
      network: false,
      data: { fields: { amount: 'El mínimo es 5' } },
    })
    expect(selectStep(harness.snapshot)).toBe('amount')
    expect(selectAmountError(harness.snapshot)).toBe('El mínimo es 5')
    harness.send({ type: 'amount.submit', amount: 20 })
    await harness.reject('placeOrder', {
      status: 409,
      message: 'Ya tienes una orden abierta',
      network: false,
    })
    expect(selectAmountError(harness.snapshot)).toBe('Ya tienes una orden abierta')
  })

  it('uploads the voucher for the order, then asks every 15 s until the operator decides', async () => {
    const harness = await ordered()
    const file = new Blob(['x'], { type: 'image/png' })
    harness.send({ type: 'voucher.send', file })
    expect(harness.inputs.get('sendVoucher')).toEqual({ orderId: 12, file })
    await harness.resolve('sendVoucher', { ...order, state: 'voucherSent' })
    expect(selectStep(harness.snapshot)).toBe('review')
    harness.advance(14_999)
    expect(harness.isWaiting('loadOrder')).toBe(false)
    harness.advance(1)
    expect(harness.isWaiting('loadOrder')).toBe(true)
    await harness.resolve('loadOrder', { order: { ...order, state: 'voucherSent' }, balances })
    expect(selectStep(harness.snapshot)).toBe('review')
    harness.advance(15_000)
    await harness.resolve('loadOrder', {
      order: { ...order, state: 'approved', outcomeMessageId },
      balances,
    })
    expect(selectStep(harness.snapshot)).toBe('approved')
    expect(harness.emitted).toEqual([
      { type: 'balances.changed', balances },
      { type: 'toast.show', message: 'Tu compra de 50 terydólares fue aprobada' },
    ])
  })

  it('shows the operator’s reason for a rejection until ENTENDIDO is saved, then the method', async () => {
    const harness = await ordered()
    harness.send({ type: 'voucher.send', file: new Blob(['x'], { type: 'image/png' }) })
    await harness.resolve('sendVoucher', { ...order, state: 'voucherSent' })
    harness.send({ type: 'order.refresh' })
    await harness.resolve('loadOrder', {
      order: { ...order, state: 'rejected', rejectionReason: 'No vemos el pago', outcomeMessageId },
      balances,
    })
    expect(selectStep(harness.snapshot)).toBe('rejected')
    expect(selectOrder(harness.snapshot)?.rejectionReason).toBe('No vemos el pago')
    expect(harness.emitted).toEqual([])
    harness.send({ type: 'outcome.acknowledge' })
    expect(selectIsAcknowledging(harness.snapshot)).toBe(true)
    expect(selectStep(harness.snapshot)).toBe('rejected')
    expect(harness.inputs.get('acknowledgeOutcome')).toEqual({ messageId: outcomeMessageId })
    await harness.resolve('acknowledgeOutcome', { messages: [] })
    expect(selectStep(harness.snapshot)).toBe('method')
    expect(selectOrder(harness.snapshot)).toBeNull()
  })

  it.each(['approved', 'rejected'] as const)(
    'tells an order %s while the player was away, on the next load, until acknowledged',
    async (state) => {
      const harness = new MachineHarness(terydollarPurchaseMachine)
      await harness.resolve('loadOrder', {
        order: { ...order, state, rejectionReason: null, outcomeMessageId },
        balances,
      })
      expect(selectStep(harness.snapshot)).toBe(state)
      // Told on the card, not announced again: the inbox message is its other telling.
      expect(harness.emitted).toEqual([])
      harness.send({ type: 'outcome.acknowledge' })
      await harness.reject('acknowledgeOutcome', {
        status: 400,
        message: 'Ocurrio un error al procesar la petición',
        network: true,
      })
      expect(selectStep(harness.snapshot)).toBe(state)
      expect(selectAcknowledgeError(harness.snapshot)).toBe(
        'Ocurrio un error al procesar la petición',
      )
      harness.send({ type: 'outcome.acknowledge' })
      await harness.resolve('acknowledgeOutcome', { messages: [] })
      expect(selectStep(harness.snapshot)).toBe('method')
      expect(selectAcknowledgeError(harness.snapshot)).toBeNull()
    },
  )

  it('goes straight to the method when the outcome was acknowledged already (in the inbox)', async () => {
    const harness = new MachineHarness(terydollarPurchaseMachine)
    await harness.resolve('loadOrder', {
      order: { ...order, state: 'approved', outcomeMessageId: null },
      balances,
    })
    expect(selectStep(harness.snapshot)).toBe('method')
  })

  it('keeps the order waiting for a voucher when the upload is refused, with the reason', async () => {
    const harness = await ordered()
    harness.send({ type: 'voucher.send', file: new Blob(['x'], { type: 'image/png' }) })
    await harness.reject('sendVoucher', {
      status: 400,
      message: 'El archivo no es una imagen válida',
      network: false,
    })
    expect(selectStep(harness.snapshot)).toBe('voucher')
    expect(selectFailure(harness.snapshot)).toBe('El archivo no es una imagen válida')
  })
})

describeMachinePaths(
  terydollarPurchaseEntry,
  {
    step: selectStep,
    method: selectMethod,
    order: selectOrder,
    failure: selectFailure,
    busy: selectIsBusy,
    acknowledging: selectIsAcknowledging,
    error: selectAcknowledgeError,
  },
  {
    loading: { step: 'loading', busy: true },
    loadFailed: { step: 'loadFailed', failure: someText, busy: false },
    choosingMethod: { step: 'method', order: null, busy: false },
    enteringAmount: { step: 'amount', busy: false },
    ordering: { step: 'ordering', busy: true },
    awaitingVoucher: {
      step: 'voucher',
      order: expect.objectContaining({ payTo: expect.any(Object) }),
    },
    sendingVoucher: { step: 'sendingVoucher', busy: true },
    voucherSent: { step: 'review', order: expect.objectContaining({ state: 'voucherSent' }) },
    checking: { step: 'review' },
    'reviewed.told': {
      step: expect.stringMatching(/^(approved|rejected)$/),
      order: expect.objectContaining({ state: expect.stringMatching(/^(approved|rejected)$/) }),
      busy: false,
      acknowledging: false,
    },
    'reviewed.acknowledging': {
      step: expect.stringMatching(/^(approved|rejected)$/),
      acknowledging: true,
      error: null,
    },
  },
)
