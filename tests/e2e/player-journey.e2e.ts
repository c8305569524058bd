import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  freshEmail,
  launchChromium,
  openContext,
  pathOf,
  snap,
  viewports,
  watchPage,
} from './support/browser'

const demoReferralCode = 'TERYDEMO'
const newPlayer = { name: 'Jugadora Prueba', phone: '3001234567', password: 'clave-segura-2026' }

describe.each(viewports)('a player on a $name screen ($width x $height)', (viewport) => {
  let browser: Browser
  let context: BrowserContext
  let page: Page
  let watch: { problems: string[] }

  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser.close()
  })
  beforeEach(async () => {
    context = await openContext(browser, viewport)
    page = await context.newPage()
    watch = watchPage(page)
  })
  afterEach(async () => {
    await context.close()
  })

  const dialog = (name: string) => page.getByRole('dialog', { name })
  const button = (name: string) => page.getByRole('button', { name, exact: true })
  const bottomBar = () => page.getByRole('navigation', { name: 'Navegación inferior' })

  it('is sent from a guarded page to the landing with the route to come back to', async () => {
    await page.goto('/home')
    await page.waitForURL((url) => url.pathname === '/' && url.search === '?path=home')
    await button('INICIAR SESIÓN').waitFor()
    expect(pathOf(page)).toBe('/?path=home')
    await snap(page, viewport, 'guard-redirect')
    expect(watch.problems).toEqual([])
  })

  it('signs up with TERYDEMO, logs in, copies the invite code, opens the menus and logs out', async () => {
    const email = freshEmail(viewport)

    // Sign up: the code is shown uppercase and confirmed by the server before the form is sent.
    await page.goto('/signup')
    const codeInput = page.getByLabel('Código de referido')
    await codeInput.fill(demoReferralCode.toLowerCase())
    expect(await codeInput.inputValue()).toBe(demoReferralCode)
    await page.getByText('Código confirmado').waitFor()
    await page.getByLabel('Nombre').fill(newPlayer.name)
    await page.getByLabel('Correo electrónico').fill(email)
    await page.getByLabel('Celular').fill(newPlayer.phone)
    await page.getByLabel('Contraseña').fill(newPlayer.password)
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
    const emailInput = page.getByLabel('Correo electrónico')
    await expect.poll(() => emailInput.inputValue()).toBe(email)
    await page.getByLabel('Contraseña').fill(newPlayer.password)
    await snap(page, viewport, 'login-filled')
    await button('INGRESAR').click()

    // A new player agrees to the terms once, then lands on /home.
    await button('ACEPTAR').click()
    await page.waitForURL((url) => url.pathname === '/home')
    await page.getByText(inviteCode, { exact: true }).waitFor()

    await page.getByRole('button', { name: 'Copiar código de invitación' }).click()
    await page.getByText('¡Copiado!').waitFor()
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
    await page.goto('/esta-ruta-no-existe')
    await page.getByText('This page could not be found').waitFor()
    await snap(page, viewport, 'not-found')
    await page.getByRole('link', { name: 'Volver al inicio' }).click()
    await page.waitForURL((url) => url.pathname === '/')
    expect(watch.problems).toEqual([])
  })
})
