import type { SnapshotFrom } from 'xstate'
import type { SocialAccount } from '../../contract/missions'
import type { socialAccountMachine } from './social-account.machine'

export type SocialAccountSnapshot = SnapshotFrom<typeof socialAccountMachine>

/** What the account card shows, one word per state the player can tell apart. */
export type SocialAccountStatus =
  'loading' | 'failed' | 'none' | 'editing' | 'registering' | 'pending' | 'verified' | 'rejected'

export function selectAccountStatus(snapshot: SocialAccountSnapshot): SocialAccountStatus {
  if (snapshot.matches('loading')) return 'loading'
  if (snapshot.matches('loadFailed')) return 'failed'
  if (snapshot.matches('pendingToCheck') || snapshot.matches('refreshing')) return 'pending'
  return snapshot.value as Exclude<SocialAccountStatus, 'loading' | 'failed' | 'pending'>
}

export function selectAccount(snapshot: SocialAccountSnapshot): SocialAccount | null {
  return snapshot.context.account
}

/** The server's words under the input, after a refused registration. */
export function selectInputError(snapshot: SocialAccountSnapshot): string | null {
  return snapshot.matches('editing') ? snapshot.context.error : null
}

/** Why the account could not be loaded. */
export function selectLoadError(snapshot: SocialAccountSnapshot): string | null {
  return snapshot.matches('loadFailed') ? snapshot.context.error : null
}

/** The operator's reason, on a rejected account. */
export function selectRejectionReason(snapshot: SocialAccountSnapshot): string | null {
  return snapshot.matches('rejected') ? (snapshot.context.account?.rejectionReason ?? null) : null
}

/** The network's missions may be taken only with a verified account. */
export function selectIsVerified(snapshot: SocialAccountSnapshot): boolean {
  return snapshot.matches('verified')
}
