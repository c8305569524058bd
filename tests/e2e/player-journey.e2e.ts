import { fileURLToPath } from 'node:url'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  baseUrl,
  freshEmail,
  pagePerTest,
  settle,
  snap,
  type TestPage,
  viewports,
} from './support/browser'

/** The layout-shift observer of the bench (`--only=shifts`), given to the page as written. */
const shiftObserver = fileURLToPath(
  new URL('../../scripts/lib/layout-shift-observer.js', import.meta.url),
)

/**
 * The players' pages whose calls' answers arrive under what they painted first, without moving it
 * (decision 018): checked with every call held this long.
 */
const steadyPages = [
  '/missionsLobby',
  '/terycarbonBattery',
  '/voltaCharge',
  '/referral',
  '/music',
  '/finance',
  '/progress',
  '/profile',
]
const CALL_DELAY_MS = 400

const demo = { email: 'demo@tery.example', password: 'tery-demo-2026', code: 'TERYDEMO' }
const newPlayer = { name: 'Jugadora Prueba', phone: '3001234567', password: 'clave-segura-2026' }

describe.each(viewports)('a player on a $name screen ($width x $height)', (viewport) => {
  let context: BrowserContext
  let page: Page
  let watch: TestPage['watch']
  pagePerTest(viewport, (opened) => ({ context, page, watch } = opened))

  const dialog = (name: string) => page.getByRole('dialog', { name })
  const button = (name: string) => page.getByRole('button', { name, exact: true })
  const bottomBar = () => page.getByRole('navigation', { name: 'Navegación inferior' })
  const textbox = (name: string) => page.getByRole('textbox', { name, exact: true })
  // A password input has no ARIA role: found by its label.
  const password = () => page.getByLabel('Contraseña', { exact: true })

  it('is sent from a guarded page to the login form, and back there after logging in', async () => {
    await page.goto('/home')
    // Once the shell has painted, it fetches the page's code with the app's, before the router
    // asks for it: one link, which nothing else adds.
    const pageCode = page.locator('link[rel="modulepreload"][href*="/home.route-"]')
    await pageCode.waitFor({ state: 'attached' })
    expect(await pageCode.count()).toBe(1)
    await page.waitForURL((url) => url.pathname === '/' && url.search === '?path=home')
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor()
    expect(await bottomBar().isVisible()).toBe(false)

    // A visitor's OPCIONES has no SALIR, and closes on its close button.
    await button('MÁS').click()
    await dialog('OPCIONES').waitFor()
    expect(await dialog('OPCIONES').getByRole('button', { name: 'SALIR' }).count()).toBe(0)
    await dialog('OPCIONES').getByRole('button', { name: 'Cerrar' }).click()
    await dialog('OPCIONES').waitFor({ state: 'hidden' })
    await snap(page, viewport, 'guard-redirect')

    await textbox('Correo electrónico').fill(demo.email)
    await password().fill(demo.password)
    await button('INGRESAR').click()
    await page.waitForURL((url) => url.pathname === '/home')
    await page.getByText(demo.code, { exact: true }).waitFor()
    expect(watch.problems).toEqual([])
  })

  it("paints a player's page from its HTML before any script, then hydrates it in place", async () => {
    const login = await context.request.post('/api/auth/login', {
      data: { email: demo.email, password: demo.password },
      headers: { Origin: baseUrl },
    })
    expect(login.status()).toBe(200)

    // Without its scripts, the page is there already: a player's header, the page's heading and
    // its cards with their own words.
    const htmlOnly = await context.newPage()
    await htmlOnly.route(/\/assets\/.+\.js$/, (route) => route.abort())
    await htmlOnly.goto('/mine')
    await htmlOnly.getByRole('heading', { name: 'Tu mina', level: 1 }).waitFor()
    await htmlOnly.getByRole('heading', { name: 'Bono de equipo', level: 2 }).waitFor()
    expect(await htmlOnly.getByRole('button', { name: 'MENÚ' }).isDisabled()).toBe(true)
    expect(await htmlOnly.getByRole('link', { name: 'SORTEO' }).count()).toBe(0)
    await htmlOnly.close()

    // With them, the same heading stays and the mine arrives under it, without a warning and
    // without moving what was painted: every layout shift from the first paint is recorded by
    // the bench's observer (`benchShifts`, what moved and from where).
    await page.addInitScript({ path: shiftObserver })
    await page.goto('/mine')
    const heading = page.getByRole('heading', { name: 'Tu mina', level: 1 })
    await heading.waitFor()
    await page.getByRole('list', { name: 'Las nueve estaciones de tu mina' }).waitFor()
    expect(await page.getByRole('button', { name: 'MENÚ' }).isDisabled()).toBe(false)
    // Its calls answered before the page is left: one cut short by the navigation is a problem.
    await settle(page)
    expect(watch.problems).toEqual([])
    // A frame after the last answer, for the browser to report a shift it caused.
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))))
    expect(await page.evaluate(() => Reflect.get(window, 'benchShiftsObserved'))).toBe(true)
    expect(await page.evaluate(() => Reflect.get(window, 'benchShifts'))).toEqual([])

    // A session that has ended gets the same page's frame, then the login form.
    await context.clearCookies()
    await context.addCookies([{ name: 'tery_session', value: 'terminada', url: baseUrl }])
    await page.goto('/home')
    await page.waitForURL((url) => url.pathname === '/' && url.search === '?path=home')
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor()
    expect(watch.problems).toEqual([])
  })

  // Pages whose answers once pushed down what was painted above the fold (bench/NOTES.md,
  // "Twenty-first round"): each opened with every call held, as a phone's network may, and every
  // layout shift from the first paint recorded by the bench's observer.
  it.each(steadyPages)('opens %s without moving what was painted', async (route) => {
    const login = await context.request.post('/api/auth/login', {
      data: { email: demo.email, password: demo.password },
      headers: { Origin: baseUrl },
    })
    expect(login.status()).toBe(200)
    await page.route(/\/api\//, async (call) => {
      await new Promise((done) => setTimeout(done, CALL_DELAY_MS))
      await call.continue().catch(() => undefined)
    })
    await page.addInitScript({ path: shiftObserver })
    await page.goto(route)
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await settle(page)
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => setTimeout(done))))
    expect(watch.problems).toEqual([])
    expect(await page.evaluate(() => Reflect.get(window, 'benchShiftsObserved'))).toBe(true)
    expect(await page.evaluate(() => Reflect.get(window, 'benchShifts'))).toEqual([])
  })

  it('signs up with TERYDEMO, logs in, copies the invite code, opens the menus and logs out', async () => {
    const email = freshEmail(viewport)

    // Sign up: the code is shown uppercase and confirmed by the server before the form is sent.
    await page.goto('/signup')
    const codeInput = textbox('Código de referido')
    await codeInput.fill(demo.code.toLowerCase())
    expect(await codeInput.inputValue()).toBe(demo.code)
    await page.getByRole('img', { name: 'Código confirmado' }).waitFor()
    await textbox('Nombre').fill(newPlayer.name)
    await textbox('Correo electrónico').fill(email)
    await textbox('Celular').fill(newPlayer.phone)
    await password().fill(newPlayer.password)
    await snap(page, viewport, 'signup-filled')
    const signupAnswer = page.waitForResponse(
      (response) => new URL(response.url()).pathname === '/api/auth/signup',
    )
    await button('CREAR CUENTA').click()
    const signup = (await (await signupAnswer).json()) as { status: number; data: { code: string } }
    expect(signup.status).toBe(201)
    const inviteCode = signup.data.code

    // Signup does not log in: the landing opens the login form with the new email filled in.
    await page.waitForURL((url) => url.pathname === '/')
    await page.getByText('Cuenta creada. Ya puedes iniciar sesión.').waitFor()
    await expect.poll(() => textbox('Correo electrónico').inputValue()).toBe(email)
    await password().fill(newPlayer.password)
    await snap(page, viewport, 'login-filled')
    await button('INGRESAR').click()

    // A new player agrees to the terms once, then lands on /home with their invite code.
    await dialog('Términos y condiciones').getByRole('button', { name: 'ACEPTAR' }).click()
    await dialog('Términos y condiciones').waitFor({ state: 'hidden' })
    await page.waitForURL((url) => url.pathname === '/home')
    await page.getByText(inviteCode, { exact: true }).waitFor()

    await page.getByRole('button', { name: 'Copiar código de invitación' }).click()
    await page.getByRole('button', { name: '¡Copiado!' }).waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(inviteCode)

    // The bottom bar: with a session, only on a small screen.
    if (viewport.name === 'phone') {
      await bottomBar().waitFor()
      for (const item of ['INICIO', 'GESTIÓN', 'MISIONES', 'CANJEAR']) {
        expect(await bottomBar().getByRole('link', { name: item }).isVisible()).toBe(true)
      }
    } else {
      expect(await bottomBar().isVisible()).toBe(false)
    }
    await snap(page, viewport, 'home')

    // OPCIONES opens from MÁS, lists SALIR for a player, and closes on Escape.
    await button('MÁS').click()
    await dialog('OPCIONES').waitFor()
    expect(await dialog('OPCIONES').getByRole('button', { name: 'SALIR' }).isVisible()).toBe(true)
    await snap(page, viewport, 'options')
    await page.keyboard.press('Escape')
    await dialog('OPCIONES').waitFor({ state: 'hidden' })

    // NUESTRAS REDES opens from OPCIONES (which closes) and closes on CONTINUAR.
    await button('MÁS').click()
    await dialog('OPCIONES').getByRole('button', { name: 'NUESTRAS REDES' }).click()
    await dialog('NUESTRAS REDES').waitFor()
    expect(await dialog('OPCIONES').isVisible()).toBe(false)
    await snap(page, viewport, 'social')
    await dialog('NUESTRAS REDES').getByRole('button', { name: 'CONTINUAR' }).click()
    await dialog('NUESTRAS REDES').waitFor({ state: 'hidden' })

    // SALIR asks first, then the app reloads to the landing without a session.
    await button('MÁS').click()
    await dialog('OPCIONES').getByRole('button', { name: 'SALIR' }).click()
    await dialog('Cerrar sesión').getByRole('button', { name: 'SÍ, SALIR' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    await button('INICIAR SESIÓN').waitFor()
    expect(await bottomBar().isVisible()).toBe(false)
    await snap(page, viewport, 'logged-out')

    // The session is gone on the server too: /home sends the visitor back to the landing.
    await page.goto('/home')
    await page.waitForURL((url) => url.pathname === '/' && url.search === '?path=home')
    expect(watch.problems).toEqual([])
  })

  it('shows the 404 page on an unknown route, with a link home', async () => {
    const document = await page.goto('/esta-ruta-no-existe')
    // The page runs under the server's CSP: watchPage fails the test on any violation.
    expect(document?.headers()['content-security-policy']).toContain("default-src 'self'")
    await page.getByText('This page could not be found').waitFor()
    await snap(page, viewport, 'not-found')
    await page.getByRole('link', { name: 'Volver al inicio' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    expect(watch.problems).toEqual([])
  })
})
