import { spawn } from 'node:child_process'
import { rmSync } from 'node:fs'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  bin,
  copyOfDataDir,
  freePort,
  root,
  startServer,
  stopServer,
  waitUntilReady,
  type RunningServer,
} from '../../scripts/lib/server-process'
import {
  freshEmail,
  launchChromium,
  seededDataDir,
  snap,
  viewports,
  watchPage,
  type Viewport,
} from './support/browser'

/*
 * The earning journeys run on a server of their own: on PGlite the operator CLI may open the
 * database only while no server holds it, so the journey stops the server, verifies the account
 * with `npm run admin -- verify-account <id>` as an operator would, and starts it again.
 */

const [phone, desktop] = viewports as [Viewport, Viewport]
const demo = { email: 'demo@tery.example', password: 'tery-demo-2026' }
const newPlayer = { name: 'Jugadora Misiones', phone: '3001234567', password: 'clave-segura-2026' }

let dataDir: string
let port: number
let server: RunningServer
let browser: Browser

async function start() {
  // Only the operator verifies: the demo's own delay is off, so the test proves the CLI did it.
  server = startServer(port, dataDir, { DEMO_VERIFY_SECONDS: 'off' })
  await waitUntilReady(server, 120_000)
}

/** `npm run admin -- <args>` on the journey's DATA_DIR; resolves with its output. */
function admin(...args: string[]): Promise<{ code: number; out: string }> {
  return new Promise((done) => {
    const child = spawn(bin('tsx'), ['server/cli.ts', ...args], {
      cwd: root,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let out = ''
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (out += chunk.toString()))
    child.on('exit', (code) => done({ code: code ?? 1, out }))
  })
}

beforeAll(async () => {
  dataDir = copyOfDataDir(seededDataDir, 'tery-e2e-earning-')
  port = await freePort()
  await start()
  browser = await launchChromium()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await stopServer(server)
  rmSync(dataDir, { recursive: true, force: true })
})

async function openPage(viewport: Viewport, refusals: readonly string[] = []) {
  const context = await browser.newContext({
    baseURL: server.baseUrl,
    viewport: { width: viewport.width, height: viewport.height },
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
  })
  const page = await context.newPage()
  return { context, page, watch: watchPage(page, { refusals }) }
}

/** What the header shows for a currency, e.g. 'Gemas: 10'. */
function header(page: Page, label: string) {
  return () =>
    page
      .getByRole('list', { name: 'Tus recursos' })
      .getByRole('listitem')
      .filter({ hasText: `${label}:` })
      .textContent()
}

/** The header's amount of a currency, as a number (es-CO grouping read back). */
function amount(page: Page, label: string) {
  const read = header(page, label)
  return async () => Number(((await read()) ?? '').replace(/\D/g, ''))
}

async function logIn(page: Page, email: string, password: string) {
  await page.goto('/?path=home')
  await page.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill(email)
  await page.getByLabel('Contraseña', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'INGRESAR', exact: true }).click()
}

describe('earning', () => {
  let context: BrowserContext
  let page: Page
  let watch: { problems: string[] }
  let viewport: Viewport

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await snap(page, viewport, `earning-failed-${task.name}`)
    await context.close()
  })

  it(
    'a new player registers a TikTok account, the operator verifies it, and the player is paid for a mission and a video',
    { timeout: 240_000 },
    async () => {
      viewport = phone
      // Taking a mission before the account is verified is refused on purpose.
      ;({ context, page, watch } = await openPage(viewport, ['403 /api/mission/add']))
      const email = freshEmail(viewport)

      await page.goto('/signup')
      await page.getByRole('textbox', { name: 'Código de referido' }).fill('terydemo')
      await page.getByRole('img', { name: 'Código confirmado' }).waitFor()
      await page.getByRole('textbox', { name: 'Nombre', exact: true }).fill(newPlayer.name)
      await page.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill(email)
      await page.getByRole('textbox', { name: 'Celular', exact: true }).fill(newPlayer.phone)
      await page.getByLabel('Contraseña', { exact: true }).fill(newPlayer.password)
      await page.getByRole('button', { name: 'CREAR CUENTA', exact: true }).click()
      await page.waitForURL((url) => url.pathname === '/')
      await logIn(page, email, newPlayer.password)
      await page
        .getByRole('dialog', { name: 'Términos y condiciones' })
        .getByRole('button', { name: 'ACEPTAR' })
        .click()
      await page.waitForURL((url) => url.pathname === '/home')

      // The lobby, then the TikTok tab: no account yet, so its missions are denied.
      await page
        .getByRole('navigation', { name: 'Navegación inferior' })
        .getByRole('link', { name: 'MISIONES' })
        .click()
      await page.waitForURL((url) => url.pathname === '/missionsLobby')
      await page.getByText('Te quedan 3 de 3 misiones hoy').waitFor()
      await snap(page, viewport, 'earning-lobby')
      await page.goto('/missions?red=tiktok')
      const card = page.getByRole('region', { name: 'Tu cuenta de TikTok' })
      const tile = page.getByRole('article', { name: 'Sigue a @terygame en TikTok' })
      await tile.getByRole('button', { name: 'TOMAR MISIÓN' }).click()
      await tile
        .getByText('Necesitas una cuenta de TikTok verificada para tomar esta misión')
        .waitFor()

      // The account: checked in the form, sent, pending.
      await card.getByRole('button', { name: 'AGREGAR CUENTA' }).click()
      const handle = `@e2e.${Date.now().toString(36)}`
      await card.getByRole('textbox', { name: 'Usuario o enlace de TikTok' }).fill(handle)
      const registered = page.waitForResponse(
        (response) =>
          new URL(response.url()).pathname === '/api/mission/account' &&
          response.request().method() === 'POST',
      )
      await card.getByRole('button', { name: 'REGISTRAR CUENTA' }).click()
      const { data: account } = (await (await registered).json()) as { data: { id: string } }
      await card.getByText('Pendiente de verificación').waitFor()
      await snap(page, viewport, 'earning-account-pending')

      // The operator: the server is stopped (PGlite is one process), the account verified.
      await page.goto('about:blank')
      await stopServer(server)
      const listed = await admin('pending-accounts')
      expect(listed.out).toContain(`${account.id}  TikTok    ${handle}  ${email}`)
      const verified = await admin('verify-account', account.id)
      expect(verified.code).toBe(0)
      expect(verified.out).toContain(`Verified the TikTok account ${handle}`)
      await start()

      // Verified: the mission is taken, checked (not yet, then yes) and claimed.
      await page.goto('/missions?red=tiktok')
      await card.getByText('Verificada').waitFor()
      expect(await header(page, 'Gemas')()).toBe('Gemas: 0')
      await tile.getByRole('button', { name: 'TOMAR MISIÓN' }).click()
      await page.getByText('Misión tomada. Te quedan 2 misiones hoy.').waitFor()
      await tile.getByRole('link', { name: /Abrir en TikTok/ }).waitFor()
      await tile.getByRole('button', { name: 'VERIFICAR' }).click()
      await tile.getByText(/Aún no vemos tu acción en TikTok/).waitFor()
      await snap(page, viewport, 'earning-mission-not-yet')
      // The local provider confirms once the action's time has passed: ask until it does.
      const verify = tile.getByRole('button', { name: 'VERIFICAR' })
      const claim = tile.getByRole('button', { name: 'RECLAMAR' })
      await expect
        .poll(
          async () => {
            if (await verify.isVisible()) await verify.click()
            return claim.isVisible()
          },
          { timeout: 30_000, interval: 2_000 },
        )
        .toBe(true)
      await claim.click()
      await expect.poll(header(page, 'Gemas')).toBe('Gemas: 10')
      await snap(page, viewport, 'earning-mission-claimed')

      // A video: played, watched for its whole time on the server's clock, finished.
      await page.goto('/play')
      expect(await header(page, 'Terycarbonos')()).toBe('Terycarbonos: 100')
      await page.getByRole('link', { name: 'JUGAR: La mina en cinco segundos' }).click()
      const player = page.getByRole('region', { name: 'Reproductor: La mina en cinco segundos' })
      await player.getByRole('button', { name: 'REPRODUCIR' }).click()
      await player.getByRole('timer').waitFor()
      await snap(page, viewport, 'earning-video-playing')
      await player.getByRole('button', { name: 'RECLAMAR' }).waitFor({ timeout: 20_000 })
      await player.getByRole('button', { name: 'RECLAMAR' }).click()
      await player.getByText('Completaste este video.').waitFor()
      await expect.poll(header(page, 'Terycarbonos')).toBe('Terycarbonos: 120')
      await snap(page, viewport, 'earning-video-finished')
      expect(watch.problems).toEqual([])
    },
  )

  it('the demo player finds it all alive: claims a mission, the volta charge and the referral earnings', async () => {
    viewport = desktop
    ;({ context, page, watch } = await openPage(viewport))
    await logIn(page, demo.email, demo.password)
    await page.waitForURL((url) => url.pathname === '/home')
    const gems = amount(page, 'Gemas')
    const volta = amount(page, 'Carga volta')

    await page.goto('/missions?red=youtube')
    const before = await gems()
    const claimable = page.getByRole('article', {
      name: 'Dale me gusta a «Cómo minar terycarbonos»',
    })
    await claimable.getByRole('button', { name: 'RECLAMAR' }).click()
    await expect.poll(gems).toBe(before + 6)
    await page.getByRole('button', { name: /^Notificaciones/ }).click()
    await page
      .getByText('Tu cuenta de YouTube @jugadordemo fue verificada', { exact: false })
      .first()
      .waitFor()
    await snap(page, viewport, 'earning-demo-missions')

    await page.goto('/voltaCharge')
    await page.getByText('«Tu primera estación», de la lista «Aprende a minar»').waitFor()
    const charged = await volta()
    await page.getByRole('button', { name: 'RECLAMAR CARGA VOLTA' }).click()
    await expect.poll(volta).toBe(charged + 5)
    await snap(page, viewport, 'earning-demo-volta')

    await page.goto('/missionsLobby')
    const beforeReferrals = await gems()
    await page.getByRole('button', { name: 'RECLAMAR GANANCIAS' }).click()
    const claimed = page.getByText(/^¡Reclamaste \d+ gemas de tus referidos!$/)
    await claimed.waitFor()
    const paid = Number(/\d+/.exec((await claimed.textContent()) ?? '')?.[0])
    expect(paid).toBeGreaterThanOrEqual(2)
    await expect.poll(gems).toBe(beforeReferrals + paid)
    await snap(page, viewport, 'earning-demo-lobby')

    await page.goto('/videos')
    await page.getByRole('article', { name: 'Tu equipo crece' }).waitFor()
    await snap(page, viewport, 'earning-demo-videos')
    await page.goto('/playlists')
    await page.getByText('Recompensa al completarla: 40 gemas').waitFor()
    await snap(page, viewport, 'earning-demo-playlists')
    expect(watch.problems).toEqual([])
  })
})
