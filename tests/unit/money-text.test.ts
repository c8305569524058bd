import { describe, expect, it } from 'vitest'
import { describeReward } from '../../contract/missions'
import { formatCount, formatInteger, formatMoney } from '../../contract/money-text'

describe('amounts with their currency', () => {
  it.each([
    ['terycarbons', 1, '1 terycarbono'],
    ['terycarbons', 2, '2 terycarbonos'],
    ['terycarbons', 0, '0 terycarbonos'],
    ['gems', 1, '1 gema'],
    ['gems', 1500, '1.500 gemas'],
    ['terydollars', 1, '1 terydólar'],
    ['terydollars', 150, '150 terydólares'],
    ['voltaCharge', 1, '1 de carga volta'],
    ['voltaCharge', 5, '5 de carga volta'],
  ] as const)('writes %s %d as "%s"', (currency, amount, text) => {
    expect(formatMoney({ currency, amount })).toBe(text)
  })

  it('groups thousands the es-CO way, four digits included', () => {
    expect(formatInteger(1234)).toBe('1.234')
    expect(formatInteger(1234567)).toBe('1.234.567')
  })

  it('writes a reward kind of the spec as its currency', () => {
    expect(describeReward({ kind: 'GEMS', amount: 1 })).toBe('1 gema')
    expect(describeReward({ kind: 'TERYCARBONS', amount: 1250 })).toBe('1.250 terycarbonos')
    expect(describeReward({ kind: 'VOLTA_CHARGE', amount: 5 })).toBe('5 de carga volta')
  })

  it('makes any count agree with its noun', () => {
    expect(formatCount(1, 'misión', 'misiones')).toBe('1 misión')
    expect(formatCount(3, 'misión', 'misiones')).toBe('3 misiones')
  })
})
