import type { ComponentType } from 'react'
import type { LoaderFunction, RouteObject } from 'react-router-dom'
import { titles } from '../copy/common'
import type { AppActors } from './app-actors'
import { AppShell } from './app-shell'
import { ErrorPage, RootErrorPage } from './error-page'
import { guest, isAuth, lockPage } from './guards'
import type { RouteHandle } from './route-handle'

type Guard = 'guest' | 'isAuth' | 'lockPage'

/** A screen: its route name (the route id, and what `?path=` carries), path, guard and code. */
type PageRoute = {
  name: string
  path: string
  guard?: Guard
  handle?: RouteHandle
  lazy?: () => Promise<{ Component: ComponentType }>
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
    lazy: () => import('../pages/landing/landing.route'),
  },
  {
    name: 'signup',
    path: '/signup',
    guard: 'guest',
    handle: { title: titles.signup },
    lazy: () => import('../pages/signup/signup.route'),
  },
  {
    name: 'home',
    path: '/home',
    guard: 'isAuth',
    handle: { title: titles.home },
    lazy: () => import('../pages/home/home.route'),
  },
  {
    name: 'support',
    path: '/support',
    handle: { title: titles.support },
    lazy: () => import('../pages/support/support.route'),
  },
  {
    name: 'terms',
    path: '/terms',
    handle: { title: titles.terms, legal: true },
    lazy: () => import('../pages/terms/terms.route'),
  },
  {
    name: 'privacy_policies',
    path: '/privacy_policies',
    handle: { title: titles.privacyPolicies, legal: true },
    lazy: () => import('../pages/privacy-policies/privacy-policies.route'),
  },
  {
    name: 'management',
    path: '/management',
    guard: 'isAuth',
    handle: { title: titles.management },
    lazy: () => import('../pages/management/management.route'),
  },
  {
    name: 'lottery',
    path: '/lottery',
    handle: { title: titles.lottery },
    lazy: () => import('../pages/lottery/lottery.route'),
  },
  {
    name: 'shop',
    path: '/shop',
    guard: 'isAuth',
    handle: { title: titles.shop },
    lazy: () => import('../pages/shop/shop.route'),
  },
  {
    name: 'shopProduct',
    path: '/shop/:product',
    guard: 'isAuth',
    handle: { title: titles.shop },
    lazy: () => import('../pages/shop-product/shop-product.route'),
  },
  {
    name: 'music',
    path: '/music',
    guard: 'isAuth',
    handle: { title: titles.music },
    lazy: () => import('../pages/music/music.route'),
  },
  {
    name: 'musicCallback',
    path: '/music/callback',
    guard: 'isAuth',
    handle: { title: titles.music },
    lazy: () => import('../pages/music-callback/music-callback.route'),
  },
  {
    name: 'trainings',
    path: '/trainings',
    guard: 'isAuth',
    handle: { title: titles.trainings },
    lazy: () => import('../pages/trainings/trainings.route'),
  },
  {
    name: 'training',
    path: '/training',
    guard: 'isAuth',
    handle: { title: titles.trainings },
    lazy: () => import('../pages/training/training.route'),
  },
  {
    name: 'trainingPlaying',
    path: '/training/playing',
    guard: 'isAuth',
    handle: { title: titles.lesson },
    lazy: () => import('../pages/training-playing/training-playing.route'),
  },
  {
    name: 'finance',
    path: '/finance',
    guard: 'isAuth',
    handle: { title: titles.finance },
    lazy: () => import('../pages/finance/finance.route'),
  },
  // The spec lists these as existing and nothing more: lockPage sends everyone away.
  ...['missionsOld', 'coaching', 'trainer'].map((name): PageRoute => ({
    name,
    path: `/${name}`,
    guard: 'lockPage',
    lazy: async () => ({ Component: LockedPage }),
  })),
]

/** A page of the route table: its name, path and guard (the E2E visit of every route reads it). */
export type PageSummary = Pick<PageRoute, 'name' | 'path' | 'guard'>

/** Every page's name, path and guard, in table order. */
export function listPages(): PageSummary[] {
  return pages.map(({ name, path, guard }) => ({ name, path, guard }))
}

/** What a locked page renders: nothing, since its guard always redirects first. */
function LockedPage() {
  return null
}

/**
 * The path of a route name from `?path=`, or null for anything that is not one of our pages, and
 * for pages whose path has parameters (the name alone does not say which product).
 */
export function pathOfRouteName(name: string | null): string | null {
  if (!name) return null
  const path = pages.find((page) => page.name === name && page.name !== 'landing')?.path
  return path && !path.includes(':') ? path : null
}

/** The route tree for a data router (createBrowserRouter in the app, createMemoryRouter in tests). */
export function createRoutes(actors: AppActors): RouteObject[] {
  const guards: Record<Guard, (page: PageRoute) => LoaderFunction> = {
    guest: () => landingAware(actors),
    isAuth: (page) => isAuth(actors.session, page.name),
    lockPage: () => lockPage(actors.session),
  }

  const children: RouteObject[] = pages.map((page) => {
    const common = {
      id: page.name,
      handle: page.handle,
      loader: page.guard ? guards[page.guard](page) : undefined,
      lazy: page.lazy,
    }
    return page.path === '/' ? { ...common, index: true } : { ...common, path: page.path.slice(1) }
  })

  return [
    {
      id: 'root',
      path: '/',
      // The layout loads in parallel with the page's chunk and the session check, so the entry
      // holds only what must run before anything else: the machines, the API client, the router.
      lazy: () => import('./layout/layout').then(({ Layout }) => ({ Component: Layout })),
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
