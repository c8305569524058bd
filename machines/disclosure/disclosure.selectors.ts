import type { SnapshotFrom } from 'xstate'
import type { createDisclosureMachine } from './disclosure.machine'

type DisclosureSnapshot<TSubject> = SnapshotFrom<
  ReturnType<typeof createDisclosureMachine<TSubject>>
>

/** True while the dialog or panel is shown. */
export function selectIsOpen<TSubject>(snapshot: DisclosureSnapshot<TSubject>): boolean {
  return snapshot.matches('open')
}

/** What the open dialog is about; null when closed or when it needs no subject. */
export function selectSubject<TSubject>(snapshot: DisclosureSnapshot<TSubject>): TSubject | null {
  return snapshot.matches('open') ? snapshot.context.subject : null
}
