import type { SnapshotFrom } from 'xstate'
import type { profileSettingsMachine } from './profile-settings.machine'

export type ProfileSettingsSnapshot = SnapshotFrom<typeof profileSettingsMachine>

/** The checkbox's value: the saved choice, or the one being saved. */
export function selectShareEmail(snapshot: ProfileSettingsSnapshot): boolean {
  return snapshot.context.shareEmail
}

export function selectIsSavingShareEmail(snapshot: ProfileSettingsSnapshot): boolean {
  return snapshot.matches({ shareEmail: 'saving' })
}

export function selectShareEmailError(snapshot: ProfileSettingsSnapshot): string | null {
  return snapshot.context.shareError
}

/** The saved mobile number. */
export function selectPhone(snapshot: ProfileSettingsSnapshot): string {
  return snapshot.context.phone
}

export function selectIsSavingPhone(snapshot: ProfileSettingsSnapshot): boolean {
  return snapshot.matches({ phone: 'saving' })
}

/** Why the number was not saved: the message, and the one under the field. */
export function selectPhoneErrors(snapshot: ProfileSettingsSnapshot): {
  message: string | null
  field: string | null
} {
  return { message: snapshot.context.phoneError, field: snapshot.context.phoneFieldError }
}
