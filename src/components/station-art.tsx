import type { ReactNode } from 'react'

/*
 * The nine stations of the mine drawn here, light SVG on a 64x64 grid, in the game's palette:
 * the mine's entrance, exploration, extraction, washing, leaching, foundry, research, stock and
 * the bank. Decorative: the tile beside each names it. A station that is off is greyed by CSS.
 */

const gold = '#f5bd3a'
const goldLight = '#ffd36b'
const teal = '#3dd6c6'
const tealDark = '#22b3a4'
const rock = '#2f6580'
const rockDark = '#143248'
const ink = '#07131f'

const drawings: Record<number, ReactNode> = {
  // Mina: a timbered entrance in the rock, a cart of ore.
  1: (
    <>
      <path d="M6 54 20 20l12-10 14 8 12 36z" fill={rock} />
      <path d="M22 54V36a10 10 0 0 1 20 0v18z" fill={ink} />
      <path d="M20 54V34h4v20M40 54V34h4v20M19 32h26v4H19z" fill={gold} />
      <path d="M25 48h14l-2 6H27z" fill={tealDark} />
      <circle cx="29" cy="46" r="2.5" fill={teal} />
      <circle cx="34" cy="45" r="3" fill={goldLight} />
    </>
  ),
  // Exploración: a magnifier over a ridge with a flag.
  2: (
    <>
      <path d="M4 54 22 30l10 10 8-8 20 22z" fill={rock} />
      <path d="M30 40V22l10 4-10 4" fill="none" stroke={gold} strokeWidth="2.5" />
      <circle cx="44" cy="22" r="11" fill="none" stroke={teal} strokeWidth="4" />
      <circle cx="44" cy="22" r="7" fill={teal} opacity=".25" />
      <path d="m36 30-8 8" stroke={goldLight} strokeWidth="5" strokeLinecap="round" />
    </>
  ),
  // Extracción: a drilling tower.
  3: (
    <>
      <path d="M8 56h48v-4H8z" fill={rock} />
      <path d="m22 52 10-42 10 42" fill="none" stroke={gold} strokeWidth="3" />
      <path d="M25 40h14M27 30h10M29 20h6" stroke={goldLight} strokeWidth="2" />
      <path d="M32 10v46" stroke={teal} strokeWidth="3" />
      <path d="M28 56h8l-4 6z" fill={teal} />
      <circle cx="32" cy="10" r="3" fill={goldLight} />
    </>
  ),
  // Lavado: a pan washing ore under falling water.
  4: (
    <>
      <path
        d="M14 8c0 6 4 8 4 12M28 6c0 6 4 8 4 12M42 8c0 6 4 8 4 12"
        fill="none"
        stroke={teal}
        strokeWidth="3"
        strokeLinecap="round"
      />
      <path d="M6 34h52c-2 12-12 18-26 18S8 46 6 34z" fill={rock} />
      <path d="M12 36h40c-3 8-10 11-20 11s-17-3-20-11z" fill={teal} opacity=".55" />
      <circle cx="26" cy="40" r="2.5" fill={goldLight} />
      <circle cx="34" cy="42" r="2" fill={gold} />
      <circle cx="40" cy="39" r="1.6" fill={goldLight} />
    </>
  ),
  // Lixiviación: a flask with bubbling solution.
  5: (
    <>
      <path
        d="M26 6h12v16l14 26c2 4-1 8-5 8H17c-4 0-7-4-5-8l14-26z"
        fill={rockDark}
        stroke={teal}
        strokeWidth="3"
        strokeLinejoin="round"
      />
      <path d="M19 40h26l5 9c1 2-1 4-3 4H17c-2 0-4-2-3-4z" fill={teal} />
      <circle cx="28" cy="32" r="2.5" fill={teal} />
      <circle cx="35" cy="26" r="2" fill={teal} />
      <path d="M24 6h16" stroke={gold} strokeWidth="3" strokeLinecap="round" />
    </>
  ),
  // Fundición: a crucible over the flame, pouring gold.
  6: (
    <>
      <path
        d="M20 56c-6-6-2-12 2-16 0 6 4 6 4 2 0-6 6-8 6-14 4 6 10 10 10 18 0 4-2 8-6 10z"
        fill={gold}
      />
      <path d="M26 56c-2-4 0-8 4-10 0 4 4 4 4 0 4 4 4 8 2 10z" fill={goldLight} />
      <path d="M10 14h36l-4 16H14z" fill={rock} stroke={rockDark} strokeWidth="2" />
      <path
        d="M46 18c6 0 8 6 8 12"
        fill="none"
        stroke={goldLight}
        strokeWidth="4"
        strokeLinecap="round"
      />
      <path d="M14 14h32v4H14z" fill={goldLight} />
    </>
  ),
  // Investigación: a microscope and an atom.
  7: (
    <>
      <path d="M12 54h32v-5H12zM20 49h16l-3-8H23z" fill={rock} />
      <path d="m24 41 8-26 6 2-8 26" fill={teal} />
      <path d="m30 13 3-7 6 2-3 7z" fill={gold} />
      <ellipse cx="48" cy="22" rx="12" ry="5" fill="none" stroke={goldLight} strokeWidth="2" />
      <ellipse
        cx="48"
        cy="22"
        rx="12"
        ry="5"
        fill="none"
        stroke={goldLight}
        strokeWidth="2"
        transform="rotate(60 48 22)"
      />
      <circle cx="48" cy="22" r="3" fill={gold} />
    </>
  ),
  // Almacén: a warehouse with crates of ore.
  8: (
    <>
      <path d="M6 26 32 10l26 16v30H6z" fill={rock} />
      <path d="M12 30h40v26H12z" fill={ink} />
      <path d="M16 42h14v14H16zM34 42h14v14H34zM25 30h14v12H25z" fill={gold} />
      <path
        d="M16 42l14 14M30 42 16 56M34 42l14 14M48 42 34 56M25 30l14 12M39 30 25 42"
        stroke="#9a6a12"
        strokeWidth="1.5"
      />
    </>
  ),
  // Banco: columns and a gem on the pediment.
  9: (
    <>
      <path d="M4 24 32 8l28 16z" fill={gold} />
      <path d="M8 24h48v4H8zM6 52h52v6H6z" fill={goldLight} />
      <path d="M12 30h6v20h-6zM24 30h6v20h-6zM36 30h6v20h-6zM48 30h6v20h-6z" fill={rock} />
      <path d="M27 15h10l3 4-8 6-8-6z" fill={teal} />
    </>
  ),
}

/** The picture of station 1 (Mina) to 9 (Banco). */
export function StationArt({ number, className }: { number: number; className?: string }) {
  return (
    <svg
      className={className ?? 'station-art'}
      viewBox="0 0 64 64"
      aria-hidden="true"
      focusable="false"
    >
      {drawings[number] ?? drawings[1]}
    </svg>
  )
}
