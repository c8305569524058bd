import { useEffect, useId, useRef, type CSSProperties, type ReactNode } from 'react'
import { createPortal } from 'react-dom'
import { useFocusRecovery } from '../app/use-focus-recovery'
import { dialog as copy } from '../copy/common'

/** Open modals, so the page behind stops scrolling while at least one is shown. */
let openCount = 0

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])'

export type ModalProps = {
  open: boolean
  title: string
  children: ReactNode
  /** Called on Escape, on a backdrop click and on the close button. Without it the modal can't be dismissed. */
  onClose?: () => void
  footer?: ReactNode
  /** Maximum width in CSS pixels. */
  width?: number
  /** Extra class on the dialog box, for variants. */
  className?: string
  describedBy?: string
}

/**
 * An accessible modal dialog: role=dialog, aria-modal, labelled by its title, focus kept inside
 * while open and given back to the element that opened it when it closes.
 */
export function Modal({ open, ...box }: ModalProps) {
  if (!open) return null
  return createPortal(<ModalBox {...box} />, document.body)
}

function ModalBox({
  title,
  children,
  onClose,
  footer,
  width,
  className,
  describedBy,
}: Omit<ModalProps, 'open'>) {
  const titleId = useId()
  // The box takes the focus back when the button that had it goes (CONFIRMAR while the call runs).
  const { ref: boxRef, ...keepFocus } = useFocusRecovery<HTMLDivElement>()
  // Read through a ref so a parent re-render with a new callback doesn't re-run the focus effect.
  const onCloseRef = useRef(onClose)
  useEffect(() => {
    onCloseRef.current = onClose
  })

  useEffect(() => {
    const box = boxRef.current
    if (!box) return
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const first = box.querySelector<HTMLElement>(FOCUSABLE)
    ;(first ?? box).focus()
    openCount += 1
    document.body.classList.add('has-modal')

    function onKeyDown(event: KeyboardEvent) {
      if (!box) return
      if (event.key === 'Escape' && onCloseRef.current) {
        event.stopPropagation()
        onCloseRef.current()
        return
      }
      if (event.key !== 'Tab') return
      const items = Array.from(box.querySelectorAll<HTMLElement>(FOCUSABLE))
      const firstItem = items[0]
      const lastItem = items[items.length - 1]
      if (!firstItem || !lastItem) {
        event.preventDefault()
        return
      }
      const active = document.activeElement
      if (event.shiftKey && (active === firstItem || !box.contains(active))) {
        event.preventDefault()
        lastItem.focus()
      } else if (!event.shiftKey && (active === lastItem || !box.contains(active))) {
        event.preventDefault()
        firstItem.focus()
      }
    }
    document.addEventListener('keydown', onKeyDown)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      openCount -= 1
      if (openCount === 0) document.body.classList.remove('has-modal')
      // The opener may be gone with what the modal did (the offer just bought): the page's
      // content takes the focus, where the skip link also leads.
      if (opener?.isConnected) opener.focus()
      else document.getElementById('main')?.focus()
    }
  }, [boxRef])

  const style = width ? ({ '--modal-width': `${width}px` } as CSSProperties) : undefined

  return (
    <div
      className="modal-backdrop"
      data-testid="modal-backdrop"
      onMouseDown={(event) => {
        // Only a press that starts on the backdrop itself closes: a text selection that ends
        // outside the box must not.
        if (event.target === event.currentTarget) onClose?.()
      }}
    >
      <div
        ref={boxRef}
        className={className ? `modal ${className}` : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        style={style}
        {...keepFocus}
      >
        {/* Not <header>/<footer>: outside a sectioning element they would be a second banner and
            contentinfo landmark beside the page's own. */}
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {onClose ? (
            <button
              type="button"
              className="modal__close"
              aria-label={copy.close}
              onClick={onClose}
            >
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        <div className="modal__body">{children}</div>
        {footer ? <div className="modal__footer">{footer}</div> : null}
      </div>
    </div>
  )
}
