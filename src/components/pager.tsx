import type { Pagination } from '../../contract/pagination'
import { pager as copy } from '../copy/pager'
import './economy.css'

/**
 * Moves between the pages of a list, within the server's page count (totalPages, page): previous
 * and next, and where the player is. Hidden for a list of one page.
 */
export function Pager({
  pagination,
  label,
  onPage,
}: {
  pagination: Pagination | null
  /** What the list is, for the navigation's accessible name. */
  label: string
  onPage: (page: number) => void
}) {
  if (!pagination || pagination.totalPages <= 1) return null
  const { page, totalPages } = pagination
  return (
    <nav className="pager" aria-label={copy.label(label)}>
      <button
        type="button"
        className="button button--small"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
      >
        {copy.previous}
      </button>
      <span className="pager__where">{copy.where(page, totalPages)}</span>
      <button
        type="button"
        className="button button--small"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
      >
        {copy.next}
      </button>
    </nav>
  )
}
