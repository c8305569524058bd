import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import { rankRewardMachine } from '../../machines/rank-reward/rank-reward.machine'
import { rankRewardEntry } from '../../machines/rank-reward/rank-reward.samples'
import {
  selectReward,
  selectRewardError,
  selectRewardStatus,
} from '../../machines/rank-reward/rank-reward.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

/** Bronce I reached and unclaimed, as the server answers a player who `played` or not. */
const bronceOneReached = (played: boolean) => ({
  rankIndex: 0,
  name: 'Bronce I',
  gems: 10,
  reached: true,
  claimed: false,
  played,
})

describe('rank-reward machine', () => {
  it('checks the rank it was given', () => {
    const actor = createActor(rankRewardMachine, { input: { rankIndex: 4 } })
    expect(actor.getSnapshot().context.rankIndex).toBe(4)
  })

  it('claims a reached rank once and tells the page and the layout', async () => {
    const harness = new MachineHarness(rankRewardMachine)
    await harness.resolve('loadReward', bronceOneReached(true))
    expect(selectRewardStatus(harness.snapshot)).toBe('claimable')
    harness.send({ type: 'reward.claim' })
    expect(harness.inputs.get('claimReward')).toEqual({ rankIndex: 0 })
    const claim = {
      rankIndex: 0,
      name: 'Bronce I',
      gems: 10,
      reached: true,
      claimed: true,
      played: true,
      rank: { index: 0, name: 'Bronce I', percent: 4 },
      payoutId: '3',
      balances: { terycarbons: 100, gems: 10, voltaCharge: 0, terydollars: 0 },
    }
    await harness.resolve('claimReward', claim)
    expect(selectRewardStatus(harness.snapshot)).toBe('claimed')
    expect(harness.emitted).toEqual([
      { type: 'balances.changed', balances: claim.balances },
      { type: 'reward.claimed', claim },
    ])
  })

  it('offers no claim to a player who never played, whatever rank is reached', async () => {
    const harness = new MachineHarness(rankRewardMachine)
    await harness.resolve('loadReward', bronceOneReached(false))
    expect(selectRewardStatus(harness.snapshot)).toBe('needsPlay')
    harness.send({ type: 'reward.claim' })
    expect(harness.inputs.has('claimReward')).toBe(false)
    expect(selectRewardStatus(harness.snapshot)).toBe('needsPlay')
  })
})

describeMachinePaths(
  rankRewardEntry,
  { status: selectRewardStatus, reward: selectReward, error: selectRewardError },
  {
    checking: { status: 'checking', reward: null },
    failed: { status: 'failed', error: someText },
    notReached: { status: 'notReached', reward: expect.objectContaining({ reached: false }) },
    needsPlay: {
      status: 'needsPlay',
      reward: expect.objectContaining({ reached: true, played: false }),
    },
    claimable: {
      status: 'claimable',
      reward: expect.objectContaining({ reached: true, played: true }),
    },
    claiming: { status: 'claiming', error: null },
    claimed: { status: 'claimed', reward: expect.objectContaining({ claimed: true }) },
  },
)
