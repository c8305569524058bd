import type { ReactNode } from 'react'
import { Modal } from './modal'

export type AlertDialogProps = {
  open: boolean
  title: string
  children: ReactNode
  onClose: () => void
  footer?: ReactNode
  /** Width in CSS pixels; the spec's default is 480. */
  width?: number
}

/** A message dialog that closes on its close button, on Escape or on a click on its backdrop. */
export function AlertDialog({
  open,
  title,
  children,
  onClose,
  footer,
  width = 480,
}: AlertDialogProps) {
  return (
    <Modal
      open={open}
      title={title}
      onClose={onClose}
      footer={footer}
      width={width}
      className="modal--alert"
    >
      {children}
    </Modal>
  )
}
