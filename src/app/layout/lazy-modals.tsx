import { lazy } from 'react'

const loadLayoutModals = () => import('./layout-modals')

/** The layout's modals, loaded on first use. */
export const LazyLayoutModals = lazy(() =>
  loadLayoutModals().then((module) => ({ default: module.LayoutModals })),
)

/** Fetches the modals' chunk ahead of the first click (called once the app is idle). */
export function preloadLayoutModals(): void {
  void loadLayoutModals()
}

/** The welcome messages and the reactivation modal of a signed-in player, loaded once signed in. */
export const LazyPlayerInbox = lazy(() =>
  import('./player-inbox').then((module) => ({ default: module.PlayerInbox })),
)
