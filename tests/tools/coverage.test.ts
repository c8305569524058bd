import { describe, expect, it } from 'vitest'
import { createActor } from 'xstate'
import {
  coverageOf,
  formatCoverageTable,
  reachedByPaths,
  stateIdsOf,
} from '../../scripts/lib/coverage'
import { coverPaths, shortestPaths } from '../../scripts/lib/machine-graph'
import { rewardEntry } from './fixtures/reward.machine'
import { registered } from './support/registered'

describe('coverageOf', () => {
  it('counts what a run reached and names what it missed', () => {
    const coverage = coverageOf(rewardEntry, {
      transitions: new Set(['reward.pending::reward.claim::0']),
      states: new Set(['pending', 'claiming']),
    })
    expect(coverage.transitions).toMatchObject({ covered: 1, total: 5 })
    expect(coverage.transitions.missed.map((item) => item.label)).toEqual([
      'claiming --xstate.done.actor.claimReward--> claimed',
      'claiming --xstate.error.actor.claimReward--> pending',
      'claimed.banner.shown --xstate.after.bannerTime.reward.claimed.banner.shown--> claimed.banner.hidden',
      'claimed.sharing.idle --reward.share--> claimed.sharing.shared',
    ])
    expect(coverage.states).toMatchObject({ covered: 2, total: 9 })
    // REQ-REWARD-1 is cited by a state the run visited; the others by transitions it missed.
    expect(coverage.requirements).toMatchObject({
      covered: 1,
      total: 3,
      missed: [
        { id: 'REQ-REWARD-2', label: '' },
        { id: 'REQ-REWARD-3', label: '' },
      ],
    })
  })

  it('gives every transition, state and requirement to the cover paths', () => {
    const coverage = coverageOf(rewardEntry, reachedByPaths(rewardEntry, coverPaths(rewardEntry)))
    for (const kind of ['transitions', 'states', 'requirements'] as const) {
      expect(coverage[kind].covered).toBe(coverage[kind].total)
      expect(coverage[kind].missed).toEqual([])
    }
  })

  it('labels requirements with their text from docs/requirements.md', () => {
    const session = registered('session')
    const coverage = coverageOf(
      session,
      reachedByPaths(session, shortestPaths(session).slice(0, 2)),
    )
    expect(coverage.requirements.missed).toContainEqual({
      id: 'REQ-SESSION-7',
      label:
        "A 401 on any call outside the landing page ends the session with 'La sesión ha terminado'.",
    })
  })

  it('reads the active states of a running actor, compound states and regions included', () => {
    const actor = createActor(rewardEntry.machine)
    actor.start()
    expect(stateIdsOf(actor.getSnapshot())).toEqual(['pending'])
    actor.stop()
  })
})

describe('formatCoverageTable', () => {
  it('prints one aligned row per machine', () => {
    const full = coverageOf(rewardEntry, reachedByPaths(rewardEntry, coverPaths(rewardEntry)))
    const none = coverageOf(rewardEntry, { transitions: new Set(), states: new Set() })
    expect(
      formatCoverageTable([
        { machine: 'reward', coverage: full },
        { machine: 'reward-untested', coverage: none },
      ]),
    ).toBe(
      [
        'machine          transitions  states      requirements',
        'reward           5/5 (100%)   9/9 (100%)  3/3 (100%)',
        'reward-untested  0/5 (0%)     0/9 (0%)    0/3 (0%)',
      ].join('\n'),
    )
  })
})
