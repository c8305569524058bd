import { mobileMaxWidth } from '../machines/ui/ui.machine'
import { setHttpHooks } from './api/http-hooks'
import { isBuilt } from './config/env'
import { realActors } from './app/actors'
import { createAppActors } from './app/app-actors'
import { readHydrationData, readPlayerFrame } from './app/hydration-data'
import { preloadLayoutModals, preloadPlayerInbox } from './app/layout/lazy-modals'
import { mountApp } from './app/mount-app'
import { preloadPageModules } from './app/router'

/**
 * Ends the current task. The entry's modules run in one task, creating the app's machines is
 * another and rendering a third: on a slow phone each alone stays short, so a tap that comes
 * meanwhile is not kept waiting behind all three.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve))

async function start(container: HTMLElement): Promise<void> {
  await nextTask()
  const actors = createAppActors(realActors, { reload: () => window.location.assign('/') })

  setHttpHooks({
    onSessionExpired: () => actors.session.send({ type: 'session.expired' }),
    onLoadingChange: (active) =>
      actors.loadingBar.send({ type: active ? 'request.start' : 'request.end' }),
    // History mode: the address bar's path is the router's path.
    currentPath: () => window.location.pathname,
  })

  // The mobile flag flips at the spec's 992 px; the media query fires only when it crosses.
  window
    .matchMedia(`(max-width: ${mobileMaxWidth}px)`)
    .addEventListener('change', () =>
      actors.ui.send({ type: 'viewport.resize', width: window.innerWidth }),
    )

  const hydrationData = readHydrationData()
  const playerFrame = readPlayerFrame()
  // A player is expected on the shell and on a player's framed page, not on a visitor's page.
  if (hydrationData === null || playerFrame) preloadPlayerInbox()
  await nextTask()
  await mountApp(container, actors, hydrationData, playerFrame)

  // The service worker, once the page has loaded, from a chunk of its own.
  if (isBuilt) {
    const register = () =>
      void import('./app/service-worker').then((module) => module.registerServiceWorker(actors))
    if (document.readyState === 'complete') register()
    else window.addEventListener('load', register, { once: true })
  }
}

// The spec's idle prefetch (2000 ms): fetch the modals' chunk before the first MÁS press, and on
// a public page the chunk that imports the players' pages before the login that opens one.
window.setTimeout(() => {
  preloadLayoutModals()
  preloadPageModules()
}, 2000)

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')
// Not a top-level await: it would keep the chunks the entry shares with the pages out of it.
void start(container)
