import { describe, expect, it } from 'vitest'
import { createActor, fromPromise, waitFor } from 'xstate'
import type { PayoutDetail } from '../../contract/mining'
import { payoutExplanationMachine } from '../../machines/payout-explanation/payout-explanation.machine'
import { payoutExplanationEntry } from '../../machines/payout-explanation/payout-explanation.samples'
import {
  selectExplainedPayout,
  selectExplanationError,
  selectIsExplanationLoading,
  selectIsExplanationOpen,
} from '../../machines/payout-explanation/payout-explanation.selectors'
import { describeMachinePaths, someText } from './support/describe-machine'
import { MachineHarness } from './support/replay'

const bonus: PayoutDetail = {
  id: '21',
  kind: 'team.bonus',
  currency: 'gems',
  amount: 4,
  createdAt: '2026-11-24T00:00:00.000Z',
  cause: { day: '2026-11-23', teamEarned: 200, rankPercent: 2, pool: 4 },
}

describe('payout-explanation machine', () => {
  it('reads the payout the player opened, and nothing stale after a failure and a retry', async () => {
    const harness = new MachineHarness(payoutExplanationMachine)
    expect(selectIsExplanationOpen(harness.snapshot)).toBe(false)
    harness.send({ type: 'payout.open', id: '21' })
    expect(harness.inputs.get('loadPayout')).toEqual({ id: '21' })
    expect(selectIsExplanationLoading(harness.snapshot)).toBe(true)
    await harness.reject('loadPayout', { status: 500, message: 'Falló', network: false })
    expect(selectExplanationError(harness.snapshot)).toBe('Falló')
    expect(selectExplainedPayout(harness.snapshot)).toBeNull()
    harness.send({ type: 'payout.retry' })
    expect(harness.inputs.get('loadPayout')).toEqual({ id: '21' })
    expect(selectExplanationError(harness.snapshot)).toBeNull()
    await harness.resolve('loadPayout', bonus)
    expect(selectExplainedPayout(harness.snapshot)).toEqual(bonus)
    harness.send({ type: 'payout.close' })
    expect(selectIsExplanationOpen(harness.snapshot)).toBe(false)
    expect(selectExplainedPayout(harness.snapshot)).toBeNull()
  })

  it('opening another payout while one loads reads that one, and the first answer is dropped', async () => {
    const answers = new Map<string, (payout: PayoutDetail) => void>()
    const actor = createActor(
      payoutExplanationMachine.provide({
        actors: {
          loadPayout: fromPromise<PayoutDetail, { id: string }>(
            ({ input }) => new Promise((resolve) => answers.set(input.id, resolve)),
          ),
        },
      }),
    ).start()
    actor.send({ type: 'payout.open', id: '20' })
    actor.send({ type: 'payout.open', id: '21' })
    expect([...answers.keys()]).toEqual(['20', '21'])
    answers.get('20')?.({ ...bonus, id: '20' })
    answers.get('21')?.(bonus)
    const shown = await waitFor(actor, (snapshot) => selectExplainedPayout(snapshot) !== null)
    expect(selectExplainedPayout(shown)?.id).toBe('21')
    expect(shown.context.payoutId).toBe('21')
    actor.stop()
  })
})

describeMachinePaths(
  payoutExplanationEntry,
  {
    open: selectIsExplanationOpen,
    loading: selectIsExplanationLoading,
    payout: selectExplainedPayout,
    error: selectExplanationError,
  },
  {
    closed: { open: false, loading: false, payout: null, error: null },
    'open.loading': { open: true, loading: true, payout: null, error: null },
    'open.shown': {
      open: true,
      loading: false,
      payout: expect.objectContaining({ cause: expect.any(Object) }),
      error: null,
    },
    'open.failed': { open: true, loading: false, payout: null, error: someText },
  },
)
