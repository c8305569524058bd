import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, vi } from 'vitest'
import { liveMachine } from '../../machines/live/live.machine'
import { reactivationMachine } from '../../machines/reactivation/reactivation.machine'
import { sessionMachine } from '../../machines/session/session.machine'
import { welcomeMessagesMachine } from '../../machines/welcome-messages/welcome-messages.machine'
import type { Session } from '../../contract/auth'
import type { GameConfig } from '../../contract/config'
import { realActors } from '../../src/app/actors'
import type { ActorOverrides, ActorRuntime } from '../../src/app/app-actors'
import { configMachine } from '../../machines/app/app.machine'
import { createAppActors, startAppActors } from '../../src/app/app-actors'
import { AppActorsProvider } from '../../src/app/app-context'
import { connectRouter } from '../../src/app/connect-router'
import { createRoutes } from '../../src/app/router'
import { getGameConfig } from '../../server/services/rules'
import { fakeActors, type FakeFunctions } from './fake-actors'

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
  balances: { terycarbons: 2500, gems: 40, voltaCharge: 0, terydollars: 0 },
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
  // The server's own rules (prices, fees, limits), with what layout tests need simpler.
  rules: {
    ...getGameConfig().rules,
    ranks: [],
    stations: [],
    shop: {
      products: [
        {
          id: 'batteries',
          name: 'Baterías',
          tagline: 'Energía que trabaja por ti',
          description: 'Las baterías generan ganancias mientras están cargadas.',
          benefits: ['Generan ganancias que recoges desde tu panel de baterías.'],
          obtain: { path: '/battery', label: 'IR A BATERÍAS' },
        },
        {
          id: 'miningMode',
          name: 'Modo de minería bloqueable',
          tagline: 'Elige qué extrae tu mina',
          description: 'La opción bloqueable se desbloquea una vez pagando terycarbonos.',
          benefits: ['Un solo pago en terycarbonos la deja activa para siempre.'],
          obtain: { path: '/miningMode', label: 'IR AL MODO DE MINERÍA' },
        },
      ],
    },
  },
}

/**
 * The fake I/O of the app-wide machines (the session check, login, logout, terms, config) and of
 * what a signed-in player finds after login (welcome messages, the reactivation modal).
 */
export type AppFakeApi = FakeFunctions<typeof sessionMachine> &
  FakeFunctions<typeof welcomeMessagesMachine> &
  FakeFunctions<typeof reactivationMachine> & {
    loadConfig: () => Promise<GameConfig>
  }

export type RenderAppOptions = {
  /** The signed-in player, or null for a visitor. */
  session?: Session | null
  /** Viewport width at start: the mobile flag is width <= 992. */
  width?: number
  api?: Partial<AppFakeApi>
  /** Fakes of page machines (from `fakeActors`), and overrides of app-wide ones. */
  actors?: readonly ActorOverrides[]
  /** The clock every machine's delays run on (a SimulatedClock in model-based view tests). */
  clock?: ActorRuntime['clock']
  inspect?: ActorRuntime['inspect']
}

/** A visitor by default; login answers the demo player with the email typed. */
function appFakes(session: Session | null, api: Partial<AppFakeApi>) {
  const sessionFakes = fakeActors(
    sessionMachine,
    {
      fetchSession: async () => session,
      logIn: async ({ email }) => ({ ...player, email }),
      logOut: async () => undefined,
      agreeTerms: async () => ({ ...(session ?? player), termsAgree: true }),
    },
    api,
  )
  const loadConfig = api.loadConfig ?? (async () => gameConfig)
  const configFakes = fakeActors(configMachine, {
    load: async () => ({ data: await loadConfig() }),
  })
  // A player with nothing new and no penalty, unless a test says otherwise.
  const messagesFakes = fakeActors(
    welcomeMessagesMachine,
    { loadMessages: async () => ({ messages: [] }), acknowledge: async () => ({ messages: [] }) },
    api,
  )
  const reactivationFakes = fakeActors(
    reactivationMachine,
    {
      loadStanding: async () => ({ penalized: false, hasSponsor: true }),
      enableCode: async () => null,
    },
    api,
  )
  // The live stream stays asking: views are tested against the machines' own events.
  const liveFakes = fakeActors(liveMachine, { connect: () => new Promise<never>(() => {}) })
  return {
    overrides: {
      ...sessionFakes.overrides,
      ...configFakes.overrides,
      ...messagesFakes.overrides,
      ...reactivationFakes.overrides,
      ...liveFakes.overrides,
    },
    calls: {
      ...sessionFakes.calls,
      ...messagesFakes.calls,
      ...reactivationFakes.calls,
      loadConfig: configFakes.calls.load,
    },
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
  const fakes = appFakes(options.session ?? null, options.api ?? {})
  const reload = vi.fn()
  const overrides: ActorOverrides = Object.assign({}, fakes.overrides, ...(options.actors ?? []))
  // The real I/O is never reached: every machine the app starts gets fakes by its id.
  const actors = createAppActors(
    realActors,
    { reload },
    {
      overrides,
      clock: options.clock,
      inspect: options.inspect,
    },
  )
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
    actors.live.actor?.stop()
    actors.app.stop()
  })
  return { ...view, api: fakes.calls, actors, router, reload, user }
}

/** Where the app is: pathname plus search, as the address bar would show it. */
export function currentUrl(router: { state: { location: { pathname: string; search: string } } }) {
  return `${router.state.location.pathname}${router.state.location.search}`
}
