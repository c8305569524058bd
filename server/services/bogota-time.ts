/**
 * Calendar arithmetic in the game's time zone, America/Bogota: days and weeks (Monday to Sunday,
 * the spec's weekday helper numbers Monday 0) as the player lives them, on the game's clock
 * (contract/bogota-clock.ts, which the browser's dates read too).
 */
import { bogotaParts } from '../../contract/bogota-clock'

/** The instant at which the Bogota wall-clock time `parts` happens. */
function instantOf(year: number, month: number, day: number): Date {
  // Guess the instant as if Bogota were UTC, then correct by the zone's offset at that instant.
  const guess = Date.UTC(year, month - 1, day)
  const seen = bogotaParts(new Date(guess))
  const seenAsUtc = Date.UTC(
    seen.year,
    seen.month - 1,
    seen.day,
    seen.hour,
    seen.minute,
    seen.second,
  )
  return new Date(guess - (seenAsUtc - guess))
}

const pad = (value: number) => String(value).padStart(2, '0')

/** `2026-11-23`: the Bogota calendar day an instant falls on (daily limits count these). */
export function bogotaDay(instant: Date): string {
  const { year, month, day } = bogotaParts(instant)
  return `${year}-${pad(month)}-${pad(day)}`
}

/** Monday 0 to Sunday 6, in Bogota. */
export function bogotaWeekday(instant: Date): number {
  return bogotaParts(instant).weekday
}

/** The instant the Bogota day of `instant` began (00:00 in Bogota). */
export function startOfBogotaDay(instant: Date): Date {
  const { year, month, day } = bogotaParts(instant)
  return instantOf(year, month, day)
}

/**
 * The week last asked for, in epoch milliseconds. Almost every call falls in the current week
 * (the profile, every ledger credit of gems), and working a week out reads the zone's calendar
 * four times, about 20 µs; the answer for an instant never changes, so keeping one is safe.
 */
let lastWeek = { start: 0, end: 0 }

/** The Bogota week `instant` falls in: Monday 00:00 to the next Monday 00:00, in Bogota. */
export function bogotaWeekOf(instant: Date): { start: Date; end: Date } {
  const at = instant.getTime()
  if (at < lastWeek.start || at >= lastWeek.end) {
    const { year, month, day, weekday } = bogotaParts(instant)
    lastWeek = {
      start: instantOf(year, month, day - weekday).getTime(),
      end: instantOf(year, month, day - weekday + 7).getTime(),
    }
  }
  return { start: new Date(lastWeek.start), end: new Date(lastWeek.end) }
}

/** The instant the Bogota week of `instant` began (Monday 00:00 in Bogota). */
export function startOfBogotaWeek(instant: Date): Date {
  return bogotaWeekOf(instant).start
}

/** `2026-11-23`: the Monday that starts the Bogota week of an instant (weekly jobs key on it). */
export function bogotaWeek(instant: Date): string {
  return bogotaDay(startOfBogotaWeek(instant))
}
