import type { ReactNode } from 'react'
import { useTimeLeft } from '../shared/use-time-left'
import { formatCountdown } from '../format/dates'

/**
 * A countdown's words, on the page's clock: the time from now until `until`, as `children`
 * writes it. Before the clock's first reading it counts from `fallbackMs`, the server's own
 * figure. Mount it only while the countdown shows: its ticker runs as long as it is mounted.
 */
export function TimeLeft({
  until,
  fallbackMs,
  children,
}: {
  until: string | null
  fallbackMs: number
  children: (time: string) => ReactNode
}) {
  return children(formatCountdown(useTimeLeft(until) ?? fallbackMs))
}
