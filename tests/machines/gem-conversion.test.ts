import { describe, expect, it } from 'vitest'
import type { MarketOverview } from '../../contract/market'
import { gemConversionMachine } from '../../machines/gem-conversion/gem-conversion.machine'
import { gemConversionEntry } from '../../machines/gem-conversion/gem-conversion.samples'
import {
  selectAmountError,
  selectCanClaim,
  selectFailure,
  selectIsBusy,
  selectNeedsWallet,
  selectPayout,
  selectQuote,
  selectStep,
} from '../../machines/gem-conversion/gem-conversion.selectors'
import { describeMachinePaths } from './support/describe-machine'
import { MachineHarness } from './support/replay'

const market: MarketOverview = {
  symbol: 'nequi',
  gems: 900,
  wallet: { method: 'nequi', address: '3001234567', updatedAt: '2026-11-20T10:00:00.000Z' },
  quote: { gems: 600, fee: 30, net: 570, valueCents: 570 },
  payouts: [],
}

describe('gem-conversion machine', () => {
  it('shows the fee before the claim, then claims the amount to the wallet', async () => {
    const harness = new MachineHarness(gemConversionMachine)
    harness.send({ type: 'conversion.review', symbol: 'nequi', amount: 600 })
    expect(harness.inputs.get('convert')).toEqual({ symbol: 'nequi', amount: 600 })
    await harness.resolve('convert', market)
    expect(selectQuote(harness.snapshot)).toEqual({ gems: 600, fee: 30, net: 570, valueCents: 570 })
    expect(harness.isWaiting('claim')).toBe(false)
    harness.send({ type: 'conversion.claim' })
    expect(harness.inputs.get('claim')).toEqual({ symbol: 'nequi', amount: 600 })
    const balances = { terycarbons: 0, gems: 300, voltaCharge: 0, terydollars: 0 }
    await harness.resolve('claim', {
      payout: {
        id: 1,
        symbol: 'nequi',
        gems: 600,
        fee: 30,
        valueCents: 570,
        address: '3001234567',
        state: 'pending',
        reason: null,
        createdAt: '2026-11-23T15:00:00.000Z',
        processedAt: null,
      },
      balances,
    })
    expect(selectPayout(harness.snapshot)?.state).toBe('pending')
    expect(harness.emitted).toEqual([
      { type: 'balances.changed', balances },
      { type: 'payouts.changed' },
    ])
  })

  it('asks for a wallet first when the method has none, and claims nothing', async () => {
    const harness = new MachineHarness(gemConversionMachine)
    harness.send({ type: 'conversion.review', symbol: 'btc', amount: 600 })
    await harness.resolve('convert', { ...market, wallet: null })
    expect(selectNeedsWallet(harness.snapshot)).toBe(true)
    expect(selectCanClaim(harness.snapshot)).toBe(false)
    harness.send({ type: 'conversion.claim' })
    expect(harness.isWaiting('claim')).toBe(false)
  })

  it('puts the server’s message under the amount when it is out of bounds', async () => {
    const harness = new MachineHarness(gemConversionMachine)
    harness.send({ type: 'conversion.review', symbol: 'btc', amount: 100 })
    await harness.reject('convert', {
      status: 400,
      message: 'El mínimo es 500',
      network: false,
      data: { fields: { amount: 'El mínimo es 500' } },
    })
    expect(selectStep(harness.snapshot)).toBe('editing')
    expect(selectAmountError(harness.snapshot)).toBe('El mínimo es 500')
  })

  it('shows no message of a refused claim once the player edits the amount', async () => {
    const harness = new MachineHarness(gemConversionMachine)
    harness.send({ type: 'conversion.review', symbol: 'nequi', amount: 600 })
    await harness.resolve('convert', market)
    harness.send({ type: 'conversion.claim' })
    await harness.reject('claim', {
      status: 400,
      message: 'El máximo es 500',
      network: false,
      data: { fields: { amount: 'El máximo es 500' } },
    })
    expect(selectFailure(harness.snapshot)).toBe('El máximo es 500')
    harness.send({ type: 'conversion.edit' })
    expect(selectStep(harness.snapshot)).toBe('editing')
    expect(selectFailure(harness.snapshot)).toBeNull()
    expect(selectAmountError(harness.snapshot)).toBeNull()
  })
})

describeMachinePaths(
  gemConversionEntry,
  {
    step: selectStep,
    quote: selectQuote,
    canClaim: selectCanClaim,
    needsWallet: selectNeedsWallet,
    payout: selectPayout,
    failure: selectFailure,
    busy: selectIsBusy,
  },
  {
    editing: { step: 'editing', quote: null, payout: null, busy: false },
    converting: { step: 'converting', busy: true, canClaim: false },
    claimable: { step: 'claimable', quote: expect.objectContaining({ fee: 50 }), busy: false },
    claiming: { step: 'claiming', busy: true, failure: null },
    claimed: {
      step: 'claimed',
      payout: expect.objectContaining({ state: 'pending' }),
      busy: false,
    },
  },
)
