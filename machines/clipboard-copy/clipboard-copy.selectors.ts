import type { SnapshotFrom } from 'xstate'
import type { clipboardCopyMachine } from './clipboard-copy.machine'

export type ClipboardCopySnapshot = SnapshotFrom<typeof clipboardCopyMachine>

export type CopyStatus = 'idle' | 'copying' | 'copied' | 'failed'

/** What the copy button shows: waiting, copying, copied or failed. */
export function selectCopyStatus(snapshot: ClipboardCopySnapshot): CopyStatus {
  if (snapshot.matches('copying')) return 'copying'
  if (snapshot.matches('copied')) return 'copied'
  if (snapshot.matches('failed')) return 'failed'
  return 'idle'
}
