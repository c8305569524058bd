import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { apiSession } from './support/api'
import { desktop, launchChromium, openContext, settle, snap, watchPage } from './support/browser'

/**
 * The seed's keyboard player (server/db/seed/players.ts, KEYBOARD_EMAIL): nobody else plays as them,
 * so what the walk claims and buys does not depend on which journeys ran before.
 */
const player = { email: 'lucia.navarro@tery.example', password: 'tery-demo-2026' }
/** A seeded trader (server/db/seed/market.ts) no other journey signs in as: they list the offer. */
const seller = { email: 'felipe.medina@tery.example', password: 'tery-demo-2026' }
/** The offer the seller lists for the walk: few terydollars, a price no seeded offer has. */
const listed = { amount: 3, price: 101 }

/**
 * Why the element with the focus is not one the player can see with its focus ring, or null
 * when it is: something has the focus, it matches :focus-visible, draws an outline or a shadow,
 * has a size, lies inside the viewport and is not entirely covered by another element there (the
 * sticky header, a backdrop).
 */
function focusProblem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const focused = document.activeElement
    if (!(focused instanceof HTMLElement) || focused === document.body) return 'nothing has focus'
    const name = `<${focused.tagName.toLowerCase()}> "${(focused.getAttribute('aria-label') ?? focused.textContent ?? '').trim().slice(0, 60)}"`
    if (!focused.matches(':focus-visible')) return `${name} does not match :focus-visible`
    const style = getComputedStyle(focused)
    const outline =
      style.outlineStyle !== 'none' &&
      parseFloat(style.outlineWidth) > 0 &&
      style.outlineColor !== 'rgba(0, 0, 0, 0)'
    if (!outline && style.boxShadow === 'none') return `${name} draws no focus indicator`
    const box = focused.getBoundingClientRect()
    if (box.width === 0 || box.height === 0) return `${name} has no size`
    if (box.bottom <= 0 || box.top >= innerHeight || box.right <= 0 || box.left >= innerWidth) {
      return `${name} is outside the viewport`
    }
    // WCAG 2.4.11 (AA): not entirely hidden. A toast may cover part of it for its six seconds.
    const inset = (from: number, to: number, share: number) => from + (to - from) * share
    const points = [0.5, 0.1, 0.9].flatMap((across) =>
      [0.5, 0.1, 0.9].map((down) => [
        Math.min(Math.max(inset(box.left, box.right, across), 0), innerWidth - 1),
        Math.min(Math.max(inset(box.top, box.bottom, down), 0), innerHeight - 1),
      ]),
    )
    const seen = points.map(([x, y]) => document.elementFromPoint(x as number, y as number))
    if (seen.every((shown) => shown && shown !== focused && !focused.contains(shown))) {
      const cover = seen[0] as Element
      return `${name} is hidden by <${cover.tagName.toLowerCase()} class="${cover.className}">`
    }
    return null
  })
}

/**
 * One key, then the focus must be visible where it went; with `shows`, once that has appeared
 * (what the key opens may first load its code).
 */
async function press(page: Page, key: string, step: string, shows?: Locator) {
  await page.keyboard.press(key)
  await shows?.waitFor()
  expect(await focusProblem(page), `${step}: after ${key}`).toBeNull()
}

const isFocused = (target: Locator) =>
  target.evaluateAll((elements) => elements.some((element) => element === document.activeElement))

/**
 * Tab (or Shift+Tab) until one of `target`'s elements has the focus, checking the focus at every
 * stop on the way: a page whose order never reaches it fails after `max` presses.
 */
async function tabTo(page: Page, target: Locator, step: string, { back = false, max = 60 } = {}) {
  for (let presses = 0; presses < max; presses += 1) {
    await press(page, back ? 'Shift+Tab' : 'Tab', step)
    if (await isFocused(target)) return
  }
  throw new Error(`${step}: ${max} presses of ${back ? 'Shift+Tab' : 'Tab'} never reached it`)
}

describe('a keyboard-only player on a desktop screen', () => {
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let watch: { problems: string[] }

  beforeAll(async () => {
    browser = await launchChromium()
    context = await openContext(browser, desktop)
    page = await context.newPage()
    watch = watchPage(page)
  })
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await snap(page, desktop, 'keyboard-failed')
  })
  afterAll(async () => {
    await context.close()
    await browser.close()
  })

  const button = (name: string) => page.getByRole('button', { name, exact: true })
  const dialog = (name: string) => page.getByRole('dialog', { name })
  const header = (label: string) => async () =>
    Number(
      (
        (await page
          .getByRole('list', { name: 'Tus recursos' })
          .getByRole('listitem')
          .filter({ hasText: `${label}:` })
          .textContent()) ?? ''
      ).replace(/\D/g, ''),
    )

  /** Enter on what leads to another page: once there, the focus must be visible on it. */
  async function follow(to: (url: URL) => boolean, step: string) {
    await page.keyboard.press('Enter')
    await page.waitForURL(to)
    await settle(page)
    expect(await focusProblem(page), `${step}: after Enter`).toBeNull()
  }

  /** Back to MENÚ in the header, then one of the game menu's links. */
  async function throughMenu(link: string, pathname: string) {
    await tabTo(page, button('MENÚ'), 'MENÚ', { back: true })
    const menu = page.getByRole('navigation', { name: 'Menú del juego' })
    await press(page, 'Enter', 'the game menu opens', menu)
    await tabTo(page, menu.getByRole('link', { name: link }), `${link} in the menu`)
    await follow((url) => url.pathname === pathname, link)
  }

  it(
    'logs in, opens and closes OPCIONES, claims a mission and buys an offer with the keyboard alone, the focus visible at every step',
    { timeout: 180_000 },
    async () => {
      // Log in from the landing.
      await page.goto('/')
      await settle(page)
      await tabTo(page, button('INICIAR SESIÓN'), 'INICIAR SESIÓN')
      const email = page.getByRole('textbox', { name: 'Correo electrónico', exact: true })
      await press(page, 'Enter', 'the login form opens', email)
      expect(await isFocused(email), 'the focus moves to the email field').toBe(true)
      await page.keyboard.type(player.email)
      await tabTo(page, page.getByLabel('Contraseña', { exact: true }), 'the password field')
      await page.keyboard.type(player.password)
      await follow((url) => url.pathname === '/home', 'logged in')

      // OPCIONES keeps the focus inside and gives it back to MÁS on Escape.
      // The header comes before the page's content, where the focus is.
      await tabTo(page, button('MÁS'), 'MÁS', { back: true })
      const options = dialog('OPCIONES')
      await press(page, 'Enter', 'OPCIONES opens', options)
      const inside = () => options.evaluate((box) => box.contains(document.activeElement))
      expect(await inside(), 'the focus moves into OPCIONES').toBe(true)
      const stops = await options.locator('a[href], button:not([disabled])').count()
      for (let step = 0; step <= stops; step += 1) {
        await press(page, 'Tab', `OPCIONES, stop ${step + 1}`)
        expect(await inside(), 'Tab stays inside OPCIONES').toBe(true)
      }
      await press(page, 'Shift+Tab', 'OPCIONES, back one')
      expect(await inside(), 'Shift+Tab stays inside OPCIONES').toBe(true)
      await press(page, 'Escape', 'OPCIONES closes')
      await options.waitFor({ state: 'hidden' })
      expect(await isFocused(button('MÁS')), 'the focus is back on MÁS').toBe(true)

      // A mission: the game menu, the lobby, the YouTube tab, RECLAMAR.
      const gems = header('Gemas')
      const gemsBefore = await gems()
      await throughMenu('MISIONES', '/missionsLobby')
      // The seed's claimable mission is the player's mission in progress.
      const current = page
        .getByRole('region', { name: 'Tus misiones en curso' })
        .getByRole('listitem')
        .filter({ hasText: 'Dale me gusta a «Cómo minar terycarbonos»' })
      await tabTo(page, current.getByRole('link', { name: 'Abrir' }), 'the mission in progress')
      await follow(
        (url) => url.pathname === '/missions' && url.search === '?red=youtube',
        'the mission in progress',
      )
      const mission = page.getByRole('article', {
        name: 'Dale me gusta a «Cómo minar terycarbonos»',
      })
      await tabTo(page, mission.getByRole('button', { name: 'RECLAMAR' }), 'RECLAMAR')
      await press(page, 'Space', 'the mission is claimed')
      await expect.poll(gems).toBe(gemsBefore + 6)
      expect(await focusProblem(page), 'once claimed').toBeNull()
      await snap(page, desktop, 'keyboard-mission-claimed')

      // An offer another player lists, bought on the trading board.
      const sellerApi = await apiSession(seller.email, seller.password)
      const offered = await sellerApi.call<{ offer: { id: number; total: number } }>(
        'POST',
        '/api/trading',
        listed,
      )
      expect(offered.status, offered.message).toBe(201)
      const { data } = offered
      const sellerBefore = await sellerApi.balances()
      const buyerApi = await apiSession(player.email, player.password)
      const buyerBefore = await buyerApi.balances()

      await throughMenu('BATERÍA', '/battery')
      const buy = button(
        `COMPRAR ${listed.amount} terydólares a ${listed.price} gemas c/u (Felipe Medina)`,
      )
      await tabTo(page, buy, 'COMPRAR', { max: 120 })
      const confirm = dialog('Confirmar compra')
      await press(page, 'Enter', 'the purchase asks for confirmation', confirm)
      await tabTo(page, confirm.getByRole('button', { name: 'CONFIRMAR' }), 'CONFIRMAR')
      await page.keyboard.press('Enter')
      const bought = dialog('Compra realizada')
      await bought.waitFor()
      expect(await focusProblem(page), 'the purchase is done').toBeNull()
      await snap(page, desktop, 'keyboard-offer-bought')
      await press(page, 'Escape', 'the dialog closes')
      await bought.waitFor({ state: 'hidden' })

      // Through the API: the offer is gone from the board, the gems and terydollars moved.
      const board = await buyerApi.call<{ items: { id: number }[] }>('GET', '/api/trading')
      expect(board.data.items.map((offer) => offer.id)).not.toContain(data.offer.id)
      expect(await buyerApi.balances()).toMatchObject({
        gems: buyerBefore.gems - data.offer.total,
        terydollars: buyerBefore.terydollars + listed.amount,
      })
      expect((await sellerApi.balances()).gems).toBeGreaterThan(sellerBefore.gems)
      expect(watch.problems).toEqual([])
    },
  )
})
