// The ES module build: the CommonJS one would pull rolldown's interop runtime into the chunk.
import dayjs, { type Dayjs } from 'dayjs/esm'
import utc from 'dayjs/esm/plugin/utc'
import { bogotaParts } from '../../contract/bogota-clock'
import { formatCount } from '../../contract/money-text'

dayjs.extend(utc)

/**
 * An instant as a dayjs date showing Bogota's calendar and wall clock. The game clock's one kept
 * formatter reads them (`bogotaParts`) and dayjs holds them as UTC fields, which it formats
 * without any zone lookup of its own: the timezone plugin's `tz()` built a formatter per call,
 * 40 times the cost (decision 020).
 */
export function inBogota(iso: string): Dayjs {
  const { year, month, day, hour, minute, second } = bogotaParts(new Date(iso))
  return dayjs.utc(Date.UTC(year, month - 1, day, hour, minute, second))
}

/** An instant as the spec writes dates, in Bogota: '23/11/2026 09:30 AM' (12 for midnight and noon). */
export function formatDateTime(iso: string): string {
  return inBogota(iso).format('DD/MM/YYYY hh:mm A')
}

/** A day as DD/MM/YYYY from its YYYY-MM-DD (a Bogota day already). */
export function formatDay(day: string): string {
  return dayjs.utc(day).format('DD/MM/YYYY')
}

/** The day of an instant, DD/MM/YYYY in Bogota. */
export function formatDate(iso: string): string {
  return inBogota(iso).format('DD/MM/YYYY')
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
  }
}

/**
 * Time left in Spanish words, the two largest units, never negative: '6 días y 4 horas',
 * '1 día', '1 hora y 1 minuto', '12 minutos'.
 */
export function formatTimeLeft(ms: number): string {
  const { days, hours, minutes } = parts(ms)
  if (days > 0) {
    return hours > 0
      ? `${formatCount(days, 'día', 'días')} y ${formatCount(hours, 'hora', 'horas')}`
      : formatCount(days, 'día', 'días')
  }
  if (hours > 0) {
    return minutes > 0
      ? `${formatCount(hours, 'hora', 'horas')} y ${formatCount(minutes, 'minuto', 'minutos')}`
      : formatCount(hours, 'hora', 'horas')
  }
  return formatCount(minutes, 'minuto', 'minutos')
}

/**
 * A countdown as the spec writes it, never negative: 'mm:ss' under an hour ('04:59'), 'h:mm:ss'
 * from there ('1:02:03'). Seconds round up, so the last second shows '00:01', not '00:00'.
 */
export function formatCountdown(ms: number): string {
  const whole = Math.max(0, Math.ceil(ms / SECOND)) * SECOND
  const hours = Math.floor(whole / HOUR)
  const clock = dayjs.utc(whole).format('mm:ss')
  return hours > 0 ? `${hours}:${clock}` : clock
}

/** A countdown as h:m:s ('05:12:03'), with the days first when there are any ('2:05:12:03'). */
export function countdownClock(ms: number): string {
  const left = Math.max(0, Math.floor(ms))
  const days = Math.floor(left / DAY)
  const clock = dayjs.utc(left % DAY).format('HH:mm:ss')
  return days > 0 ? `${days}:${clock}` : clock
}
