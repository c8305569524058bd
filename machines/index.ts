import type { MachineEntry } from './shared/machine-entry'
import { clipboardCopyEntry } from './clipboard-copy/clipboard-copy.samples'
import { drawVerificationEntry } from './draw-verification/draw-verification.samples'
import { loadingBarEntry } from './loading-bar/loading-bar.samples'
import { lotteryEntryEntry } from './lottery-entry/lottery-entry.samples'
import { musicCallbackEntry } from './music-callback/music-callback.samples'
import { musicLinkEntry } from './music-link/music-link.samples'
import { resourceEntry } from './resource/resource.samples'
import { sessionEntry } from './session/session.samples'
import { signupEntry } from './signup/signup.samples'
import { toasterEntry } from './toaster/toaster.samples'
import { tickerEntry } from './ticker/ticker.samples'
import { trainingEntry } from './training/training.samples'
import { uiEntry } from './ui/ui.samples'

/**
 * The registry every tool reads (docs, paths CLI, path tests, atlas): one entry per machine,
 * defined next to the machine in `<name>.samples.ts`. Adding a machine adds one line here.
 */
export const machines: readonly MachineEntry[] = [
  sessionEntry,
  uiEntry,
  signupEntry,
  resourceEntry,
  loadingBarEntry,
  toasterEntry,
  clipboardCopyEntry,
  lotteryEntryEntry,
  drawVerificationEntry,
  musicLinkEntry,
  musicCallbackEntry,
  trainingEntry,
  tickerEntry,
]
