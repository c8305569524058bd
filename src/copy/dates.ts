import dayjs from 'dayjs'
import timezone from 'dayjs/plugin/timezone'
import utc from 'dayjs/plugin/utc'

dayjs.extend(utc)
dayjs.extend(timezone)

/** The game's time zone: every date a player reads is Bogota's. */
const ZONE = 'America/Bogota'

/** An instant as the spec writes dates: DD/MM/YYYY hh:mm A, in Bogota. */
export function formatDateTime(iso: string): string {
  return dayjs(iso).tz(ZONE).format('DD/MM/YYYY hh:mm A')
}
