import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  launchChromium,
  logIn,
  openContext,
  pagePerTest,
  snap,
  type TestPage,
  type Viewport,
  viewports,
} from './support/browser'

const demo = { email: 'demo@tery.example', password: 'tery-demo-2026' }

/**
 * What MENÚ must reach, written here rather than read from the app: six of these pages have no
 * other link in the game, so a destination the menu loses must fail this test.
 */
const destinations = [
  ['INICIO', '/home'],
  ['GESTIÓN', '/management'],
  ['MISIONES', '/missionsLobby'],
  ['CANJEAR', '/market'],
  ['JUGAR', '/play'],
  ['VIDEOS', '/videos'],
  ['LISTAS DE VIDEOS', '/playlists'],
  ['CARGA VOLTA', '/voltaCharge'],
  ['BATERÍA', '/battery'],
  ['MINA', '/mine'],
  ['EQUIPO', '/team'],
  ['PROGRESO', '/progress'],
  ['PERFIL', '/profile'],
  ['GLOBAL', '/global'],
  ['TIENDA', '/shop'],
  ['CUPÓN EXPRÉS', '/expressCoupon'],
  ['ENTRENAMIENTO', '/trainings'],
  ['MÚSICA', '/music'],
  ['SORTEO', '/lottery'],
  ['FINANZAS', '/finance'],
] as const

/** A phone smaller than the card's: the panel no longer fits and scrolls inside itself. */
const smallPhone: Viewport = { name: 'phone', width: 360, height: 560 }

describe.each([...viewports, smallPhone])('MENÚ on a $width x $height screen', (viewport) => {
  let page: Page
  let watch: TestPage['watch']
  pagePerTest(viewport, (opened) => ({ page, watch } = opened))
  beforeEach(async () => {
    await logIn(page, demo.email, demo.password)
  })

  const menuButton = () => page.getByRole('button', { name: 'MENÚ', exact: true })
  const panel = () => page.getByRole('navigation', { name: 'Menú del juego' })

  /** The part of the screen nothing fixed covers: under the header, above the bottom bar. */
  async function openArea(): Promise<{ top: number; bottom: number }> {
    const header = await page.getByRole('banner').boundingBox()
    const bar = page.getByRole('navigation', { name: 'Navegación inferior' })
    const barBox = (await bar.isVisible()) ? await bar.boundingBox() : null
    return { top: header?.y ?? 0, bottom: barBox?.y ?? viewport.height }
  }

  /** Whether the whole of an element is on screen, in the open area. */
  async function fullyShown(locator: Locator, area: { top: number; bottom: number }) {
    const box = await locator.boundingBox()
    if (!box) return false
    return (
      box.x >= 0 &&
      box.x + box.width <= viewport.width &&
      box.y >= area.top &&
      box.y + box.height <= area.bottom
    )
  }

  it('fits the screen, lists every destination, and each one is tapped and opens its page', async () => {
    await menuButton().click()
    const area = await openArea()
    expect(await fullyShown(panel(), area)).toBe(true)
    expect(await panel().getByRole('link').allTextContents()).toEqual(
      destinations.map(([label]) => label),
    )
    await snap(page, viewport, `menu-open-${viewport.width}`)

    for (const [label, path] of destinations) {
      if (!(await panel().isVisible())) await menuButton().click()
      const link = panel().getByRole('link', { name: label, exact: true })
      // A tap, as a finger would: Playwright scrolls the panel to the item if needed and fails
      // when anything else (the bottom bar, the page) would receive it.
      await link.click()
      await page.waitForURL((url) => url.pathname === path)
      await panel().waitFor({ state: 'hidden' })
      await page.locator('main h1').first().waitFor()
    }
    expect(watch.problems).toEqual([])
  })

  it('closes on a click outside it, leaving the page where it was', async () => {
    await menuButton().click()
    const box = await panel().boundingBox()
    if (!box) throw new Error('the panel has no box')
    // Below the panel when there is room, else beside it on the left edge.
    const below = box.y + box.height + 8
    const area = await openArea()
    const point =
      below < area.bottom - 4 ? { x: 8, y: below } : { x: 2, y: (area.top + area.bottom) / 2 }
    await page.mouse.click(point.x, point.y)
    await panel().waitFor({ state: 'hidden' })
    expect(new URL(page.url()).pathname).toBe('/home')
    expect(await menuButton().getAttribute('aria-expanded')).toBe('false')
  })

  it('scrolls inside itself, not the page behind it', async () => {
    await page.goto('/progress')
    await page.locator('main h1').first().waitFor()
    await menuButton().click()
    const before = await page.evaluate(() => window.scrollY)
    const last = panel().getByRole('link', { name: 'FINANZAS', exact: true })
    await panel().hover()
    await page.mouse.wheel(0, 2000)
    const area = await openArea()
    await expect.poll(() => fullyShown(last, area)).toBe(true)
    expect(await page.evaluate(() => window.scrollY)).toBe(before)
  })
})

/** The longest titles, as the header must show them whole on a phone. */
const longTitles = [
  ['/terms', 'Términos y condiciones'],
  ['/privacy_policies', 'Políticas de privacidad'],
  ['/no-existe', 'Página no encontrada'],
  ['/global', 'Clasificación global'],
  ['/terycarbonBattery', 'Batería de terycarbonos'],
] as const

describe.each(viewports)('the page title on a $name screen ($width x $height)', (viewport) => {
  let browser: Browser
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    browser = await launchChromium()
    context = await openContext(browser, viewport)
    page = await context.newPage()
    await logIn(page, demo.email, demo.password)
  })
  afterAll(async () => {
    await browser.close()
  })

  it.each(longTitles)('shows %s as "%s", whole', async (path, title) => {
    await page.goto(path)
    const shown = page.getByRole('banner').locator('.header__title')
    await page.getByRole('banner').getByText(title, { exact: true }).waitFor()
    // Nothing of it clipped: no ellipsis, no third line hidden.
    const clipped = await shown.evaluate(
      (element) =>
        element.scrollWidth > element.clientWidth + 1 ||
        element.scrollHeight > element.clientHeight + 1,
    )
    expect(clipped).toBe(false)
  })
})

describe.each(viewports)("a visitor's header on a $name screen", (viewport) => {
  let page: Page
  pagePerTest(viewport, (opened) => ({ page } = opened))

  it('stays where it was painted while the page loads: FINANZAS arrives in its own room', async () => {
    // Every layout shift of the header's links, from the first paint of the prerendered page.
    await page.addInitScript(() => {
      const moved: string[] = []
      Object.assign(window, { headerShifts: moved })
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          sources: { node: Node | null }[]
        })[]) {
          for (const { node } of entry.sources) {
            if (node instanceof Element && node.closest('header')) moved.push(node.outerHTML)
          }
        }
      }).observe({ type: 'layout-shift', buffered: true })
    })
    await page.goto('/')
    await page
      .getByRole('banner')
      .getByRole('link', { name: /FINANZAS/ })
      .waitFor()
    // A frame after the link came, for the browser to report a shift it caused.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))))

    expect(await page.evaluate(() => Reflect.get(window, 'headerShifts'))).toEqual([])
  })
})
