import { describe, expect, it } from 'vitest'
import { earlierToday } from '../../server/db/seed/missions'
import { bogotaDay } from '../../server/services/bogota-time'

/** The minutes before the seed's clock at which the demo player's day of play happens. */
const DAY_OF_PLAY = [180, 60, 45, 40, 30, 20]

describe("the demo seed's day of play", () => {
  it.each([
    ['00:05', '2026-11-24T05:05:00Z'],
    ['01:30', '2026-11-24T06:30:00Z'],
    ['02:59', '2026-11-24T07:59:00Z'],
    ['15:00', '2026-11-24T20:00:00Z'],
  ])('is today in Bogota and in order when seeded at %s', (_hour, iso) => {
    const now = new Date(iso)
    const moments = DAY_OF_PLAY.map((minutes) => earlierToday(now, minutes))
    expect(moments.map(bogotaDay)).toEqual(DAY_OF_PLAY.map(() => bogotaDay(now)))
    const times = moments.map((moment) => moment.getTime())
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(new Set(times).size).toBe(times.length)
    // Each is checked a minute later, still before the seed's clock.
    for (const time of times) expect(time + 60_000).toBeLessThanOrEqual(now.getTime())
  })

  it('keeps its real distances when the day is long enough', () => {
    const now = new Date('2026-11-24T20:00:00Z')
    expect(earlierToday(now, 180)).toEqual(new Date('2026-11-24T17:00:00Z'))
  })
})
