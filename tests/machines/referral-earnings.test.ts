import { describe, expect, it } from 'vitest'
import { referralEarningsMachine } from '../../machines/referral-earnings/referral-earnings.machine'
import { referralEarningsEntry } from '../../machines/referral-earnings/referral-earnings.samples'
import { selectRewardStatus } from '../../machines/shared/pending-reward.selectors'
import { describeMachinePaths } from './support/describe-machine'
import { MachineHarness } from './support/replay'
import { pendingRewardMeanings, pendingRewardSelectors } from './volta-charge.test'

describe('referral earnings machine', () => {
  it('shows nothing to claim when no referral completed a mission', async () => {
    const harness = new MachineHarness(referralEarningsMachine)
    await harness.resolve('loadReward', { amount: 0, entries: [] })
    expect(selectRewardStatus(harness.snapshot)).toBe('empty')
    harness.send({ type: 'reward.claim' })
    expect(harness.isWaiting('claimReward')).toBe(false)
  })
})

describeMachinePaths(referralEarningsEntry, pendingRewardSelectors, pendingRewardMeanings)
