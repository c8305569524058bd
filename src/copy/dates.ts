/** The game's time zone: every date a player reads is Bogota's. */
const GAME_TIME_ZONE = 'America/Bogota'

let bogota: Intl.DateTimeFormat | undefined

/**
 * The one formatter of Bogota's calendar and clock. A formatter per call (what a time zone's
 * `toLocaleString` does) cost about 200 µs a date on this machine, four times that on a slow
 * phone, in the render of every list of dates; the shared one about 5. The zone comes from the
 * runtime's time zone database, not a fixed offset.
 */
function bogotaFormat(): Intl.DateTimeFormat {
  bogota ??= new Intl.DateTimeFormat('en-US', {
    timeZone: GAME_TIME_ZONE,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h12',
  })
  return bogota
}

/** Makes the formatter ahead of the first date a player's page shows (see `prepareNumberFormat`). */
export function prepareDateFormat(): void {
  bogotaFormat()
}

/** An instant's calendar and clock in Bogota. */
function bogotaParts(
  iso: string,
): Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'dayPeriod', string> {
  const found = { year: '', month: '', day: '', hour: '', minute: '', dayPeriod: '' }
  for (const { type, value } of bogotaFormat().formatToParts(new Date(iso))) {
    if (type in found) found[type as keyof typeof found] = value
  }
  return found
}

/** An instant as the spec writes dates, in Bogota: '23/11/2026 09:30 AM'. */
export function formatDateTime(iso: string): string {
  const { year, month, day, hour, minute, dayPeriod } = bogotaParts(iso)
  return `${day}/${month}/${year} ${hour}:${minute} ${dayPeriod}`
}

/** A day as DD/MM/YYYY from its YYYY-MM-DD (a Bogota day already). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-')
  return `${date}/${month}/${year}`
}

/** The day of an instant, DD/MM/YYYY in Bogota. */
export function formatDate(iso: string): string {
  const { year, month, day } = bogotaParts(iso)
  return `${day}/${month}/${year}`
}

/** The spec's weekday helper: Monday 0 through Sunday 6. */
export const WEEKDAYS = ['lunes', 'martes', 'miércoles', 'jueves', 'viernes', 'sábado', 'domingo']

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** The parts of a span of time, never negative. */
function parts(ms: number) {
  const left = Math.max(0, Math.floor(ms))
  return {
    days: Math.floor(left / DAY),
    hours: Math.floor((left % DAY) / HOUR),
    minutes: Math.floor((left % HOUR) / MINUTE),
    seconds: Math.floor((left % MINUTE) / SECOND),
  }
}

const pad = (value: number) => String(value).padStart(2, '0')

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`

/**
 * Time left in Spanish words, the two largest units, never negative: '6 días y 4 horas',
 * '1 día', '1 hora y 1 minuto', '12 minutos'.
 */
export function formatTimeLeft(ms: number): string {
  const { days, hours, minutes } = parts(ms)
  if (days > 0) {
    return hours > 0
      ? `${plural(days, 'día', 'días')} y ${plural(hours, 'hora', 'horas')}`
      : plural(days, 'día', 'días')
  }
  if (hours > 0) {
    return minutes > 0
      ? `${plural(hours, 'hora', 'horas')} y ${plural(minutes, 'minuto', 'minutos')}`
      : plural(hours, 'hora', 'horas')
  }
  return plural(minutes, 'minuto', 'minutos')
}

/**
 * A countdown as the spec writes it, never negative: 'mm:ss' under an hour ('04:59'), 'h:mm:ss'
 * from there ('1:02:03'). Seconds round up, so the last second shows '00:01', not '00:00'.
 */
export function formatCountdown(ms: number): string {
  const whole = Math.max(0, Math.ceil(ms / SECOND))
  const hours = Math.floor(whole / 3600)
  const minutes = Math.floor((whole % 3600) / 60)
  const rest = whole % 60
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${pad(minutes)}:${pad(rest)}`
}

/** A countdown as h:m:s ('05:12:03'), with the days first when there are any ('2:05:12:03'). */
export function countdownClock(ms: number): string {
  const { days, hours, minutes, seconds } = parts(ms)
  const clock = `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`
  return days > 0 ? `${days}:${clock}` : clock
}
