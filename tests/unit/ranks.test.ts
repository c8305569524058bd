import { describe, expect, it } from 'vitest'
import {
  isRankIndex,
  RANK_COUNT,
  RANK_NAMES,
  rankLevel,
  rankName,
  rankPercent,
  rankTier,
} from '../../src/domain/ranks'
import { rankBadgeAlt, rankBadgeUrl } from '../../src/domain/rank-badges'

describe('ranks', () => {
  it('are twelve, from Bronce I to Platino III', () => {
    expect(RANK_COUNT).toBe(12)
    expect(RANK_NAMES[0]).toBe('Bronce I')
    expect(RANK_NAMES[3]).toBe('Plata I')
    expect(RANK_NAMES[6]).toBe('Oro I')
    expect(RANK_NAMES[11]).toBe('Platino III')
    expect(rankName(5)).toBe('Plata III')
  })

  it('pay 4% at index 0 rising one point per rank to 15% at index 11', () => {
    expect(Array.from({ length: 12 }, (_, index) => rankPercent(index))).toEqual([
      4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
    ])
  })

  it('reject indices outside 0..11', () => {
    for (const index of [-1, 12, 1.5, Number.NaN]) {
      expect(isRankIndex(index)).toBe(false)
      expect(() => rankPercent(index)).toThrow(RangeError)
      expect(() => rankName(index)).toThrow(RangeError)
      expect(() => rankBadgeUrl(index)).toThrow(RangeError)
    }
  })

  it('group in threes by metal and level', () => {
    expect([0, 2, 3, 5, 6, 8, 9, 11].map(rankTier)).toEqual([
      'bronze',
      'bronze',
      'silver',
      'silver',
      'gold',
      'gold',
      'platinum',
      'platinum',
    ])
    expect([0, 1, 2, 9, 10, 11].map(rankLevel)).toEqual([1, 2, 3, 1, 2, 3])
  })

  it('each have their own SVG badge', () => {
    const urls = Array.from({ length: 12 }, (_, index) => rankBadgeUrl(index))
    expect(new Set(urls).size).toBe(12)
    for (const url of urls) expect(url).toMatch(/\.svg($|\?)/)
    expect(urls[0]).toContain('bronce-1')
    expect(urls[11]).toContain('platino-3')
    expect(rankBadgeAlt(7)).toBe('Insignia Oro II')
  })
})
