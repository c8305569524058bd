import { mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import {
  chromium,
  type Browser,
  type BrowserContext,
  type Page,
  type Request,
} from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest'

function requireEnv(name: string): string {
  const value = process.env[name]
  if (!value) throw new Error(`${name} is not set: run the E2E suite with \`npm run e2e\`.`)
  return value
}

/** The server scripts/e2e.ts started, e.g. http://127.0.0.1:41234. */
// Not BASE_URL: Vite sets that one to its `base` ('/') in every Vitest process.
export const baseUrl = requireEnv('E2E_BASE_URL')
/** A DATA_DIR holding the seeded demo, for a journey's own server to start on a copy of. */
export const seededDataDir = requireEnv('E2E_SEEDED_DATA_DIR')
/** The full Chromium: the one that tells whether the game is installable (openProfileContext). */
const chromePath = requireEnv('CHROME_PATH')
/**
 * Where the journeys' pages run: Chromium's headless shell, the same Blink without the browser
 * around it (scripts/e2e.ts). It answers every installability question with no error at all, so
 * the PWA's check runs in the full browser.
 */
const headlessShellPath = requireEnv('CHROME_HEADLESS_SHELL_PATH')

const resultsDir = fileURLToPath(new URL('../../../test-results/e2e/', import.meta.url))
mkdirSync(resultsDir, { recursive: true })

export interface Viewport {
  name: 'phone' | 'desktop'
  width: number
  height: number
}

/** The sizes every journey runs at: a phone (the bottom bar shows) and a desktop (it does not). */
export const phone: Viewport = { name: 'phone', width: 390, height: 844 }
export const desktop: Viewport = { name: 'desktop', width: 1280, height: 800 }
export const viewports: Viewport[] = [phone, desktop]

/**
 * Debian's Chromium as root in a closed network: no sandbox, no GPU, and none of the background
 * connections that would be refused at every start. playwright-core gives each launch a new,
 * empty user-data-dir.
 */
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
]

export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: headlessShellPath, headless: true, args: chromiumArgs })
}

/**
 * A context of a browser profile on disk (a new folder each time) in the full Chromium: it reports
 * an off-the-record context, which every `openContext` is, as not installable ('in-incognito').
 */
export async function openProfileContext(
  viewport: Viewport,
): Promise<{ context: BrowserContext; dispose: () => Promise<void> }> {
  const profile = mkdtempSync(join(tmpdir(), 'tery-e2e-profile-'))
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromePath,
    headless: true,
    args: chromiumArgs,
    baseURL: baseUrl,
    serviceWorkers: 'allow',
    viewport: { width: viewport.width, height: viewport.height },
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
  })
  const dispose = async () => {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
  return { context, dispose }
}

export async function openContext(
  browser: Browser,
  viewport: Viewport,
  {
    serviceWorker = false,
  }: {
    /**
     * Let the service worker register (tests/e2e/pwa.e2e.ts). Blocked otherwise: a page it
     * controls gets its code from the precache, where the journeys' request routes and the chunk
     * failures they provoke never reach.
     */
    serviceWorker?: boolean
  } = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl,
    serviceWorkers: serviceWorker ? 'allow' : 'block',
    viewport: { width: viewport.width, height: viewport.height },
    locale: 'es-CO',
    timezoneId: 'America/Bogota',
  })
  // The copy button writes to the clipboard, and the test reads it back from the page.
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl })
  return context
}

/** The requests each watched page has under way, for settle(). */
const underWay = new WeakMap<Page, Set<Request>>()

/**
 * Everything that went wrong in a page while a test drove it: console errors (which include CSP
 * violations, also reported through a securitypolicyviolation listener), uncaught exceptions,
 * requests that never got an answer and answers of 500 or more. A test ends by asserting the
 * list is empty. A request the browser itself abandoned (net::ERR_ABORTED: the page navigated
 * away, or the app aborted a load it no longer needs) is no failure of the app.
 */
export function watchPage(
  page: Page,
  {
    refusals = [],
  }: {
    /** Answers the test provokes on purpose, as `403 /api/mission/add`: the browser logs them. */
    refusals?: readonly string[]
  } = {},
): { problems: string[] } {
  const problems: string[] = []
  const requests = new Set<Request>()
  underWay.set(page, requests)
  page.on('request', (request) => {
    // The live stream stays open for as long as the page: it is never "under way" to wait for.
    if (new URL(request.url()).pathname !== '/api/live') requests.add(request)
  })
  page.on('requestfinished', (request) => requests.delete(request))
  const provoked = (text: string, source: string) => {
    const status = /status of (\d{3})/.exec(text)?.[1]
    return status !== undefined && refusals.includes(`${status} ${new URL(source).pathname}`)
  }
  void page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      console.error(
        `CSP violation: ${event.violatedDirective} blocked ${event.blockedURI || 'inline'}`,
      )
    })
  })
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    const text = message.text()
    const source = message.location().url
    if (source && provoked(text, source)) return
    problems.push(`console error: ${text}${source ? ` (${source})` : ''}`)
  })
  page.on('pageerror', (error) =>
    problems.push(`uncaught on ${new URL(page.url()).pathname}: ${error.message}`),
  )
  page.on('requestfailed', (request) => {
    requests.delete(request)
    const reason = request.failure()?.errorText ?? 'unknown'
    if (reason === 'net::ERR_ABORTED') return
    problems.push(`request failed: ${request.method()} ${request.url()} (${reason})`)
  })
  page.on('response', (response) => {
    if (response.status() >= 500) {
      problems.push(
        `server error: ${response.status()} ${response.request().method()} ${response.url()}`,
      )
    }
  })
  return { problems }
}

/**
 * A full-page screenshot under test-results/e2e/, kept as a CI artifact. Entry animations are
 * finished first, so a modal is shown as the player sees it once it has opened, not half faded in.
 */
export async function snap(page: Page, viewport: Viewport, step: string): Promise<void> {
  const name = step
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80)
  // A full-page capture of a scrolled page draws the sticky header at the scroll offset.
  await page.evaluate(() => window.scrollTo(0, 0))
  // JPEG: a full page's PNG cost Chromium 80 to 230 CPU-ms to encode against 25 to 85 (seven
  // CPU-seconds of a run's 70 captures), at a sixth of the size, the text still sharp at 90.
  await page.screenshot({
    path: join(resultsDir, `${viewport.name}-${name}.jpeg`),
    type: 'jpeg',
    quality: 90,
    fullPage: true,
    animations: 'disabled',
  })
}

/**
 * Waits until React has hydrated the prerendered page: the header's MÁS stays disabled until then
 * (useHydrated). A test that moves through history before it would hand the router an address
 * the HTML was not rendered for, which no player can do (a press of Back before the app runs
 * leaves the document) and React reports as a hydration mismatch (#418).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const more = Array.from(document.querySelectorAll('header button')).find(
      (button) => button.textContent?.trim() === 'MÁS',
    )
    return more instanceof HTMLButtonElement && !more.disabled
  })
}

/** How long the network must stay quiet for a page to count as settled. */
const QUIET_MS = 250

/**
 * Waits until the page has settled: no spinner ('Cargando…'), loading bar or busy region is
 * shown, and no request has been under way for QUIET_MS (half of Playwright's 'networkidle',
 * which walks of every route pay at each step), then checks the page once more, since a late
 * answer may have started another load (a guard's redirect).
 */
export async function settle(page: Page): Promise<void> {
  const requests = underWay.get(page)
  if (!requests) throw new Error('settle() follows the requests watchPage() sees: watch the page')
  const shown = () =>
    page.waitForFunction(() => {
      if (document.querySelector('[role="progressbar"], [aria-busy="true"]')) return false
      const statuses = Array.from(document.querySelectorAll('[role="status"]'))
      return !statuses.some((status) => /^Cargando/.test(status.getAttribute('aria-label') ?? ''))
    })
  await shown()
  for (let quietSince = Date.now(); Date.now() - quietSince < QUIET_MS;) {
    await page.waitForTimeout(50)
    if (requests.size > 0) quietSince = Date.now()
  }
  await shown()
}

/** Logs in through the login form of the landing, as a player would, and waits for /home. */
export async function logIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/?path=home')
  await page.getByRole('textbox', { name: 'Correo electrónico', exact: true }).fill(email)
  await page.getByLabel('Contraseña', { exact: true }).fill(password)
  await page.getByRole('button', { name: 'INGRESAR', exact: true }).click()
  await page.waitForURL((url) => url.pathname === '/home')
}

/** An address nobody has used: every run signs up a new player. */
export function freshEmail(viewport: Viewport): string {
  const stamp = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`
  return `e2e-${viewport.name}-${stamp}@tery.example`
}

/** A fresh context and its page for one test, watched for problems (watchPage). */
export type TestPage = { context: BrowserContext; page: Page; watch: { problems: string[] } }

/**
 * One Chromium for the describe block, and `open` for as many contexts as a test needs (two
 * players side by side, an installed game): each a context, its page and the page's watch, all
 * closed with the browser after the block.
 */
export function pagesForSuite(): (
  viewport: Viewport,
  options?: Parameters<typeof openContext>[2],
) => Promise<TestPage> {
  let browser: Browser
  const contexts: BrowserContext[] = []
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    for (const context of contexts) await context.close()
    await browser.close()
  })
  return async (viewport, options) => {
    const context = await openContext(browser, viewport, options)
    contexts.push(context)
    const page = await context.newPage()
    return { context, page, watch: watchPage(page) }
  }
}

/**
 * One Chromium for the describe block and a fresh context and page for each of its tests, handed
 * to `opened` before the test runs (the test file keeps them in its own variables, which its
 * helpers close over). A test that fails leaves a full-page screenshot of where it stopped: the
 * first thing to open in the artifacts.
 */
export function pagePerTest(viewport: Viewport, opened: (test: TestPage) => void): void {
  let browser: Browser
  let current: TestPage
  beforeAll(async () => {
    browser = await launchChromium()
  })
  afterAll(async () => {
    await browser.close()
  })
  beforeEach(async () => {
    const context = await openContext(browser, viewport)
    const page = await context.newPage()
    current = { context, page, watch: watchPage(page) }
    opened(current)
  })
  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail') await snap(current.page, viewport, `failed-${task.name}`)
    await current.context.close()
  })
}
