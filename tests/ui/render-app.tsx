import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, vi } from 'vitest'
import { fromPromise } from 'xstate'
import type { Session } from '../../contract/auth'
import type { GameConfig } from '../../contract/config'
import type { AppActorLogic } from '../../src/app/app-actors'
import { createAppActors, startAppActors } from '../../src/app/app-actors'
import { AppActorsProvider } from '../../src/app/app-context'
import { connectRouter } from '../../src/app/connect-router'
import { createRoutes } from '../../src/app/router'

/** A failure as the API client rejects with it (ApiError's shape). */
export type Failure = { status: number; message: string; network: boolean; data?: unknown }

export const sessionEnded: Failure = {
  status: 401,
  message: 'La sesión ha terminado',
  network: false,
}

export const noResponse: Failure = {
  status: 400,
  message: 'Ocurrio un error al procesar la petición',
  network: true,
}

export const player: Session = {
  id: 'u-1',
  name: 'Ana Gómez',
  email: 'ana@tery.example',
  code: 'ANA2026',
  termsAgree: true,
  rankIndex: 0,
}

export const gameConfig: GameConfig = {
  links: {
    social: [
      { id: 'videoChannel', label: 'Canal de videos', url: 'https://video.example/tery' },
      { id: 'telegram', label: 'Telegram', url: 'https://t.example/tery' },
      { id: 'facebook', label: 'Facebook', url: 'https://facebook.example/tery' },
      { id: 'instagram', label: 'Instagram', url: 'https://instagram.example/tery' },
      { id: 'messenger', label: 'Messenger', url: 'https://messenger.example/tery' },
      { id: 'whatsappGroup', label: 'Grupo de WhatsApp', url: 'https://whatsapp.example/tery' },
    ],
    finance: 'https://finanzas.example',
    chat: 'https://chat.example/soporte',
  },
  rules: {
    ranks: [],
    stations: [],
    currencies: ['terycarbons', 'gems', 'voltaCharge', 'terydollars'],
    maxSocialAccounts: 1,
    teamGenerations: 8,
    referralRewardGems: 10,
  },
}

/** The I/O behind the fake actors: plain async functions a test can replace or inspect. */
export type FakeApi = {
  fetchSession: (input: { path?: string }) => Promise<Session>
  logIn: (input: { email: string; password: string }) => Promise<Session>
  logOut: () => Promise<void>
  agreeTerms: () => Promise<Session>
  validateCode: (input: { code: string }) => Promise<{ code: string; name: string }>
  signUp: (input: {
    parentCode: string
    name: string
    email: string
    phone: string
    password: string
  }) => Promise<{ email: string; code: string }>
  readClipboard: () => Promise<string>
  writeClipboard: (input: { text: string }) => Promise<void>
  loadConfig: () => Promise<GameConfig>
  loadChat: () => Promise<{ link: string }>
}

export type RenderAppOptions = {
  /** The signed-in player, or null for a visitor. */
  session?: Session | null
  /** Viewport width at start: the mobile flag is width <= 992. */
  width?: number
  api?: Partial<FakeApi>
}

/** A fake API where every call is a spy: a visitor by default, the demo parent code TERYDEMO. */
function createFakeApi(session: Session | null, overrides: Partial<FakeApi>) {
  const defaults: FakeApi = {
    fetchSession: async () => {
      if (!session) throw sessionEnded
      return session
    },
    logIn: async ({ email }) => ({ ...player, email }),
    logOut: async () => undefined,
    agreeTerms: async () => ({ ...(session ?? player), termsAgree: true }),
    validateCode: async ({ code }) => {
      if (code === 'TERYDEMO') return { code, name: 'Jugador Demo' }
      throw { status: 400, message: 'El código de referido no existe', network: false }
    },
    signUp: async ({ email }) => ({ email, code: 'NUEVO123' }),
    readClipboard: async () => 'terydemo',
    writeClipboard: async () => undefined,
    loadConfig: async () => gameConfig,
    loadChat: async () => ({ link: 'https://chat.example/soporte' }),
  }
  const api = { ...defaults, ...overrides }
  return {
    fetchSession: vi.fn(api.fetchSession),
    logIn: vi.fn(api.logIn),
    logOut: vi.fn(api.logOut),
    agreeTerms: vi.fn(api.agreeTerms),
    validateCode: vi.fn(api.validateCode),
    signUp: vi.fn(api.signUp),
    readClipboard: vi.fn(api.readClipboard),
    writeClipboard: vi.fn(api.writeClipboard),
    loadConfig: vi.fn(api.loadConfig),
    loadChat: vi.fn(api.loadChat),
  }
}

/** The fake actor layer: the machines' actors backed by the fake API (no module mocks). */
function fakeActorLogic(api: ReturnType<typeof createFakeApi>): AppActorLogic {
  return {
    session: {
      fetchSession: fromPromise(({ input }) => api.fetchSession(input)),
      logIn: fromPromise(({ input }) => api.logIn(input)),
      logOut: fromPromise(() => api.logOut()),
      agreeTerms: fromPromise(() => api.agreeTerms()),
    },
    signup: {
      validateCode: fromPromise(({ input }) => api.validateCode(input)),
      signUp: fromPromise(({ input }) => api.signUp(input)),
      readClipboard: fromPromise(() => api.readClipboard()),
    },
    clipboardCopy: {
      writeClipboard: fromPromise(({ input }) => api.writeClipboard(input)),
    },
    config: { load: fromPromise(async () => ({ data: await api.loadConfig() })) },
    chat: { load: fromPromise(async () => ({ data: await api.loadChat() })) },
  }
}

const running: (() => void)[] = []

afterEach(() => {
  for (const stop of running.splice(0)) stop()
})

/**
 * Renders the real app (routes, guards, layout, machines) at `path` in a memory router, with the
 * fake actor layer. Returns the router (to read where the app went), the actors, the API spies
 * and a user-event instance.
 */
export function renderApp(path: string, options: RenderAppOptions = {}) {
  const api = createFakeApi(options.session ?? null, options.api ?? {})
  const reload = vi.fn()
  const actors = createAppActors(fakeActorLogic(api), { reload })
  const router = createMemoryRouter(createRoutes(actors), { initialEntries: [path] })
  const disconnect = connectRouter(actors, router)
  startAppActors(actors, { initialPath: path, viewportWidth: options.width ?? 1280 })
  const user = userEvent.setup()
  const view = render(
    <AppActorsProvider actors={actors}>
      <RouterProvider router={router} />
    </AppActorsProvider>,
  )
  running.push(() => {
    disconnect()
    router.dispose()
    for (const actor of [
      actors.session,
      actors.ui,
      actors.toaster,
      actors.loadingBar,
      actors.config,
    ]) {
      actor.stop()
    }
  })
  return { ...view, api, actors, router, reload, user }
}

/** Where the app is: pathname plus search, as the address bar would show it. */
export function currentUrl(router: { state: { location: { pathname: string; search: string } } }) {
  return `${router.state.location.pathname}${router.state.location.search}`
}
