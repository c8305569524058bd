import dayjs from 'dayjs'
import type { ConfigType, Dayjs } from 'dayjs'
import utc from 'dayjs/plugin/utc'
import timezone from 'dayjs/plugin/timezone'
import 'dayjs/locale/es'

dayjs.extend(utc)
dayjs.extend(timezone)

/** Every date and countdown of the game is told in Colombian time (UTC-5, no daylight saving). */
export const TIME_ZONE = 'America/Bogota'

/** How dates are shown: 22/11/2026 03:05 PM. */
export const DATE_FORMAT = 'DD/MM/YYYY hh:mm A'

/** `date` (ISO string, epoch ms, Date or Dayjs) as seen on a clock in Bogota, in Spanish. */
export function inBogota(date: ConfigType): Dayjs {
  return dayjs(date).tz(TIME_ZONE).locale('es')
}

/** `date` formatted DD/MM/YYYY hh:mm A in Bogota time. */
export function formatDate(date: ConfigType): string {
  return inBogota(date).format(DATE_FORMAT)
}

/** Day of the week in Bogota: Monday 0 through Sunday 6. */
export function weekdayIndex(date: ConfigType): number {
  // dayjs counts Sunday as 0; shifting by six makes Monday 0 and Sunday 6.
  return (inBogota(date).day() + 6) % 7
}

/** Spanish weekday names, Monday (0) first, as weekdayIndex numbers them. */
export const WEEKDAY_NAMES = [
  'lunes',
  'martes',
  'miércoles',
  'jueves',
  'viernes',
  'sábado',
  'domingo',
] as const

/** Spanish name of the weekday of `date` in Bogota. */
export function weekdayName(date: ConfigType): (typeof WEEKDAY_NAMES)[number] {
  return WEEKDAY_NAMES[weekdayIndex(date)] as (typeof WEEKDAY_NAMES)[number]
}
