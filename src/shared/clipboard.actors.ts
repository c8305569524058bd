import { fromPromise } from 'xstate'
import type { clipboardCopyMachine } from '../../machines/clipboard-copy/clipboard-copy.machine'
import type { MachineActors } from '../../machines/shared/machine-entry'

/** The browser's clipboard, read (the signup code's paste button). */
export async function readClipboard(): Promise<string> {
  if (!navigator.clipboard?.readText) throw new Error('Clipboard reading is not available')
  return navigator.clipboard.readText()
}

async function writeClipboard(text: string): Promise<void> {
  if (navigator.clipboard?.writeText) {
    await navigator.clipboard.writeText(text)
    return
  }
  // Older browsers and plain-HTTP origins have no async clipboard: fall back to a hidden field.
  const field = document.createElement('textarea')
  field.value = text
  field.setAttribute('readonly', '')
  field.className = 'visually-hidden'
  document.body.append(field)
  field.select()
  const copied = document.execCommand('copy')
  field.remove()
  if (!copied) throw new Error('The browser refused to copy')
}

/** The clipboard-copy machine's I/O, for every copy button. */
export const clipboardCopyActors: MachineActors<typeof clipboardCopyMachine> = {
  writeClipboard: fromPromise(({ input }) => writeClipboard(input.text)),
}
