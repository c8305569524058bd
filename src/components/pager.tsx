import type { Pagination } from '../../machines/resource/resource.machine'

export type PagerCopy = {
  label: string
  previous: string
  next: string
  status: (page: number, totalPages: number, totalDocs: number) => string
}

/**
 * Moves through a paged list within the server's page count (totalPages, totalDocs, limt, page):
 * nothing shows for a list of one page.
 */
export function Pager({
  pagination,
  onGo,
  copy,
}: {
  pagination: Pagination | null
  onGo: (page: number) => void
  copy: PagerCopy
}) {
  if (!pagination || pagination.totalPages <= 1) return null
  const { page, totalPages, totalDocs } = pagination
  return (
    <nav className="pager" aria-label={copy.label}>
      <button
        type="button"
        className="button button--small"
        disabled={page <= 1}
        onClick={() => onGo(page - 1)}
      >
        {copy.previous}
      </button>
      <p className="pager__status" aria-live="polite">
        {copy.status(page, totalPages, totalDocs)}
      </p>
      <button
        type="button"
        className="button button--small"
        disabled={page >= totalPages}
        onClick={() => onGo(page + 1)}
      >
        {copy.next}
      </button>
    </nav>
  )
}
