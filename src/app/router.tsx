import type { RouteModule } from './page-modules'
import { matchPath } from 'react-router-dom'
import type { LoaderFunction, RouteObject } from 'react-router-dom'
import { titles } from '../copy/common'
import type { AppActors } from './app-actors'
import { AppShell } from './app-shell'
import { ErrorPage, RootErrorPage } from './error-page'
import { guest, isAuth, lockPage } from './guards'
import type { RouteHandle } from './route-handle'

type Guard = 'guest' | 'isAuth' | 'lockPage'

/**
 * The public pages' modules (those marked `prerender`), imported from the entry: a visitor's first
 * load hydrates one of them, and must not wait for another chunk first. Every other page is
 * imported through `./page-modules`, a chunk of its own that keeps its preload lists (about 2.5 KB
 * gzip of file names) out of what `/` loads; the shell and the framed pages list that chunk with
 * the code they preload (`routeSources`), so it costs them no round trip. `createRoutes` checks
 * that this list and the table's `prerender` marks agree.
 */
const prerenderedModules = import.meta.glob<RouteModule>([
  '../pages/landing/landing.route.tsx',
  '../pages/signup/signup.route.tsx',
  '../pages/support/support.route.tsx',
  '../pages/terms/terms.route.tsx',
  '../pages/privacy-policies/privacy-policies.route.tsx',
  '../pages/lottery/lottery.route.tsx',
])

/** The chunk that imports every other page (see `prerenderedModules`). */
const pageModulesSource = './page-modules.ts'
const loadPageModules = () => import('./page-modules.ts')

/**
 * Loads the chunk that imports the pages a visitor's page does not hydrate with, ahead of the first
 * navigation to one (after a login, the player's page). A shell or framed page has it already.
 */
export const preloadPageModules = () => void loadPageModules()

/** The layout's module: the root route's code, loaded in parallel with the page's. */
const layoutModule = './layout/layout.tsx'

/** A screen: its route name (the route id, and what `?path=` carries), path, guard and code. */
type PageRoute = {
  name: string
  path: string
  guard?: Guard
  handle?: RouteHandle
  /** The page's module, a key of `pageModules`; none for a page that only redirects. */
  module?: string
  /**
   * Public content the same for every visitor: rendered into HTML at build time (with the session
   * unknown, as a visitor sees it) and hydrated, so its first paint needs no JavaScript.
   */
  prerender?: true
  /**
   * A player's page whose first render needs nothing loaded: rendered into HTML at build time as a
   * signed-in player's first paint (the layout waiting for the session, the page for its data) and
   * hydrated. The server sends it, not the shell, to a browser that holds a session cookie; a
   * public page marked both (/lottery) has a visitor's page and a player's, told apart by their
   * headers.
   */
  frame?: true
}

/**
 * The screens of the app. Each page's code is its own chunk, loaded on first visit. Later issues
 * add their screens here.
 */
const pages: readonly PageRoute[] = [
  {
    name: 'landing',
    path: '/',
    guard: 'guest',
    handle: { title: titles.landing, background: 'landing' },
    module: '../pages/landing/landing.route.tsx',
    prerender: true,
  },
  {
    name: 'signup',
    path: '/signup',
    guard: 'guest',
    handle: { title: titles.signup },
    module: '../pages/signup/signup.route.tsx',
    prerender: true,
  },
  {
    name: 'home',
    path: '/home',
    guard: 'isAuth',
    handle: { title: titles.home },
    module: '../pages/home/home.route.tsx',
    frame: true,
  },
  {
    name: 'support',
    path: '/support',
    handle: { title: titles.support },
    module: '../pages/support/support.route.tsx',
    prerender: true,
  },
  {
    name: 'terms',
    path: '/terms',
    handle: { title: titles.terms, legal: true },
    module: '../pages/terms/terms.route.tsx',
    prerender: true,
  },
  {
    name: 'privacy_policies',
    path: '/privacy_policies',
    handle: { title: titles.privacyPolicies, legal: true },
    module: '../pages/privacy-policies/privacy-policies.route.tsx',
    prerender: true,
  },
  {
    name: 'missionsLobby',
    path: '/missionsLobby',
    guard: 'isAuth',
    handle: { title: titles.missionsLobby },
    module: '../pages/missions-lobby/missions-lobby.route.tsx',
  },
  {
    name: 'missions',
    path: '/missions',
    guard: 'isAuth',
    handle: { title: titles.missions },
    module: '../pages/missions/missions.route.tsx',
    frame: true,
  },
  {
    name: 'videos',
    path: '/videos',
    guard: 'isAuth',
    handle: { title: titles.videos },
    module: '../pages/videos/videos.route.tsx',
    frame: true,
  },
  {
    name: 'playlists',
    path: '/playlists',
    guard: 'isAuth',
    handle: { title: titles.playlists },
    module: '../pages/playlists/playlists.route.tsx',
    frame: true,
  },
  {
    name: 'voltaCharge',
    path: '/voltaCharge',
    guard: 'isAuth',
    handle: { title: titles.voltaCharge },
    module: '../pages/volta-charge/volta-charge.route.tsx',
    frame: true,
  },
  {
    name: 'play',
    path: '/play',
    guard: 'isAuth',
    handle: { title: titles.play },
    module: '../pages/play/play.route.tsx',
  },
  {
    name: 'battery',
    path: '/battery',
    guard: 'isAuth',
    handle: { title: titles.battery },
    module: '../pages/battery/battery.route.tsx',
    frame: true,
  },
  {
    name: 'terycarbonBattery',
    path: '/terycarbonBattery',
    guard: 'isAuth',
    handle: { title: titles.terycarbonBattery },
    module: '../pages/terycarbon-battery/terycarbon-battery.route.tsx',
    frame: true,
  },
  {
    name: 'market',
    path: '/market',
    guard: 'isAuth',
    handle: { title: titles.market },
    module: '../pages/market/market.route.tsx',
    frame: true,
  },
  {
    name: 'mine',
    path: '/mine',
    guard: 'isAuth',
    handle: { title: titles.mine },
    module: '../pages/mine/mine.route.tsx',
    frame: true,
  },
  {
    name: 'miningMode',
    path: '/miningMode',
    guard: 'isAuth',
    handle: { title: titles.miningMode },
    module: '../pages/mining-mode/mining-mode.route.tsx',
    frame: true,
  },
  {
    name: 'team',
    path: '/team',
    guard: 'isAuth',
    handle: { title: titles.team },
    module: '../pages/team/team.route.tsx',
    frame: true,
  },
  {
    name: 'teamLevel',
    path: '/team/:id/level',
    guard: 'isAuth',
    handle: { title: titles.teamLevel },
    module: '../pages/team-level/team-level.route.tsx',
  },
  {
    name: 'referral',
    path: '/referral',
    guard: 'isAuth',
    handle: { title: titles.referral },
    module: '../pages/referral/referral.route.tsx',
  },
  {
    name: 'founder',
    path: '/founder',
    guard: 'isAuth',
    handle: { title: titles.founder },
    module: '../pages/founder/founder.route.tsx',
    frame: true,
  },
  {
    name: 'progress',
    path: '/progress',
    guard: 'isAuth',
    handle: { title: titles.progress },
    module: '../pages/progress/progress.route.tsx',
    frame: true,
  },
  {
    name: 'profile',
    path: '/profile',
    guard: 'isAuth',
    handle: { title: titles.profile },
    module: '../pages/profile/profile.route.tsx',
    frame: true,
  },
  {
    name: 'global',
    path: '/global',
    guard: 'isAuth',
    handle: { title: titles.global },
    module: '../pages/global/global.route.tsx',
    frame: true,
  },
  {
    name: 'management',
    path: '/management',
    guard: 'isAuth',
    handle: { title: titles.management },
    module: '../pages/management/management.route.tsx',
    frame: true,
  },
  {
    name: 'expressCoupon',
    path: '/expressCoupon',
    guard: 'isAuth',
    handle: { title: titles.expressCoupon },
    module: '../pages/express-coupon/express-coupon.route.tsx',
    frame: true,
  },
  {
    name: 'lottery',
    path: '/lottery',
    handle: { title: titles.lottery, figures: true },
    module: '../pages/lottery/lottery.route.tsx',
    prerender: true,
    frame: true,
  },
  {
    name: 'shop',
    path: '/shop',
    guard: 'isAuth',
    handle: { title: titles.shop },
    module: '../pages/shop/shop.route.tsx',
    frame: true,
  },
  {
    name: 'shopProduct',
    path: '/shop/:product',
    guard: 'isAuth',
    handle: { title: titles.shop },
    module: '../pages/shop-product/shop-product.route.tsx',
  },
  {
    name: 'music',
    path: '/music',
    guard: 'isAuth',
    handle: { title: titles.music },
    module: '../pages/music/music.route.tsx',
    frame: true,
  },
  {
    name: 'musicCallback',
    path: '/music/callback',
    guard: 'isAuth',
    handle: { title: titles.music },
    module: '../pages/music-callback/music-callback.route.tsx',
  },
  {
    name: 'trainings',
    path: '/trainings',
    guard: 'isAuth',
    handle: { title: titles.trainings },
    module: '../pages/trainings/trainings.route.tsx',
    frame: true,
  },
  {
    name: 'training',
    path: '/training',
    guard: 'isAuth',
    handle: { title: titles.trainings },
    module: '../pages/training/training.route.tsx',
  },
  {
    name: 'trainingPlaying',
    path: '/training/playing',
    guard: 'isAuth',
    handle: { title: titles.lesson },
    module: '../pages/training-playing/training-playing.route.tsx',
  },
  {
    name: 'finance',
    path: '/finance',
    guard: 'isAuth',
    handle: { title: titles.finance },
    module: '../pages/finance/finance.route.tsx',
    frame: true,
  },
  // The spec lists these as existing and nothing more: lockPage sends everyone away.
  ...['missionsOld', 'coaching', 'trainer'].map((name): PageRoute => ({
    name,
    path: `/${name}`,
    guard: 'lockPage',
  })),
]

/** A page of the route table: its name, path and guard (the E2E visit of every route reads it). */
export type PageSummary = Pick<PageRoute, 'name' | 'path' | 'guard'>

/** Every page's name, path and guard, in table order. */
export function listPages(): PageSummary[] {
  return pages.map(({ name, path, guard }) => ({ name, path, guard }))
}

/** The paths rendered into HTML at build time. */
export const prerenderedPaths: readonly string[] = pages
  .filter((page) => page.prerender)
  .map((page) => page.path)

/** The paths of the player's pages rendered into HTML at build time (`frame`). */
export const framedPaths: readonly string[] = pages
  .filter((page) => page.frame)
  .map((page) => page.path)

/**
 * The source files (from the project root) of the code the given routes run: what the HTML of a
 * prerendered page modulepreloads, so the browser fetches it with the entry instead of after it.
 */
export function routeSources(routeIds: readonly string[]): string[] {
  const modules = routeIds.flatMap((id) => {
    if (id === 'root') return [layoutModule]
    const page = pages.find((candidate) => candidate.name === id)
    if (!page?.module) return []
    return page.prerender ? [page.module] : [pageModulesSource, page.module]
  })
  return modules.map((module) => new URL(module, `file:///src/app/`).pathname.slice(1))
}

/**
 * The pages the shell is served for (every page that is not prerendered), each with the source
 * files of its code: the shell preloads a page's chunks with the app's instead of after the
 * router has run (src/boot.ts).
 */
export function shellRoutes(): { path: string; sources: string[] }[] {
  return pages
    .filter((page) => page.module && !page.prerender)
    .map((page) => ({ path: page.path, sources: routeSources(['root', page.name]) }))
}

function lazyPage(page: PageRoute): () => Promise<RouteModule> {
  const { module } = page
  if (!module) return async () => ({ Component: LockedPage })
  if (page.prerender) {
    const load = prerenderedModules[module]
    if (!load) throw new Error(`No page module ${module} in prerenderedModules`)
    return load
  }
  return async () => {
    const load = (await loadPageModules()).pageModules[module]
    if (!load) throw new Error(`No page module ${module}`)
    return load()
  }
}

/** What a locked page renders: nothing, since its guard always redirects first. */
function LockedPage() {
  return null
}

/**
 * What `?path=` carries for a guarded page a visitor opened: the spec's route name when that names
 * the page exactly, else the page's own path (`/team/2/level`, `/missions?tab=facebook`), since the
 * name alone does not say which level, which product or which tab.
 */
export function returnPathParam(routeName: string, url: URL): string {
  const page = pages.find((candidate) => candidate.name === routeName)
  const exact = page?.path === url.pathname && url.search === ''
  return exact ? routeName : url.pathname + url.search
}

/**
 * Where to go back after login from `?path=`: a route name, or a path one of our pages answers
 * (never another site, never the landing). Anything else is null and the default applies.
 */
export function pathOfRouteName(value: string | null): string | null {
  if (!value) return null
  if (!value.startsWith('/')) {
    const page = pages.find((candidate) => candidate.name === value && candidate.name !== 'landing')
    return page && !page.path.includes(':') ? page.path : null
  }
  // Parsed against our own origin: `//evil.example` or `/\evil.example` would leave it.
  const base = 'http://tery.invalid'
  const url = new URL(value, base)
  if (url.origin !== base) return null
  const page = pages.find(
    (candidate) =>
      candidate.module && candidate.name !== 'landing' && matchPath(candidate.path, url.pathname),
  )
  return page ? url.pathname + url.search : null
}

/** The route tree for a data router (createBrowserRouter in the app, createMemoryRouter in tests). */
export function createRoutes(actors: AppActors): RouteObject[] {
  const prerendered = pages.flatMap((page) => (page.prerender && page.module ? [page.module] : []))
  const extra = Object.keys(prerenderedModules).filter((module) => !prerendered.includes(module))
  if (extra.length > 0) throw new Error(`Not prerendered, imported from the entry: ${extra.join()}`)
  const guards: Record<Guard, (page: PageRoute) => LoaderFunction> = {
    guest: () => landingAware(actors),
    isAuth: (page) => isAuth(actors.session, page.name, returnPathParam),
    lockPage: () => lockPage(actors.session),
  }

  const children: RouteObject[] = pages.map((page) => {
    const common = {
      id: page.name,
      // The layout shows a player's header, not a visitor's, while the session of a player's page
      // is being checked.
      handle: page.guard === 'isAuth' ? { ...page.handle, players: true } : page.handle,
      loader: page.guard ? guards[page.guard](page) : undefined,
      lazy: lazyPage(page),
    }
    return page.path === '/' ? { ...common, index: true } : { ...common, path: page.path.slice(1) }
  })

  return [
    {
      id: 'root',
      path: '/',
      // The layout loads in parallel with the page's chunk and the session check, so the entry
      // holds only what must run before anything else: the machines, the API client, the router.
      lazy: () => import('./layout/layout.tsx').then(({ Layout }) => ({ Component: Layout })),
      ErrorBoundary: RootErrorPage,
      HydrateFallback: AppShell,
      children: [
        {
          id: 'pages',
          ErrorBoundary: ErrorPage,
          children: [
            ...children,
            {
              id: 'notFound',
              path: '*',
              lazy: () =>
                import('./not-found-page').then(({ NotFoundPage }) => ({
                  Component: NotFoundPage,
                })),
              handle: { title: titles.notFound } satisfies RouteHandle,
            },
          ],
        },
      ],
    },
  ]
}

/**
 * guest, and on '/' with `?path=<route name>` (a guarded page sent the visitor here) the login
 * form opens and remembers where to go back after login.
 */
function landingAware(actors: AppActors): LoaderFunction {
  const guestGuard = guest(actors.session)
  return async (args) => {
    await guestGuard(args)
    const url = new URL(args.request.url)
    const target = url.pathname === '/' ? pathOfRouteName(url.searchParams.get('path')) : null
    if (target) actors.ui.send({ type: 'loginForm.show', redirectPath: target })
    return null
  }
}
