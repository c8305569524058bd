import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { sessionMachine } from '../../machines/session/session.machine'
import type { Session } from '../../contract/auth'
import { realActors } from '../../src/app/actors'
import { configMachine, createAppActors } from '../../src/app/app-actors'
import { mountApp, type MountedApp } from '../../src/app/mount-app'
import { chatMachine } from '../../src/pages/support/support.actors'
import { prerender, prerenderedPaths } from '../../src/prerender'
import { fakeActors } from './fake-actors'
import { gameConfig, player, sessionEnded } from './render-app'

const chatLink = 'https://chat.example/soporte'
const mounted: (() => void)[] = []

afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount()
})

/**
 * A prerendered page as the browser receives it (the build's HTML inside #root, the title lifted
 * into <head> as scripts/lib/prerender.ts does), hydrated the way src/main.tsx does it, with fake
 * I/O: a visitor unless `session` is given.
 */
async function hydratePage(url: string, session: Session | null = null) {
  const path = new URL(url, 'http://localhost').pathname
  const page = await prerender(path)
  const container = document.createElement('div')
  container.innerHTML = page.html.replace(/<title>[^<]*<\/title>/, '')
  document.body.append(container)
  window.history.replaceState(null, '', url)

  const sessionFakes = fakeActors(sessionMachine, {
    fetchSession: async () => {
      if (!session) throw sessionEnded
      return session
    },
    logIn: async ({ email }) => ({ ...player, email }),
    logOut: async () => undefined,
    agreeTerms: async () => ({ ...player, termsAgree: true }),
  })
  const configFakes = fakeActors(configMachine, { load: async () => ({ data: gameConfig }) })
  const chatFakes = fakeActors(chatMachine, { load: async () => ({ data: { link: chatLink } }) })
  const actors = createAppActors(
    realActors,
    { reload: vi.fn() },
    { overrides: { ...sessionFakes.overrides, ...configFakes.overrides, ...chatFakes.overrides } },
  )
  const heading = container.querySelector('h1')
  const app: MountedApp = await mountApp(container, actors, page.hydrationData)
  mounted.push(() => {
    app.root.unmount()
    app.router.dispose()
    for (const actor of [actors.session, actors.ui, actors.toaster, actors.loadingBar]) {
      actor.stop()
    }
    actors.config.stop()
    container.remove()
  })
  return { container, heading, router: app.router, fetchSession: sessionFakes.calls.fetchSession }
}

describe('prerendered pages', () => {
  it.each(prerenderedPaths)(
    '%s hydrates onto the HTML the build wrote: same elements, no warning',
    async (path) => {
      const { container, heading, fetchSession } = await hydratePage(path)

      // The session check starts once the page is hydrated, and the page stays what it was.
      await waitFor(() => expect(fetchSession).toHaveBeenCalledTimes(1))
      expect(heading?.textContent).toBeTruthy()
      expect(container.querySelector('h1')).toBe(heading)
    },
  )

  it('opens the login form after hydration when a guarded page sent the visitor to /', async () => {
    await hydratePage('/?path=home')

    expect(await screen.findByRole('heading', { name: 'Iniciar sesión' })).toBeTruthy()
  })

  it('takes a signed-in player from the visitor page to /home once the session is known', async () => {
    const { router } = await hydratePage('/', player)

    await waitFor(() => expect(router.state.location.pathname).toBe('/home'))
  })
})
