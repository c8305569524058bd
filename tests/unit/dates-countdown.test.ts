import { describe, expect, it } from 'vitest'
import {
  DATE_FORMAT,
  formatDate,
  TIME_ZONE,
  weekdayIndex,
  weekdayName,
} from '../../src/domain/dates'
import {
  formatCountdownText,
  formatDhms,
  formatHms,
  formatMmSs,
  remainingMs,
  splitDuration,
} from '../../src/domain/countdown'

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

describe('dates in Bogota', () => {
  it('are formatted DD/MM/YYYY hh:mm A in America/Bogota', () => {
    expect(TIME_ZONE).toBe('America/Bogota')
    expect(DATE_FORMAT).toBe('DD/MM/YYYY hh:mm A')
    expect(formatDate('2026-11-22T20:05:00Z')).toBe('22/11/2026 03:05 PM')
    expect(formatDate('2026-01-01T04:30:00Z')).toBe('31/12/2025 11:30 PM')
  })

  it('stay five hours behind UTC all year, with no daylight saving', () => {
    expect(formatDate('2026-07-01T17:00:00Z')).toBe('01/07/2026 12:00 PM')
    expect(formatDate('2026-03-29T17:00:00Z')).toBe('29/03/2026 12:00 PM')
    expect(formatDate('2026-10-25T17:00:00Z')).toBe('25/10/2026 12:00 PM')
  })
})

describe('weekday', () => {
  it('counts Monday 0 through Sunday 6', () => {
    // 2026-11-16 is a Monday.
    const days = Array.from({ length: 7 }, (_, offset) =>
      weekdayIndex(`2026-11-${String(16 + offset).padStart(2, '0')}T17:00:00Z`),
    )
    expect(days).toEqual([0, 1, 2, 3, 4, 5, 6])
    expect(weekdayName('2026-11-22T17:00:00Z')).toBe('domingo')
  })

  it('follows the Bogota clock across midnight UTC', () => {
    // Monday 02:00 UTC is still Sunday 21:00 in Bogota.
    expect(weekdayIndex('2026-11-23T02:00:00Z')).toBe(6)
    // Monday 05:00 UTC is Monday 00:00 in Bogota.
    expect(weekdayIndex('2026-11-23T05:00:00Z')).toBe(0)
    expect(weekdayIndex('2026-11-23T04:59:59Z')).toBe(6)
  })
})

describe('countdowns', () => {
  const duration = 2 * DAY + 3 * HOUR + 4 * MINUTE + 5 * SECOND + 999

  it('split a duration into whole days, hours, minutes and seconds', () => {
    expect(splitDuration(duration)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5 })
  })

  it('format d:h:m:s, h:m:s and mm:ss', () => {
    expect(formatDhms(duration)).toBe('2:03:04:05')
    expect(formatHms(duration)).toBe('51:04:05')
    expect(formatHms(9 * MINUTE + 7 * SECOND)).toBe('00:09:07')
    expect(formatMmSs(4 * MINUTE + 5 * SECOND)).toBe('04:05')
    expect(formatMmSs(75 * MINUTE)).toBe('75:00')
  })

  it('are never negative', () => {
    expect(splitDuration(-5000)).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0 })
    expect(formatDhms(-1)).toBe('0:00:00:00')
    expect(formatHms(-DAY)).toBe('00:00:00')
    expect(formatMmSs(Number.NaN)).toBe('00:00')
    expect(formatCountdownText(-HOUR)).toBe('0 minutos')
    expect(remainingMs(1000, 5000)).toBe(0)
    expect(remainingMs(5000, 1000)).toBe(4000)
  })

  it('read as Spanish words in the largest whole unit, singular for one', () => {
    expect(formatCountdownText(3 * DAY + 5 * HOUR)).toBe('3 días')
    expect(formatCountdownText(DAY)).toBe('1 día')
    expect(formatCountdownText(5 * HOUR + 59 * MINUTE)).toBe('5 horas')
    expect(formatCountdownText(HOUR)).toBe('1 hora')
    expect(formatCountdownText(12 * MINUTE + 30 * SECOND)).toBe('12 minutos')
    expect(formatCountdownText(MINUTE)).toBe('1 minuto')
    expect(formatCountdownText(59 * SECOND)).toBe('0 minutos')
  })
})
