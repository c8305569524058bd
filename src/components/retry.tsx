import type { ReactNode } from 'react'
import { common } from '../copy/common'

/**
 * REINTENTAR: the one button that asks a machine to try a failed call again. `tone` is the
 * button's look where it stands beside others (a dialog's teal, a card's gold); `label` only
 * where the spec words the retry otherwise.
 */
export function RetryButton({
  onRetry,
  tone = 'small',
  label = common.retry,
}: {
  onRetry: () => void
  tone?: 'small' | 'gold' | 'teal'
  label?: string
}) {
  return (
    <button type="button" className={`button button--${tone}`} onClick={onRetry}>
      {label}
    </button>
  )
}

/**
 * A load that failed: what could not be loaded, the server's message and REINTENTAR, announced
 * as an alert. `className` where the panel stands in a card of its own.
 */
export function RetryPanel({
  title,
  error,
  onRetry,
  className = 'status-panel',
}: {
  title: ReactNode
  error: ReactNode
  onRetry: () => void
  className?: string
}) {
  return (
    <div className={className} role="alert">
      <p>{title}</p>
      <p className="muted">{error}</p>
      <RetryButton onRetry={onRetry} />
    </div>
  )
}
