import { useSyncExternalStore } from 'react'

const subscribe = () => () => undefined

/**
 * False while React hydrates a prerendered page (and on the server), true from the render after.
 * Controls that need JavaScript are disabled until then, so a tap or a keystroke that comes before
 * the page can handle it waits instead of being lost.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
