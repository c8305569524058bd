/**
 * Countdowns: a duration in milliseconds shown as text or a timer. Every helper treats a negative
 * (already past) or non-finite duration as zero, so a countdown never shows a negative value.
 */

const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

export type DurationParts = {
  days: number
  hours: number
  minutes: number
  seconds: number
}

/** Milliseconds from `now` until `target` (both epoch ms), never below zero. */
export function remainingMs(target: number, now: number): number {
  return nonNegative(target - now)
}

/** Whole days, hours (0-23), minutes (0-59) and seconds (0-59) in `ms`; zeros when past. */
export function splitDuration(ms: number): DurationParts {
  const total = nonNegative(ms)
  return {
    days: Math.floor(total / DAY),
    hours: Math.floor((total % DAY) / HOUR),
    minutes: Math.floor((total % HOUR) / MINUTE),
    seconds: Math.floor((total % MINUTE) / SECOND),
  }
}

/** Timer with days: '2:03:04:05' (days, then two-digit hours, minutes and seconds). */
export function formatDhms(ms: number): string {
  const { days, hours, minutes, seconds } = splitDuration(ms)
  return `${days}:${pad(hours)}:${pad(minutes)}:${pad(seconds)}`
}

/** Timer in hours: '51:04:05' (total hours, at least two digits, then minutes and seconds). */
export function formatHms(ms: number): string {
  const total = nonNegative(ms)
  const hours = Math.floor(total / HOUR)
  const { minutes, seconds } = splitDuration(total)
  return `${pad(hours)}:${pad(minutes)}:${pad(seconds)}`
}

/** Short timer: '04:05' (total minutes, at least two digits, then seconds), for video waits. */
export function formatMmSs(ms: number): string {
  const total = nonNegative(ms)
  const minutes = Math.floor(total / MINUTE)
  const { seconds } = splitDuration(total)
  return `${pad(minutes)}:${pad(seconds)}`
}

/**
 * Time left as Spanish words, in its largest whole unit: '3 días', '1 día', '5 horas',
 * '1 hora', '12 minutos', '1 minuto'. Under a minute, and when past, it reads '0 minutos'.
 */
export function formatCountdownText(ms: number): string {
  const { days, hours, minutes } = splitDuration(ms)
  if (days > 0) return plural(days, 'día', 'días')
  if (hours > 0) return plural(hours, 'hora', 'horas')
  return plural(minutes, 'minuto', 'minutos')
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`
}

function nonNegative(ms: number): number {
  return Number.isFinite(ms) && ms > 0 ? ms : 0
}

function pad(value: number): string {
  return String(value).padStart(2, '0')
}
