import type { SnapshotFrom } from 'xstate'
import type { WelcomeMessage } from '../../contract/inbox'
import type { welcomeMessagesMachine } from './welcome-messages.machine'

export type WelcomeMessagesSnapshot = SnapshotFrom<typeof welcomeMessagesMachine>

/** The message on screen (the oldest unread), or null when none shows. */
export function selectCurrentMessage(snapshot: WelcomeMessagesSnapshot): WelcomeMessage | null {
  const showing = snapshot.matches('showing') || snapshot.matches('acknowledging')
  return showing ? (snapshot.context.messages[0] ?? null) : null
}

/** How many unread messages there are, the one on screen included. */
export function selectUnreadCount(snapshot: WelcomeMessagesSnapshot): number {
  return selectCurrentMessage(snapshot) ? snapshot.context.messages.length : 0
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
  return snapshot.status === 'done'
}
