import { describe, expect, it } from 'vitest'
import { describeMachine } from '../../scripts/lib/machine-model'
import { checkMoneyMarks } from '../../scripts/lib/money-check'
import type { ApiDocument } from '../../scripts/lib/money-check'
import { rewardMachine } from './fixtures/reward.machine'

const models = [describeMachine(rewardMachine)]

function documentWith(operation: ApiDocument['paths'][string][string]): ApiDocument {
  return {
    paths: { '/api/mission/claim': { post: operation } },
  }
}

describe('checkMoneyMarks', () => {
  it('accepts a mark whose endpoint declares the same movement', () => {
    const document = documentWith({ 'x-money': [{ currency: 'gems', direction: 'in' }] })
    expect(checkMoneyMarks(models, document)).toEqual([])
  })

  it('refuses a mark whose endpoint declares it moves no money', () => {
    expect(checkMoneyMarks(models, documentWith({}))).toEqual([
      'reward: claiming on claimReward answers marks money moved by POST /api/mission/claim, which declares it moves none',
    ])
  })

  it('refuses a mark on an endpoint the API does not have', () => {
    expect(checkMoneyMarks(models, { paths: {} })).toEqual([
      'reward: claiming on claimReward answers marks money moved by POST /api/mission/claim, which the API does not have',
    ])
  })

  it('refuses a mark the endpoint contradicts: another currency, direction or a movement left out', () => {
    const document = documentWith({
      'x-money': [
        { currency: 'gems', direction: 'out' },
        { currency: 'terydollars', direction: 'in' },
      ],
    })
    expect(checkMoneyMarks(models, document)).toEqual([
      'reward: claiming on claimReward answers marks +gems for POST /api/mission/claim, but the API declares +terydollars, −gems',
      'reward: no transition marks +terydollars, −gems for POST /api/mission/claim, which the API declares',
    ])
  })

  describe('an endpoint whose answers move different money', () => {
    const document = documentWith({
      'x-money': [
        { currency: 'gems', direction: 'in' },
        { currency: 'terycarbons', direction: 'in' },
      ],
    })
    const [model] = models
    const paid = model?.transitions.find((transition) => transition.money.length > 0)
    const mark = paid?.money[0]
    if (!model || !paid || !mark) throw new Error('the reward fixture has a paying transition')
    const marking = (...currencies: ('gems' | 'terycarbons')[]) => ({
      ...paid,
      source: `paid in ${currencies.join(' and ')}`,
      money: currencies.map((currency) => ({ ...mark, currency })),
    })
    const machineWith = (...transitions: (typeof paid)[]) => [{ ...model, transitions }]

    it('accepts each transition marking what its answer moves, all of it between them', () => {
      expect(
        checkMoneyMarks(machineWith(marking('gems'), marking('terycarbons')), document),
      ).toEqual([])
    })

    it('refuses a machine that never marks one of the movements', () => {
      expect(checkMoneyMarks(machineWith(marking('gems'), marking('gems')), document)).toEqual([
        'reward: no transition marks +terycarbons for POST /api/mission/claim, which the API declares',
      ])
    })
  })
})
