import { describe, expect, it } from 'vitest'
import { buyTerycarbonsMachine } from '../../machines/buy-terycarbons/buy-terycarbons.machine'
import { buyTerycarbonsEntry } from '../../machines/buy-terycarbons/buy-terycarbons.samples'
import {
  selectIsOpen,
  selectIsPaying,
  selectPurchaseError,
  selectPurchaseFieldErrors,
} from '../../machines/buy-terycarbons/buy-terycarbons.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

describe('buy-terycarbons machine', () => {
  it('buys the amount with the chosen currency and closes, telling the layout', async () => {
    const harness = new MachineHarness(buyTerycarbonsMachine)
    harness.send({ type: 'buy.open' })
    harness.send({ type: 'buy.submit', amount: 300, payWith: 'gems' })
    expect(harness.inputs.get('buyFuel')).toEqual({ amount: 300, payWith: 'gems' })
    const purchase = {
      terycarbons: 300,
      paid: { amount: 150, currency: 'gems' as const },
      balances: { terycarbons: 2800, gems: 190, voltaCharge: 120, terydollars: 25 },
    }
    await harness.resolve('buyFuel', purchase)
    expect(selectIsOpen(harness.snapshot)).toBe(false)
    expect(harness.emitted).toEqual([
      { type: 'balances.changed', balances: purchase.balances },
      { type: 'terycarbons.bought', purchase },
    ])
  })

  it('keeps the modal open with the server’s messages when the purchase is refused', async () => {
    const harness = new MachineHarness(buyTerycarbonsMachine)
    harness.send({ type: 'buy.open' })
    harness.send({ type: 'buy.submit', amount: 300, payWith: 'gems' })
    await harness.reject('buyFuel', {
      status: 400,
      message: 'La cantidad debe ser un múltiplo de 100, entre 100 y 100.000',
      network: false,
      data: { fields: { amount: 'La cantidad debe ser un múltiplo de 100, entre 100 y 100.000' } },
    })
    expect(selectIsOpen(harness.snapshot)).toBe(true)
    expect(selectPurchaseFieldErrors(harness.snapshot)).toEqual({
      amount: 'La cantidad debe ser un múltiplo de 100, entre 100 y 100.000',
    })
    harness.send({ type: 'buy.close' })
    harness.send({ type: 'buy.open' })
    expect(selectPurchaseError(harness.snapshot)).toBeNull()
    expect(selectPurchaseFieldErrors(harness.snapshot)).toEqual({})
  })
})

describeMachinePaths(
  buyTerycarbonsEntry,
  { open: selectIsOpen, paying: selectIsPaying, error: selectPurchaseError },
  {
    closed: { open: false, paying: false, error: null },
    editing: { open: true, paying: false },
    paying: { open: true, paying: true, error: null },
  },
)

void someText
