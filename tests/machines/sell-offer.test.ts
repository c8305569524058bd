import { describe, expect, it } from 'vitest'
import { sellOfferMachine } from '../../machines/sell-offer/sell-offer.machine'
import { sellOfferEntry } from '../../machines/sell-offer/sell-offer.samples'
import {
  selectFailure,
  selectFieldErrors,
  selectStep,
  selectTerms,
} from '../../machines/sell-offer/sell-offer.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

describe('sell-offer machine', () => {
  it('previews the total, the fee rounded up and what the seller receives, then lists', async () => {
    const harness = new MachineHarness(sellOfferMachine)
    harness.send({ type: 'offer.review', price: 33, amount: 7, feePercent: 3 })
    // 231 gems; 3% is 6.93, rounded up to 7.
    expect(selectTerms(harness.snapshot)).toEqual({
      price: 33,
      amount: 7,
      total: 231,
      fee: 7,
      proceeds: 224,
    })
    expect(harness.isWaiting('createOffer')).toBe(false)
    harness.send({ type: 'offer.submit' })
    expect(harness.inputs.get('createOffer')).toEqual({ price: 33, amount: 7 })
    const balances = { terycarbons: 0, gems: 0, voltaCharge: 0, terydollars: 3 }
    await harness.resolve('createOffer', {
      offer: {
        id: 1,
        amount: 7,
        price: 33,
        total: 231,
        fee: 7,
        state: 'open',
        buyer: null,
        createdAt: '2026-11-23T15:00:00.000Z',
        closedAt: null,
      },
      balances,
    })
    expect(selectStep(harness.snapshot)).toBe('listed')
    expect(harness.emitted).toEqual([
      { type: 'balances.changed', balances },
      { type: 'offers.changed' },
      { type: 'toast.show', message: 'Oferta publicada' },
    ])
  })

  it('never previews terms that are not whole positive numbers', () => {
    const harness = new MachineHarness(sellOfferMachine)
    harness.send({ type: 'offer.review', price: 9.5, amount: 2, feePercent: 3 })
    harness.send({ type: 'offer.review', price: 10, amount: 0, feePercent: 3 })
    expect(selectStep(harness.snapshot)).toBe('editing')
  })

  it('shows the server’s refusal with its field messages and lets the player change the offer', async () => {
    const harness = new MachineHarness(sellOfferMachine)
    harness.send({ type: 'offer.review', price: 90, amount: 5, feePercent: 3 })
    harness.send({ type: 'offer.submit' })
    await harness.reject('createOffer', {
      status: 400,
      message: 'El máximo es 10.000',
      network: false,
      data: { fields: { price: 'El máximo es 10.000' } },
    })
    expect(selectFailure(harness.snapshot)).toBe('El máximo es 10.000')
    expect(selectFieldErrors(harness.snapshot)).toEqual({ price: 'El máximo es 10.000' })
    harness.send({ type: 'offer.edit' })
    expect(selectStep(harness.snapshot)).toBe('editing')
    expect(selectFieldErrors(harness.snapshot)).toEqual({})
  })
})

describeMachinePaths(
  sellOfferEntry,
  { step: selectStep, terms: selectTerms, failure: selectFailure },
  {
    editing: { step: 'editing', terms: null, failure: null },
    previewing: {
      step: 'previewing',
      terms: { price: 95, amount: 20, total: 1_900, fee: 57, proceeds: 1_843 },
    },
    submitting: { step: 'submitting', terms: expect.objectContaining({ fee: 57 }) },
    listed: { step: 'listed', failure: null },
    failed: { step: 'failed', failure: someText },
  },
)
