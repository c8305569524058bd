export type CopyStatus = 'idle' | 'copying' | 'copied' | 'failed'

export type CopyButtonProps = {
  status: CopyStatus
  onCopy: () => void
  /** Visible text of the button at rest. */
  label: string
  /** Accessible name at rest, when the visible text alone is not enough. */
  accessibleLabel?: string
  copiedLabel: string
  failedLabel: string
  /** Nothing to copy yet (the text is still loading). */
  disabled?: boolean
}

/** A copy button that tells, in place and to screen readers, whether the copy worked. */
export function CopyButton({
  status,
  onCopy,
  label,
  accessibleLabel,
  copiedLabel,
  failedLabel,
  disabled = false,
}: CopyButtonProps) {
  const feedback = status === 'copied' ? copiedLabel : status === 'failed' ? failedLabel : ''
  return (
    <span className="copy-button">
      <button
        type="button"
        className={`button button--gold copy-button__button copy-button__button--${status}`}
        aria-label={feedback ? undefined : accessibleLabel}
        disabled={disabled || status === 'copying'}
        onClick={onCopy}
      >
        <svg className="icon" viewBox="0 0 24 24" aria-hidden="true">
          {status === 'copied' ? (
            <path d="M4 12.5l5 5L20 6.5" />
          ) : (
            <>
              <rect x="8" y="8" width="12" height="12" rx="2" />
              <path d="M16 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v10a1 1 0 0 0 1 1h3" />
            </>
          )}
        </svg>
        <span>{feedback || label}</span>
      </button>
      <span className="visually-hidden" role="status">
        {feedback}
      </span>
    </span>
  )
}
