import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { createBrowserRouter, RouterProvider } from 'react-router-dom'
import { mobileMaxWidth } from '../machines/ui/ui.machine'
import { configureHttp } from './api/http'
import { realActors } from './app/actors'
import { AppActorsProvider } from './app/app-context'
import { createAppActors, startAppActors } from './app/app-actors'
import { connectRouter } from './app/connect-router'
import { preloadLayoutModals } from './app/layout/lazy-modals'
import { createRoutes } from './app/router'

const actors = createAppActors(realActors, { reload: () => window.location.assign('/') })

configureHttp({
  onSessionExpired: () => actors.session.send({ type: 'session.expired' }),
  onLoadingChange: (active) =>
    actors.loadingBar.send({ type: active ? 'request.start' : 'request.end' }),
  // History mode: the address bar's path is the router's path.
  currentPath: () => window.location.pathname,
})

const router = createBrowserRouter(createRoutes(actors))
connectRouter(actors, router)
startAppActors(actors, { initialPath: window.location.pathname, viewportWidth: window.innerWidth })

// The mobile flag flips at the spec's 992 px; the media query fires only when it crosses.
window
  .matchMedia(`(max-width: ${mobileMaxWidth}px)`)
  .addEventListener('change', () =>
    actors.ui.send({ type: 'viewport.resize', width: window.innerWidth }),
  )

// The spec's idle prefetch (2000 ms): fetch the modals' chunk before the first MÁS press.
window.setTimeout(preloadLayoutModals, 2000)

const container = document.getElementById('root')
if (!container) throw new Error('index.html has no #root element')

createRoot(container).render(
  <StrictMode>
    <AppActorsProvider actors={actors}>
      <RouterProvider router={router} />
    </AppActorsProvider>
  </StrictMode>,
)
