/**
 * Calendar arithmetic in the game's time zone, America/Bogota: days and weeks (Monday to Sunday,
 * the spec's weekday helper numbers Monday 0) as the player lives them, whatever zone the server
 * runs in. Colombia keeps no daylight saving time, but the zone comes from the runtime's time zone
 * database rather than a fixed offset.
 */
export const GAME_TIME_ZONE = 'America/Bogota'

const parts = new Intl.DateTimeFormat('en-CA', {
  timeZone: GAME_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  weekday: 'short',
})

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

type BogotaParts = {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
  /** Monday 0 to Sunday 6. */
  weekday: number
}

function bogotaParts(instant: Date): BogotaParts {
  const found: Record<string, string> = {}
  for (const part of parts.formatToParts(instant)) found[part.type] = part.value
  return {
    year: Number(found.year),
    month: Number(found.month),
    day: Number(found.day),
    hour: Number(found.hour),
    minute: Number(found.minute),
    second: Number(found.second),
    weekday: WEEKDAYS.indexOf(found.weekday ?? ''),
  }
}

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

/** The instant the Bogota week of `instant` began (Monday 00:00 in Bogota). */
export function startOfBogotaWeek(instant: Date): Date {
  const { year, month, day, weekday } = bogotaParts(instant)
  return instantOf(year, month, day - weekday)
}

/** `2026-11-23`: the Monday that starts the Bogota week of an instant (weekly jobs key on it). */
export function bogotaWeek(instant: Date): string {
  return bogotaDay(startOfBogotaWeek(instant))
}
