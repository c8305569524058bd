/**
 * `npx tsx scripts/bench-dates.ts`: what a date costs the browser to write, in µs, beside its floor
 * and the way decision 020 removed, alternated in one run (the machine is shared: compare ratios).
 *
 * - parts: `bogotaParts` alone, the one kept Intl formatter: what any Bogota date must pay;
 * - formatDateTime: this tree's `formatDateTime` (src/format/dates.ts): dayjs formatting those
 *   parts; run it in a checkout of the previous tree for its hand-written formatter;
 * - tz: dayjs's timezone plugin, `dayjs(iso).tz('America/Bogota').format(...)`, as before 020.
 */
import { loadavg } from 'node:os'
import dayjs from 'dayjs/esm'
import timezone from 'dayjs/esm/plugin/timezone'
import utc from 'dayjs/esm/plugin/utc'
import { bogotaParts } from '../contract/bogota-clock'
import { formatDateTime } from '../src/format/dates'

dayjs.extend(utc)
dayjs.extend(timezone)

const DATES = 2000
const ROUNDS = 15
const start = Date.parse('2026-11-01T00:00:00.000Z')
const isos = Array.from({ length: DATES }, (_, i) => new Date(start + i * 7_919_000).toISOString())

const withTz = (iso: string) => dayjs(iso).tz('America/Bogota').format('DD/MM/YYYY hh:mm A')
const candidates = [
  { name: 'parts', write: (iso: string) => bogotaParts(new Date(iso)), us: [] as number[] },
  { name: 'formatDateTime', write: formatDateTime, us: [] as number[] },
  { name: 'tz', write: withTz, us: [] as number[] },
]

// The same text from both ways of writing it, or the figures compare different work.
for (const iso of isos.slice(0, 50)) {
  const tz = withTz(iso)
  if (formatDateTime(iso) !== tz) throw new Error(`${iso}: ${formatDateTime(iso)} ≠ ${tz}`)
}

for (let round = 0; round < ROUNDS; round++) {
  for (const candidate of candidates) {
    const began = process.hrtime.bigint()
    for (const iso of isos) candidate.write(iso)
    candidate.us.push(Number(process.hrtime.bigint() - began) / 1000 / DATES)
  }
}

const median = (values: number[]) =>
  [...values].sort((a, b) => a - b)[values.length >> 1] ?? Number.NaN
const floor = median(candidates[0]?.us ?? [])
console.info(
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(' ')}; median of ${ROUNDS} rounds of ${DATES} dates`,
)
for (const { name, us: values } of candidates) {
  const us = median(values)
  console.info(
    `${name.padEnd(14)} ${us.toFixed(2).padStart(8)} µs a date  ×${(us / floor).toFixed(1)} of parts`,
  )
}
