import { describe, expect, it } from 'vitest'
import { machines } from '../../machines/index'
import { describeMachine, requirementsOf } from '../../scripts/lib/machine-model'
import {
  parseRequirements,
  projectRequirements,
  uncitedRequirements,
  unknownRequirementProblems,
} from '../../scripts/lib/requirements'
import { rewardMachine } from './fixtures/reward.machine'

const catalogue = `# Requirements

## Rewards

| Id           | Requirement                    | Spec        |
| ------------ | ------------------------------ | ----------- |
| REQ-REWARD-1 | A reward waits to be claimed.  | §4 States   |
| REQ-REWARD-2 | Claiming pays gems \\| once.    | §7 Missions |

## Later

| Id           | Requirement          | Spec     |
| ------------ | -------------------- | -------- |
| REQ-REWARD-9 | Nobody serves this.  | §9 Later |
`

describe('requirements', () => {
  it('reads every row of the tables with its area', () => {
    expect(parseRequirements(catalogue)).toEqual([
      {
        id: 'REQ-REWARD-1',
        text: 'A reward waits to be claimed.',
        spec: '§4 States',
        area: 'Rewards',
      },
      {
        id: 'REQ-REWARD-2',
        text: 'Claiming pays gems | once.',
        spec: '§7 Missions',
        area: 'Rewards',
      },
      { id: 'REQ-REWARD-9', text: 'Nobody serves this.', spec: '§9 Later', area: 'Later' },
    ])
  })

  it('refuses an id listed twice', () => {
    expect(() => parseRequirements(`${catalogue}| REQ-REWARD-1 | Again. | §1 |\n`)).toThrow(
      'docs/requirements.md lists REQ-REWARD-1 twice',
    )
  })

  it('names the ids a machine cites that the file does not list, and the ones nobody cites', () => {
    const models = [describeMachine(rewardMachine)]
    const listed = parseRequirements(catalogue)
    expect(unknownRequirementProblems(models, listed)).toEqual([
      'reward: claimed.sharing.idle on reward.share cites REQ-REWARD-3, which docs/requirements.md does not list',
    ])
    expect(uncitedRequirements(models, listed).map((requirement) => requirement.id)).toEqual([
      'REQ-REWARD-9',
    ])
  })

  it("lists every requirement the project's machines cite", () => {
    const models = machines.map((entry) => describeMachine(entry.machine))
    expect(unknownRequirementProblems(models, projectRequirements())).toEqual([])
    expect(models.every((model) => requirementsOf(model).length > 0)).toBe(true)
  })
})
