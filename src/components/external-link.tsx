import type { ReactNode } from 'react'
import { layout } from '../copy/common'

export type ExternalLinkProps = {
  href: string
  className: string
  /** What the link says, icons included. */
  children: ReactNode
  /** Drawn after the screen-reader notice, such as the "external" arrow of a menu item. */
  after?: ReactNode
  onClick?: () => void
}

/**
 * A link that opens another site in a new tab, without giving it a handle on this window, and
 * tells screen-reader users it opens a new tab.
 */
export function ExternalLink({ href, className, children, after, onClick }: ExternalLinkProps) {
  return (
    <a
      className={className}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      onClick={onClick}
    >
      {children} <span className="visually-hidden">{layout.opensInNewTab}</span>
      {after}
    </a>
  )
}
