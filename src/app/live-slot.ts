import type { ActorRefFrom } from 'xstate'
import type { liveMachine } from '../../machines/live/live.machine'

export type LiveActor = ActorRefFrom<typeof liveMachine>

/**
 * Where the live stream's actor is, once a player is signed in: its code loads with the player's
 * part of the layout (src/app/layout/player-live.ts), never on a visitor's page. Pages reach it
 * here to receive its events, and the layout to know whether the app is offline.
 */
export type LiveSlot = {
  readonly actor: LiveActor | null
  /** The server cannot be reached (the live machine's `offline` tag). */
  readonly offline: boolean
  /** Tells the subscribers that the actor or the offline flag changed. */
  update: (changes: { actor?: LiveActor; offline?: boolean }) => void
  subscribe: (listener: () => void) => () => void
}

export function createLiveSlot(): LiveSlot {
  const listeners = new Set<() => void>()
  const slot: LiveSlot = {
    actor: null,
    offline: false,
    update(changes) {
      const next = { ...slot, ...changes }
      if (next.actor === slot.actor && next.offline === slot.offline) return
      Object.assign(slot, changes)
      for (const listener of listeners) listener()
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
  return slot
}
