import type { SnapshotFrom } from 'xstate'
import type { Confirmation, uiMachine } from './ui.machine'

export type UiSnapshot = SnapshotFrom<typeof uiMachine>

export function selectIsLoginFormShown(snapshot: UiSnapshot): boolean {
  return snapshot.matches({ loginForm: 'shown' })
}

export function selectIsOptionsOpen(snapshot: UiSnapshot): boolean {
  return snapshot.matches({ optionsModal: 'open' })
}

export function selectIsSocialOpen(snapshot: UiSnapshot): boolean {
  return snapshot.matches({ socialModal: 'open' })
}

export function selectIsMenuOpen(snapshot: UiSnapshot): boolean {
  return snapshot.matches({ responsiveMenu: 'open' })
}

/** The open confirmation (title, message, intent), or null when none is asked. */
export function selectConfirmation(snapshot: UiSnapshot): Confirmation | null {
  return snapshot.matches({ confirmation: 'open' }) ? snapshot.context.confirmation : null
}

export function selectIsBottomBarEnabled(snapshot: UiSnapshot): boolean {
  return snapshot.matches({ bottomBar: 'enabled' })
}

/** The spec's mobile flag (viewport width up to 992 px). */
export function selectIsMobile(snapshot: UiSnapshot): boolean {
  return snapshot.matches({ viewport: 'mobile' })
}

export function selectLoginRedirectPath(snapshot: UiSnapshot): string {
  return snapshot.context.loginRedirectPath
}

/** The spec's rule: the bottom bar shows with a session, the bar enabled, on a small screen. */
export function isBottomBarVisible(snapshot: UiSnapshot, hasSession: boolean): boolean {
  return hasSession && selectIsBottomBarEnabled(snapshot) && selectIsMobile(snapshot)
}
