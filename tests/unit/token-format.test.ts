import { describe, expect, it } from 'vitest'
import { RANDOM_TOKEN_LENGTH, randomToken } from '../../src/domain/token'
import { formatAmount, formatInteger, formatPercent } from '../../src/copy/format'

describe('randomToken', () => {
  it('is 64 URL-safe characters by default', () => {
    expect(RANDOM_TOKEN_LENGTH).toBe(64)
    expect(randomToken()).toMatch(/^[A-Za-z0-9_-]{64}$/)
  })

  it('takes another length', () => {
    expect(randomToken(16)).toHaveLength(16)
  })

  it('differs every time', () => {
    const tokens = new Set(Array.from({ length: 100 }, () => randomToken()))
    expect(tokens.size).toBe(100)
  })

  it('refuses a length that is not a positive integer', () => {
    expect(() => randomToken(0)).toThrow(RangeError)
    expect(() => randomToken(2.5)).toThrow(RangeError)
  })
})

describe('es-CO number formats', () => {
  it('group thousands with dots', () => {
    expect(formatInteger(1234)).toBe('1.234')
    expect(formatInteger(1234567)).toBe('1.234.567')
    expect(formatInteger(12)).toBe('12')
    expect(formatInteger(1234.6)).toBe('1.235')
  })

  it('write amounts with a decimal comma and no trailing zeros', () => {
    expect(formatAmount(1234.5)).toBe('1.234,5')
    expect(formatAmount(0.125, 3)).toBe('0,125')
    expect(formatAmount(10)).toBe('10')
  })

  it('write percents given in points', () => {
    expect(formatPercent(15)).toMatch(/^15\s?%$/)
    expect(formatPercent(4)).toMatch(/^4\s?%$/)
  })
})
