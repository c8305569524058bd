import type { SnapshotFrom } from 'xstate'
import type { CurrencyAmount } from '../../contract/currencies'
import type { AccessRefusal, MusicStatus } from '../../contract/music'
import type { SyncSummary, musicLinkMachine } from './music-link.machine'

export type MusicLinkSnapshot = SnapshotFrom<typeof musicLinkMachine>

/** Where the section is, as the page shows it. */
export type MusicStep =
  | 'loading'
  | 'failed'
  | 'vpnWarning'
  | 'email'
  | 'savingEmail'
  | 'ready'
  | 'linking'
  | 'linked'
  | 'syncing'
  | 'claimable'
  | 'claiming'
  | 'claimed'

export function selectMusicStep(snapshot: MusicLinkSnapshot): MusicStep {
  if (snapshot.matches({ section: { unlinked: 'email' } })) return 'email'
  if (snapshot.matches({ section: { unlinked: 'savingEmail' } })) return 'savingEmail'
  if (snapshot.matches({ section: { unlinked: 'ready' } })) return 'ready'
  if (snapshot.matches({ section: 'linking' }) || snapshot.matches({ section: 'redirecting' }))
    return 'linking'
  if (snapshot.matches({ section: 'syncing' })) return 'syncing'
  if (snapshot.matches({ section: 'failed' })) return 'failed'
  if (snapshot.matches({ section: 'vpnWarning' })) return 'vpnWarning'
  if (snapshot.matches({ section: 'linked' })) return 'linked'
  if (snapshot.matches({ section: 'claimable' })) return 'claimable'
  if (snapshot.matches({ section: 'claiming' })) return 'claiming'
  if (snapshot.matches({ section: 'claimed' })) return 'claimed'
  return 'loading'
}

/** Which step of a sync is running, for the progress line. */
export function selectSyncStage(
  snapshot: MusicLinkSnapshot,
): 'importing' | 'auditing' | 'accumulating' | null {
  if (snapshot.matches({ section: { syncing: 'importing' } })) return 'importing'
  if (snapshot.matches({ section: { syncing: 'auditing' } })) return 'auditing'
  if (snapshot.matches({ section: { syncing: 'accumulating' } })) return 'accumulating'
  return null
}

export function selectMusicStatus(snapshot: MusicLinkSnapshot): MusicStatus | null {
  return snapshot.context.status
}

/** Why the device got the VPN warning. */
export function selectRefusal(snapshot: MusicLinkSnapshot): AccessRefusal | null {
  return snapshot.matches({ section: 'vpnWarning' }) ? snapshot.context.refusal : null
}

export function selectLastSync(snapshot: MusicLinkSnapshot): SyncSummary | null {
  return snapshot.context.lastSync
}

/** What the last claim paid, while the section shows it. */
export function selectClaimed(snapshot: MusicLinkSnapshot): CurrencyAmount | null {
  return snapshot.matches({ section: 'claimed' }) ? snapshot.context.claimed : null
}

/** The Spanish message of what failed last (email, linking, sync, claim, loading). */
export function selectMusicError(snapshot: MusicLinkSnapshot): string | null {
  return snapshot.context.error
}

export function selectIsStrikeShown(snapshot: MusicLinkSnapshot): boolean {
  return !snapshot.matches({ strike: 'hidden' })
}

export function selectIsAcknowledging(snapshot: MusicLinkSnapshot): boolean {
  return snapshot.matches({ strike: 'acknowledging' })
}
