import type { MachineEntry } from './shared/machine-entry'
import { appUpdateEntry } from './app-update/app-update.samples'
import { batteryOperationEntry } from './battery-operation/battery-operation.samples'
import { appEntry } from './app/app.samples'
import { clipboardCopyEntry } from './clipboard-copy/clipboard-copy.samples'
import { couponEntry } from './coupon/coupon.samples'
import { disclosureEntry } from './disclosure/disclosure.samples'
import { gemConversionEntry } from './gem-conversion/gem-conversion.samples'
import { gemTransferEntry } from './gem-transfer/gem-transfer.samples'
import { liveEntry } from './live/live.samples'
import { loadingBarEntry } from './loading-bar/loading-bar.samples'
import { missionTileEntry } from './mission-tile/mission-tile.samples'
import { notificationsEntry } from './notifications/notifications.samples'
import { referralEarningsEntry } from './referral-earnings/referral-earnings.samples'
import { voltaChargeEntry } from './volta-charge/volta-charge.samples'
import { drawVerificationEntry } from './draw-verification/draw-verification.samples'
import { lotteryEntryEntry } from './lottery-entry/lottery-entry.samples'
import { musicCallbackEntry } from './music-callback/music-callback.samples'
import { musicLinkEntry } from './music-link/music-link.samples'
import { resourceEntry } from './resource/resource.samples'
import { sellOfferEntry } from './sell-offer/sell-offer.samples'
import { sessionEntry } from './session/session.samples'
import { signupEntry } from './signup/signup.samples'
import { socialAccountEntry } from './social-account/social-account.samples'
import { terydollarPurchaseEntry } from './terydollar-purchase/terydollar-purchase.samples'
import { toasterEntry } from './toaster/toaster.samples'
import { tradingOfferEntry } from './trading-offer/trading-offer.samples'
import { tickerEntry } from './ticker/ticker.samples'
import { trainingEntry } from './training/training.samples'
import { uiEntry } from './ui/ui.samples'
import { videoMissionEntry } from './video-mission/video-mission.samples'
import { walletEntry } from './wallet/wallet.samples'
import { stationEntry } from './station/station.samples'
import { mineEntry } from './mine/mine.samples'
import { payoutExplanationEntry } from './payout-explanation/payout-explanation.samples'
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
  appEntry,
  sessionEntry,
  uiEntry,
  signupEntry,
  resourceEntry,
  liveEntry,
  appUpdateEntry,
  loadingBarEntry,
  toasterEntry,
  clipboardCopyEntry,
  disclosureEntry,
  missionTileEntry,
  videoMissionEntry,
  socialAccountEntry,
  voltaChargeEntry,
  referralEarningsEntry,
  notificationsEntry,
  tradingOfferEntry,
  sellOfferEntry,
  terydollarPurchaseEntry,
  batteryOperationEntry,
  gemTransferEntry,
  gemConversionEntry,
  walletEntry,
  stationEntry,
  mineEntry,
  payoutExplanationEntry,
  miningModeEntry,
  buyTerycarbonsEntry,
  welcomeMessagesEntry,
  reactivationEntry,
  rankRewardEntry,
  profileSettingsEntry,
  lotteryEntryEntry,
  drawVerificationEntry,
  musicLinkEntry,
  musicCallbackEntry,
  trainingEntry,
  tickerEntry,
  couponEntry,
]
