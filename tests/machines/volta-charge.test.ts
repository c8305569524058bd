import { describe, expect, it } from 'vitest'
import { voltaChargeMachine } from '../../machines/volta-charge/volta-charge.machine'
import { voltaChargeEntry } from '../../machines/volta-charge/volta-charge.samples'
import {
  selectClaimed,
  selectReward,
  selectRewardError,
  selectRewardStatus,
} from '../../machines/shared/pending-reward.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

export const pendingRewardMeanings = {
  loading: { status: 'loading', error: null },
  loadFailed: { status: 'failed', error: someText },
  empty: { status: 'empty', claimed: null },
  ready: { status: 'ready', claimed: null, error: null },
  claiming: { status: 'claiming' },
  claimFailed: { status: 'failed', error: someText },
  claimed: { status: 'claimed', claimed: expect.any(Number) },
} as const

export const pendingRewardSelectors = {
  status: selectRewardStatus,
  claimed: selectClaimed,
  error: selectRewardError,
}

describe('volta charge machine', () => {
  it('claims the whole charge at once and tells the layout the new balance', async () => {
    const harness = new MachineHarness(voltaChargeMachine)
    await harness.resolve('loadReward', { amount: 10, entries: [] })
    harness.send({ type: 'reward.claim' })
    const balances = { terycarbons: 0, gems: 0, voltaCharge: 10, terydollars: 0 }
    await harness.resolve('claimReward', { claimed: 10, balances })
    expect(selectClaimed(harness.snapshot)).toBe(10)
    expect(selectReward(harness.snapshot)?.amount).toBe(0)
    expect(harness.emitted).toEqual([{ type: 'balances.changed', balances }])
  })
})

describeMachinePaths(voltaChargeEntry, pendingRewardSelectors, pendingRewardMeanings)
