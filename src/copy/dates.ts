import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
import timezone from 'dayjs/plugin/timezone'

dayjs.extend(utc)
dayjs.extend(timezone)

/** The game's time zone: every date a player reads is Bogota's. */
const GAME_TIME_ZONE = 'America/Bogota'

/** An instant as the spec writes dates, in Bogota: '23/11/2026 09:30 AM'. */
export function formatDateTime(iso: string): string {
  return dayjs(iso).tz(GAME_TIME_ZONE).format('DD/MM/YYYY hh:mm A')
}

/** A day as DD/MM/YYYY from its YYYY-MM-DD (a Bogota day already). */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-')
  return `${date}/${month}/${year}`
}
