/**
 * The game's clock: every day, week and date a player lives or reads is America/Bogota's, on the
 * server (days, weeks, daily limits) and in the browser (the dates it writes), whatever zone either
 * runs in. Colombia keeps no daylight saving time, but the zone comes from the runtime's time zone
 * database rather than a fixed offset.
 */
export const GAME_TIME_ZONE = 'America/Bogota'

/** An instant's calendar and wall clock in Bogota (24-hour clock). */
export type BogotaParts = {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
  /** Monday 0 to Sunday 6 (the spec's weekday helper). */
  weekday: number
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']

let format: Intl.DateTimeFormat | undefined

/**
 * The one formatter, made on first use and kept: the first Intl object a page makes loads ICU's
 * data (15 to 20 ms in Chromium on this machine), and a formatter made per call, as a time zone's
 * `toLocaleString` does, cost about 200 µs a date against about 5 for a kept one.
 */
function bogotaFormat(): Intl.DateTimeFormat {
  format ??= new Intl.DateTimeFormat('en-CA', {
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
  return format
}

/** Makes the formatter ahead of its first use (a player's page, while its calls are under way). */
export function prepareBogotaClock(): void {
  bogotaFormat()
}

export function bogotaParts(instant: Date): BogotaParts {
  const found: Record<string, string> = {}
  for (const part of bogotaFormat().formatToParts(instant)) found[part.type] = part.value
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
