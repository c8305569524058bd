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

/** The Tery gem, drawn like the favicon. */
export function Logo() {
  return (
    <svg className="logo" viewBox="0 0 64 64" aria-hidden="true" focusable="false">
      <path d="M20 15h24l11 12H9z" fill="#ffd36b" />
      <path d="M9 27h46L32 55z" fill="#f2b632" />
      <path
        d="M20 15l6 12 6-12 6 12 6-12M9 27h46M26 27l6 28 6-28"
        fill="none"
        stroke="#9a6a12"
        strokeWidth="1.6"
        strokeLinejoin="round"
      />
    </svg>
  )
}
