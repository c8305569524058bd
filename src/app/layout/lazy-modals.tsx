import { lazy, type ComponentType } from 'react'

/**
 * A part of the layout loaded on first use that, once `preload` has loaded it, renders without
 * suspending. React.lazy suspends on its first render even when the chunk is already there (a
 * promise settles a microtask later), and React 19 then holds back the commit of what rendered
 * with it for up to 300 ms to batch reveals: a player's page waited that long for the inbox before
 * starting its own calls. A loaded module reaches React.lazy through a thenable that answers at
 * once, which React reads synchronously.
 */
function preloadable<TModule, TProps extends object>(
  load: () => Promise<TModule>,
  pick: (module: TModule) => ComponentType<TProps>,
) {
  let loaded: TModule | undefined
  const preload = () =>
    load().then((module) => {
      loaded = module
      return module
    })
  const Component = lazy(() => {
    const module = loaded
    if (module === undefined) return preload().then((ready) => ({ default: pick(ready) }))
    const settled = {
      then: (resolve: (value: { default: ComponentType<TProps> }) => void) =>
        resolve({ default: pick(module) }),
    }
    return settled as unknown as Promise<{ default: ComponentType<TProps> }>
  })
  return { Component, preload: () => void preload() }
}

const layoutModals = preloadable(
  () => import('./layout-modals'),
  (module) => module.LayoutModals,
)

/** The layout's modals, loaded on first use. */
export const LazyLayoutModals = layoutModals.Component

/** Fetches the modals' chunk ahead of the first click (called once the app is idle). */
export const preloadLayoutModals = layoutModals.preload

const playerInbox = preloadable(
  () => import('./player-inbox'),
  (module) => module.PlayerInbox,
)

/** The welcome messages and the reactivation modal of a signed-in player, loaded once signed in. */
export const LazyPlayerInbox = playerInbox.Component

/**
 * Loads the inbox at start where a player is expected: the server answers the shell (not a
 * prerendered page) to a browser with a session cookie, and the shell preloads its chunk.
 */
export const preloadPlayerInbox = playerInbox.preload
