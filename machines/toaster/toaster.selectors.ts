import type { SnapshotFrom } from 'xstate'
import type { Toast, toasterMachine } from './toaster.machine'

export type ToasterSnapshot = SnapshotFrom<typeof toasterMachine>

/** The toasts to render, oldest first. */
export function selectToasts(snapshot: ToasterSnapshot): Toast[] {
  return snapshot.context.toasts
}
