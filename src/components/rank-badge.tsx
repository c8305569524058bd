import { useId } from 'react'

/** The four metals of the twelve ranks, three ranks each: light, dark and the outline. */
const metals = [
  { light: '#e09a5a', dark: '#a0622d', line: '#6b3f17' }, // Bronce
  { light: '#eef1f4', dark: '#b5bcc4', line: '#6c7580' }, // Plata
  { light: '#ffe27a', dark: '#d4a72c', line: '#8a6410' }, // Oro
  { light: '#e6fbff', dark: '#8fd3e0', line: '#3f8795' }, // Platino
] as const

/**
 * A rank's badge, drawn here: a shield in the rank's metal with one to three chevrons (Bronce I
 * to Platino III, index 0 to 11). Named by `label` when it is the picture a player reads (the
 * profile's rank image); decorative otherwise.
 */
export function RankBadge({
  index,
  label,
  className = 'rank-badge',
}: {
  index: number
  label?: string
  className?: string
}) {
  const gradient = useId()
  const metal = metals[Math.min(3, Math.max(0, Math.floor(index / 3)))] ?? metals[0]
  const chevrons = (index % 3) + 1
  const rows = Array.from({ length: chevrons }, (_, row) => 28 + row * 9 + (3 - chevrons) * 4.5)
  return (
    <svg
      className={className}
      viewBox="0 0 64 64"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
      focusable="false"
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={metal.light} />
          <stop offset="1" stopColor={metal.dark} />
        </linearGradient>
      </defs>
      <path
        d="M32 3l24 8v19c0 15-10 25-24 31C18 55 8 45 8 30V11z"
        fill={`url(#${gradient})`}
        stroke={metal.line}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path
        d="M32 10l17 6v14c0 11-7 18-17 23-10-5-17-12-17-23V16z"
        fill="none"
        stroke={metal.light}
        strokeWidth="1.5"
        opacity=".8"
      />
      {rows.map((y) => (
        <path
          key={y}
          d={`M20 ${y}l12-7 12 7`}
          fill="none"
          stroke={metal.line}
          strokeWidth="4"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      ))}
    </svg>
  )
}
