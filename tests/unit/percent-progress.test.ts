import { describe, expect, it } from 'vitest'
import { clamp, percent } from '../../src/domain/percent'
import { progressBase, progressExtra, progressTotal } from '../../src/domain/progress'

describe('percent', () => {
  it('rounds value over total to a whole percent', () => {
    expect(percent(1, 3)).toBe(33)
    expect(percent(2, 3)).toBe(67)
    expect(percent(1, 8)).toBe(13)
    expect(percent(0, 10)).toBe(0)
  })

  it('never goes above 100', () => {
    expect(percent(10, 10)).toBe(100)
    expect(percent(25, 10)).toBe(100)
  })

  it('fails when the total is not above zero', () => {
    expect(() => percent(1, 0)).toThrow(RangeError)
    expect(() => percent(1, -5)).toThrow(RangeError)
    expect(() => percent(1, Number.NaN)).toThrow(RangeError)
  })
})

describe('clamp', () => {
  it('keeps a value inside its bounds', () => {
    expect(clamp(5, 0, 10)).toBe(5)
    expect(clamp(-1, 0, 10)).toBe(0)
    expect(clamp(11, 0, 10)).toBe(10)
  })

  it('returns the bounds themselves at the edges', () => {
    expect(clamp(0, 0, 10)).toBe(0)
    expect(clamp(10, 0, 10)).toBe(10)
    expect(clamp(7, 3, 3)).toBe(3)
  })

  it('refuses a minimum above the maximum', () => {
    expect(() => clamp(1, 10, 0)).toThrow(RangeError)
  })
})

describe('progress helpers', () => {
  it('make the percent fill 80% of the bar', () => {
    expect(progressBase(0)).toBe(0)
    expect(progressBase(50)).toBe(40)
    expect(progressBase(100)).toBe(80)
    expect(progressBase(140)).toBe(80)
    expect(progressBase(-10)).toBe(0)
  })

  it('give extra only beyond 60, at most 20', () => {
    expect(progressExtra(40)).toBe(0)
    expect(progressExtra(60)).toBe(0)
    expect(progressExtra(65)).toBe(5)
    expect(progressExtra(80)).toBe(20)
    expect(progressExtra(500)).toBe(20)
  })

  it('together never fill more than the whole bar', () => {
    expect(progressTotal(100, 100)).toBe(100)
    expect(progressTotal(50, 70)).toBe(50)
  })
})
