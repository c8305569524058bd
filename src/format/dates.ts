import { bogotaParts } from '../../contract/bogota-clock'

const pad = (value: number) => String(value).padStart(2, '0')

/** An instant as the spec writes dates, in Bogota: '23/11/2026 09:30 AM' (12 for midnight and noon). */
export function formatDateTime(iso: string): string {
  const { year, month, day, hour, minute } = bogotaParts(new Date(iso))
  const clock = `${pad(hour % 12 || 12)}:${pad(minute)} ${hour < 12 ? 'AM' : 'PM'}`
  return `${pad(day)}/${pad(month)}/${year} ${clock}`
}

/** A day as DD/MM/YYYY from its YYYY-MM-DD (a Bogota day already). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-')
  return `${date}/${month}/${year}`
}

/** The day of an instant, DD/MM/YYYY in Bogota. */
export function formatDate(iso: string): string {
  const { year, month, day } = bogotaParts(new Date(iso))
  return `${pad(day)}/${pad(month)}/${year}`
}

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
