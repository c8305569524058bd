import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { listPages, type PageSummary } from '../../src/app/router'
import { axeViolations } from './support/axe'
import {
  launchChromium,
  logIn,
  openContext,
  settle,
  snap,
  viewports,
  waitForHydration,
  watchPage,
  type Viewport,
} from './support/browser'

const demo = { email: 'demo@tery.example', password: 'tery-demo-2026' }

/** The route table, pages without parameters first: their links give the others real values. */
const routes = [...listPages()].sort(
  (a, b) => Number(a.path.includes(':')) - Number(b.path.includes(':')),
)

/** A route path as a pattern of addresses: '/shop/:product' matches '/shop/batteries'. */
const addressPattern = (route: PageSummary) =>
  new RegExp(`^${route.path.replace(/:\w+/g, '[^/]+')}$`)

/**
 * The address of each route with parameters, taken from the first link to it the player meets
 * on the pages before it (the seed's own products and team levels); a visitor uses the same.
 */
const linkedAddresses = new Map<string, string>()

async function noteLinks(page: Page) {
  const hrefs = await page.$$eval('a[href^="/"]', (links) =>
    links.map((link) => new URL((link as HTMLAnchorElement).href).pathname),
  )
  for (const route of routes) {
    if (!route.path.includes(':') || linkedAddresses.has(route.path)) continue
    const address = hrefs.find((href) => addressPattern(route).test(href))
    if (address) linkedAddresses.set(route.path, address)
  }
}

function addressOf(route: PageSummary): string {
  if (!route.path.includes(':')) return route.path
  const address = linkedAddresses.get(route.path)
  if (!address) throw new Error(`No page links to ${route.path}: no real address to check it at`)
  return address
}

/** The catch-all route of the table: an address no page has. */
const notFound: PageSummary = { name: 'notFound', path: '/esta-ruta-no-existe' }

let browser: Browser

beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser.close()
})

/** A role at one size: its own context (cookies, storage) and page, watched for problems. */
interface Screen {
  viewport: Viewport
  context: BrowserContext
  page: Page
  watch: { problems: string[] }
}

/**
 * Goes to an address inside the app as the browser's back and forward buttons do (the history
 * changes and the router follows), so each step loads the page's code and data, not the whole
 * app again; the guards run as on any navigation.
 */
async function navigate(page: Page, address: string) {
  await page.evaluate((to) => {
    history.pushState(null, '', to)
    dispatchEvent(new PopStateEvent('popstate'))
  }, address)
}

/** Where a route must end up for a role: its guard redirects, everything else stays. */
function expectedLanding(route: PageSummary, address: string, player: boolean): string {
  if (route.guard === 'lockPage') return player ? '/home' : '/'
  if (route.guard === 'guest' && player) return '/home'
  if (route.guard === 'isAuth' && !player) {
    // The route's name where it names the page; the whole address where it has parameters.
    const path = route.path === address ? route.name : address
    return `/?${new URLSearchParams({ path }).toString()}`
  }
  return address
}

/** What is wrong with where a route landed: the guard's place, and no error page but the 404's. */
async function landingProblem(page: Page, route: PageSummary, address: string, player: boolean) {
  const landed = new URL(page.url())
  const expected = expectedLanding(route, address, player)
  if (`${landed.pathname}${landed.search}` !== expected)
    return `landed on ${landed}, not ${expected}`
  const notFoundShown = (await page.getByText('This page could not be found').count()) > 0
  if (notFoundShown !== (route === notFound))
    return `the 404 page ${notFoundShown ? 'shows' : 'is missing'}`
  if (route !== notFound && (await page.locator('.error-page').count()) > 0) {
    return 'the error page shows'
  }
  return null
}

/**
 * Every route at one size, settled: each must land where its guard says, with no error page, and
 * axe's violations by route, none when all pass.
 */
async function walkRoutes({ viewport, page }: Screen, player: boolean) {
  const found: Record<string, string[]> = {}
  const checked = new Set<string>()
  for (const route of [...routes, notFound]) {
    const address = addressOf(route)
    await navigate(page, address)
    await settle(page)
    if (player) await noteLinks(page)
    const problem = await landingProblem(page, route, address, player)
    if (problem) found[`${viewport.name} ${address}`] = [problem]
    // A guard sends several routes to the same page (the login form, with the route to go
    // back to in ?path=): it is checked once.
    const landed = new URL(page.url())
    const where = `${landed.pathname}?${[...landed.searchParams.keys()].join('&')}`
    if (checked.has(where)) continue
    checked.add(where)
    const violations = await axeViolations(page)
    if (violations.length > 0) {
      found[`${viewport.name} ${address} -> ${landed.pathname}${landed.search}`] = violations
      await snap(page, viewport, `axe-${player ? 'player' : 'visitor'}-${where}`)
    }
  }
  return found
}

/** OPCIONES, then NUESTRAS REDES opened from it: axe's violations with each one open. */
async function checkModals({ viewport, page }: Screen, player: boolean) {
  await page.goto(player ? '/home' : '/')
  await settle(page)
  await page.getByRole('button', { name: 'MÁS', exact: true }).click()
  const options = page.getByRole('dialog', { name: 'OPCIONES' })
  await options.waitFor()
  const found = { [`${viewport.name} OPCIONES`]: await axeViolations(page) }
  await options.getByRole('button', { name: 'NUESTRAS REDES' }).click()
  await page.getByRole('dialog', { name: 'NUESTRAS REDES' }).waitFor()
  await settle(page)
  found[`${viewport.name} NUESTRAS REDES`] = await axeViolations(page)
  return Object.fromEntries(Object.entries(found).filter(([, violations]) => violations.length))
}

/*
 * Each role walks at both sizes at once, one context per size: most of a step is waiting for the
 * page to load and settle, and the two walks wait side by side. The player goes first: the
 * visitor's walk reuses the addresses the player's links gave to routes with parameters.
 */
describe.each([
  { role: 'player', player: true },
  { role: 'visitor', player: false },
])('axe as a $role, at every size', ({ player }) => {
  let screens: Screen[]

  beforeAll(async () => {
    screens = await Promise.all(
      viewports.map(async (viewport) => {
        const context = await openContext(browser, viewport)
        const page = await context.newPage()
        const watch = watchPage(page)
        if (player) await logIn(page, demo.email, demo.password)
        else await page.goto('/')
        // The walk moves through history: the page must have become the app first.
        await waitForHydration(page)
        return { viewport, context, page, watch }
      }),
    )
  })
  afterAll(async () => {
    await Promise.all(screens.map(({ context }) => context.close()))
  })

  const problems = () =>
    screens.flatMap(({ viewport, watch }) =>
      watch.problems.map((problem) => `${viewport.name}: ${problem}`),
    )

  it(
    'every route of the route table lands where its guard says, without an error, and has no violation',
    { timeout: 240_000 },
    async () => {
      const found = await Promise.all(screens.map((screen) => walkRoutes(screen, player)))
      expect(Object.assign({}, ...found)).toEqual({})
      expect(problems()).toEqual([])
    },
  )

  it('OPCIONES and NUESTRAS REDES, open, have no violation', async () => {
    const found = await Promise.all(screens.map((screen) => checkModals(screen, player)))
    expect(Object.assign({}, ...found)).toEqual({})
    expect(problems()).toEqual([])
  })
})
