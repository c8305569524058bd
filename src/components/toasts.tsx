import { toasts as copy } from '../copy/common'

export type ToastPlacement = 'top-right' | 'bottom-right'

export type ToastItem = { id: number; message: string; placement?: ToastPlacement }

const PLACEMENTS: readonly ToastPlacement[] = ['top-right', 'bottom-right']

/**
 * Toasts in one polite live region, so screen readers announce each message once and nothing
 * steals focus. Each placement is a fixed stack inside that region.
 */
export function Toasts({
  toasts,
  onDismiss,
}: {
  toasts: readonly ToastItem[]
  onDismiss: (id: ToastItem['id']) => void
}) {
  return (
    <div className="toasts" role="region" aria-label={copy.region} aria-live="polite">
      {PLACEMENTS.map((placement) => {
        const items = toasts.filter((toast) => (toast.placement ?? 'bottom-right') === placement)
        if (items.length === 0) return null
        return (
          <div key={placement} className={`toasts__stack toasts__stack--${placement}`}>
            {items.map((toast) => (
              <div key={toast.id} className="toast">
                <p className="toast__message">{toast.message}</p>
                <button
                  type="button"
                  className="toast__close"
                  aria-label={copy.dismiss}
                  onClick={() => onDismiss(toast.id)}
                >
                  <span aria-hidden="true">×</span>
                </button>
              </div>
            ))}
          </div>
        )
      })}
    </div>
  )
}
