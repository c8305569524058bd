import type { SnapshotFrom } from 'xstate'
import type { WelcomeMessage } from '../../contract/inbox'
import type { welcomeMessagesMachine } from './welcome-messages.machine'

export type WelcomeMessagesSnapshot = SnapshotFrom<typeof welcomeMessagesMachine>

/** The message on screen (the oldest unread), or null when none shows. */
export function selectCurrentMessage(snapshot: WelcomeMessagesSnapshot): WelcomeMessage | null {
  const showing = snapshot.matches('showing') || snapshot.matches('acknowledging')
  return showing ? (snapshot.context.messages[0] ?? null) : null
}

/**
 * Where the message on screen stands among those of this visit: 1 of 3, then 2 of 3, then 3 of 3
 * (the read ones still count in the total). Null when none shows.
 */
export function selectMessagePosition(
  snapshot: WelcomeMessagesSnapshot,
): { position: number; total: number } | null {
  if (!selectCurrentMessage(snapshot)) return null
  const { acknowledged, messages } = snapshot.context
  return { position: acknowledged + 1, total: acknowledged + messages.length }
}

export function selectIsAcknowledging(snapshot: WelcomeMessagesSnapshot): boolean {
  return snapshot.matches('acknowledging')
}

/** Why the last acknowledgement failed, while its message still shows. */
export function selectAcknowledgeError(snapshot: WelcomeMessagesSnapshot): string | null {
  return snapshot.matches('showing') ? snapshot.context.error : null
}

/** No message is waiting any more (all read, none, or they could not be read). */
export function selectIsSettled(snapshot: WelcomeMessagesSnapshot): boolean {
  return snapshot.matches('done') || snapshot.matches('unavailable')
}
