import { describe, expect, it } from 'vitest'
import type { BatteryQuote } from '../../contract/battery'
import { batteryOperationMachine } from '../../machines/battery-operation/battery-operation.machine'
import { batteryOperationEntry } from '../../machines/battery-operation/battery-operation.samples'
import {
  selectCanConfirm,
  selectIsBusy,
  selectOperation,
  selectProblem,
  selectQuote,
  selectStep,
} from '../../machines/battery-operation/battery-operation.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

const quote: BatteryQuote = {
  operation: 'melt',
  amount: 2,
  spend: null,
  receive: { currency: 'terydollars', amount: 14 },
  batteries: { before: 5, after: 3 },
  gemsPerDay: { before: 40, after: 24 },
  shortfall: null,
}
const result = {
  battery: { batteries: 3, gemsPerDay: 24, claimableGems: 0, collectedGems: 0, boostActive: false },
  terycarbonBattery: { price: 5_000, paid: 0, remaining: 5_000, active: false, completedAt: null },
  balances: { terycarbons: 0, gems: 0, voltaCharge: 0, terydollars: 14 },
}

describe('battery-operation machine', () => {
  it('previews, waits for the confirmation, then makes the operation and reports the balances', async () => {
    const harness = new MachineHarness(batteryOperationMachine)
    harness.send({ type: 'operation.start', operation: 'melt', amount: 2 })
    expect(harness.inputs.get('quoteOperation')).toEqual({ operation: 'melt', amount: 2 })
    await harness.resolve('quoteOperation', quote)
    expect(selectStep(harness.snapshot)).toBe('confirming')
    expect(selectQuote(harness.snapshot)?.receive).toEqual({ currency: 'terydollars', amount: 14 })
    expect(harness.isWaiting('runOperation')).toBe(false)
    harness.send({ type: 'operation.confirm' })
    expect(harness.inputs.get('runOperation')).toEqual({ operation: 'melt', amount: 2 })
    await harness.resolve('runOperation', result)
    expect(selectStep(harness.snapshot)).toBe('done')
    expect(harness.emitted).toEqual([
      { type: 'balances.changed', balances: result.balances },
      { type: 'battery.changed' },
    ])
  })

  it('asks for no amount to collect', () => {
    const harness = new MachineHarness(batteryOperationMachine)
    harness.send({ type: 'operation.start', operation: 'collect', amount: 0 })
    expect(harness.inputs.get('quoteOperation')).toEqual({ operation: 'collect' })
  })

  it('offers no confirmation when the preview says it would be refused', async () => {
    const harness = new MachineHarness(batteryOperationMachine)
    harness.send({ type: 'operation.start', operation: 'buy', amount: 9 })
    await harness.resolve('quoteOperation', {
      ...quote,
      shortfall: 'No tienes suficientes terydólares',
    })
    expect(selectProblem(harness.snapshot)).toBe('No tienes suficientes terydólares')
    expect(selectCanConfirm(harness.snapshot)).toBe(false)
    harness.send({ type: 'operation.confirm' })
    expect(harness.isWaiting('runOperation')).toBe(false)
  })

  it('retries a refused operation from a fresh preview', async () => {
    const harness = new MachineHarness(batteryOperationMachine)
    harness.send({ type: 'operation.start', operation: 'burn', amount: 4 })
    await harness.resolve('quoteOperation', { ...quote, operation: 'burn' })
    harness.send({ type: 'operation.confirm' })
    await harness.reject('runOperation', {
      status: 400,
      message: 'No tienes suficientes terydólares',
      network: false,
    })
    expect(selectProblem(harness.snapshot)).toBe('No tienes suficientes terydólares')
    harness.send({ type: 'operation.retry' })
    expect(harness.isWaiting('quoteOperation')).toBe(true)
    expect(selectOperation(harness.snapshot)).toBe('burn')
  })
})

describeMachinePaths(
  batteryOperationEntry,
  {
    step: selectStep,
    operation: selectOperation,
    quote: selectQuote,
    problem: selectProblem,
    canConfirm: selectCanConfirm,
    busy: selectIsBusy,
  },
  {
    idle: { step: 'idle', operation: null, quote: null, problem: null, busy: false },
    quoting: { step: 'quoting', busy: true, canConfirm: false },
    blocked: { step: 'blocked', problem: someText, canConfirm: false },
    confirming: {
      step: 'confirming',
      quote: expect.objectContaining({ shortfall: null }),
      canConfirm: true,
    },
    submitting: { step: 'submitting', busy: true },
    done: { step: 'done', problem: null, busy: false },
    failed: { step: 'failed', problem: someText, busy: false },
  },
)
