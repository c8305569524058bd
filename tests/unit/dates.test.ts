import { describe, expect, it } from 'vitest'
import {
  countdownClock,
  formatCountdown,
  formatDate,
  formatDateTime,
  formatDay,
  formatTimeLeft,
} from '../../src/format/dates'
import { formatMoney } from '../../contract/money-text'

describe('dates and countdowns', () => {
  it('writes instants as DD/MM/YYYY hh:mm A in Bogota, whatever the machine zone', () => {
    expect(formatDateTime('2026-11-30T01:00:00.000Z')).toBe('29/11/2026 08:00 PM')
    expect(formatDateTime('2026-11-23T14:05:00.000Z')).toBe('23/11/2026 09:05 AM')
    expect(formatDate('2026-11-24T04:59:59.000Z')).toBe('23/11/2026')
    // Midnight and noon are 12 on a twelve-hour clock, as the spec's AM/PM format reads them.
    expect(formatDateTime('2026-11-24T05:05:00.000Z')).toBe('24/11/2026 12:05 AM')
    expect(formatDateTime('2026-11-24T17:00:00.000Z')).toBe('24/11/2026 12:00 PM')
  })

  it('writes the same in a machine zone with daylight saving time (New York) or far from Bogota', () => {
    const zone = process.env.TZ
    try {
      for (const machineZone of ['America/New_York', 'Asia/Tokyo']) {
        process.env.TZ = machineZone
        // 02:30 on 8 March 2026 does not exist in New York (its clocks jump from 02:00 to 03:00).
        expect(formatDateTime('2026-03-08T07:30:00.000Z')).toBe('08/03/2026 02:30 AM')
        expect(formatDate('2026-11-24T04:59:59.000Z')).toBe('23/11/2026')
        expect(formatDay('2026-11-23')).toBe('23/11/2026')
        expect(formatCountdown(4 * 60_000 + 59_000)).toBe('04:59')
      }
    } finally {
      process.env.TZ = zone
    }
  })

  it('counts down in words and as a clock, never below zero', () => {
    const hour = 60 * 60 * 1000
    expect(formatTimeLeft(6 * 24 * hour + 4 * hour + 5000)).toBe('6 días y 4 horas')
    expect(formatTimeLeft(24 * hour)).toBe('1 día')
    expect(formatTimeLeft(hour + 60_000)).toBe('1 hora y 1 minuto')
    expect(formatTimeLeft(12 * 60_000 + 59_000)).toBe('12 minutos')
    expect(formatTimeLeft(-5000)).toBe('0 minutos')
    expect(countdownClock(5 * hour + 12 * 60_000 + 3000)).toBe('05:12:03')
    expect(countdownClock(2 * 24 * hour + 5 * hour)).toBe('2:05:00:00')
    expect(countdownClock(-1)).toBe('00:00:00')
    expect(formatCountdown(hour + 2 * 60_000 + 3000)).toBe('1:02:03')
    expect(formatCountdown(30 * hour + 5000)).toBe('30:00:05')
    // The last second shows as one, not as zero.
    expect(formatCountdown(500)).toBe('00:01')
    expect(formatCountdown(-3)).toBe('00:00')
  })

  it('writes amounts with their currency', () => {
    expect(formatMoney({ currency: 'gems', amount: 1200 })).toBe('1.200 gemas')
    expect(formatMoney({ currency: 'terycarbons', amount: 1 })).toBe('1 terycarbono')
    expect(formatMoney({ currency: 'terydollars', amount: 3 })).toBe('3 terydólares')
  })
})
