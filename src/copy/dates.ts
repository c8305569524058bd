import dayjs from 'dayjs'
import utc from 'dayjs/plugin/utc'
import timezone from 'dayjs/plugin/timezone'

dayjs.extend(utc)
dayjs.extend(timezone)

/** The game's time zone: every date a player reads is Bogota's. */
const GAME_TIME_ZONE = 'America/Bogota'

/** An instant as the spec writes dates: 'DD/MM/YYYY hh:mm A' in Bogota, e.g. '23/11/2026 03:45 PM'. */
export function formatDateTime(iso: string): string {
  return dayjs(iso).tz(GAME_TIME_ZONE).format('DD/MM/YYYY hh:mm A')
}
