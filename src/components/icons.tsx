/**
 * Line icons drawn in this repo (no icon font, no remote assets); decorative, hidden from
 * assistive technology. The paths live in small sets (nav-icons, menu-icons, page-icons) so each
 * chunk carries only the icons it draws.
 */
export function Icon({ path, className = 'icon' }: { path: string; className?: string }) {
  return (
    <svg className={className} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={path} />
    </svg>
  )
}

type GemColors = { top: string; bottom: string; stroke: string }

/** The Tery gem, as drawn in the favicon; the logo is gold, the rewards gem teal. */
export function Gem({
  className,
  colors: { top, bottom, stroke },
}: {
  className: string
  colors: GemColors
}) {
  return (
    <svg className={className} viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path d="M20 15h24l11 12H9z" fill={top} />
      <path d="M9 27h46L32 55z" fill={bottom} />
      <path
        d="M20 15l6 12 6-12 6 12 6-12M9 27h46M26 27l6 28 6-28"
        fill="none"
        stroke={stroke}
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  )
}

const gold: GemColors = { top: '#ffd36b', bottom: '#f2b632', stroke: '#9a6a12' }

export function Logo() {
  return <Gem className="logo" colors={gold} />
}
