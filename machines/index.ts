import type { MachineEntry } from './shared/machine-entry'
import { clipboardCopyEntry } from './clipboard-copy/clipboard-copy.samples'
import { loadingBarEntry } from './loading-bar/loading-bar.samples'
import { resourceEntry } from './resource/resource.samples'
import { sessionEntry } from './session/session.samples'
import { signupEntry } from './signup/signup.samples'
import { toasterEntry } from './toaster/toaster.samples'
import { uiEntry } from './ui/ui.samples'
import { stationEntry } from './station/station.samples'
import { mineEntry } from './mine/mine.samples'
import { miningModeEntry } from './mining-mode/mining-mode.samples'
import { buyTerycarbonsEntry } from './buy-terycarbons/buy-terycarbons.samples'
import { welcomeMessagesEntry } from './welcome-messages/welcome-messages.samples'
import { reactivationEntry } from './reactivation/reactivation.samples'
import { rankRewardEntry } from './rank-reward/rank-reward.samples'
import { profileSettingsEntry } from './profile-settings/profile-settings.samples'

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
  stationEntry,
  mineEntry,
  miningModeEntry,
  buyTerycarbonsEntry,
  welcomeMessagesEntry,
  reactivationEntry,
  rankRewardEntry,
  profileSettingsEntry,
]
