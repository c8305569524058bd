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
