import { readFile, rename, writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import {
  desktop,
  logIn,
  openProfileContext,
  pagesForSuite,
  phone,
  settle,
  snap,
  viewports,
  watchPage,
} from './support/browser'

/*
 * The game as an installed app: Chromium finds it installable, a page asked for without a
 * connection shows the offline screen inside the layout and comes back by itself, and a new
 * version waiting to take over is announced with "Hay una nueva versión".
 */

const demo = { email: 'demo@tery.example', password: 'tery-demo-2026' }

/** Resolves once a service worker controls the page (after a navigation the worker saw). */
async function controlled(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready)
  if (await page.evaluate(() => navigator.serviceWorker.controller === null)) {
    await page.reload()
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null)
  }
}

describe('the installed game', () => {
  const openPage = pagesForSuite()
  const open = (size = desktop) => openPage(size, { serviceWorker: true })

  it('is installable: Chromium reports no installability error, and the manifest is Spanish', async () => {
    const { context, dispose } = await openProfileContext(desktop)
    const page = await context.newPage()
    const watch = watchPage(page)
    await page.goto('/')
    await page.evaluate(() => navigator.serviceWorker.ready)
    const cdp = await context.newCDPSession(page)
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
      installabilityErrors: { errorId: string }[]
    }
    expect(installabilityErrors).toEqual([])
    const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as Record<
      string,
      unknown
    >
    expect(manifest).toMatchObject({
      short_name: 'Tery',
      lang: 'es-CO',
      start_url: '/home',
      display: 'standalone',
      theme_color: '#07131f',
      background_color: '#07131f',
    })
    const sizes = (manifest.icons as { sizes: string; purpose: string }[]).map(
      (icon) => `${icon.sizes} ${icon.purpose}`,
    )
    expect(sizes).toEqual(['192x192 any', '512x512 any', '512x512 maskable'])
    for (const icon of manifest.icons as { src: string }[]) {
      const answer = await page.request.get(icon.src)
      expect(answer.headers()['content-type'], icon.src).toBe('image/png')
    }
    expect(watch.problems).toEqual([])
    await dispose()
  })

  for (const viewport of viewports) {
    it(`shows the offline screen and the banner without a connection, and comes back by itself (${viewport.name})`, async () => {
      const { page, context } = await open(viewport)
      await logIn(page, demo.email, demo.password)
      await controlled(page)
      await settle(page)

      // What the worker keeps: the app's code, never an answer of the API.
      const cached = await page.evaluate(async () => {
        const urls: string[] = []
        for (const name of await caches.keys()) {
          for (const request of await (await caches.open(name)).keys()) urls.push(request.url)
        }
        return urls.map((url) => new URL(url).pathname)
      })
      expect(cached).toContain('/offline.html')
      expect(cached.some((url) => url.startsWith('/assets/'))).toBe(true)
      expect(cached.filter((url) => url.startsWith('/api'))).toEqual([])

      await context.setOffline(true)
      // An API call without a connection fails: no answer comes from a cache.
      const apiOffline = await page.evaluate(() =>
        fetch('/api/config').then(
          (answer) => answer.status,
          () => 'failed',
        ),
      )
      expect(apiOffline).toBe('failed')
      // A navigation without a connection: the offline screen, inside the layout, with its banner.
      await page.goto('/home').catch(() => undefined)
      const screen = page.getByRole('heading', { name: 'No hay conexión' })
      await screen.waitFor()
      await expect
        .poll(() =>
          page.getByRole('status').filter({ hasText: 'Sin conexión con el servidor' }).count(),
        )
        .toBe(1)
      await snap(page, viewport, 'offline-screen')

      await context.setOffline(false)
      // offline.js sees the server again and loads the page that was asked for.
      await page.waitForURL((url) => url.pathname === '/home')
      await screen.waitFor({ state: 'detached', timeout: 15_000 })
      await page.getByRole('heading', { level: 1 }).first().waitFor()
    })
  }

  it('announces "Hay una nueva versión" when a new version is waiting, and reloads into it', async () => {
    const { page } = await open(phone)
    await page.goto('/')
    await controlled(page)
    // A deploy: the server now answers another service worker (its precompressed copies aside).
    const dist = path.resolve('dist')
    const worker = path.join(dist, 'sw.js')
    const original = await readFile(worker, 'utf8')
    const moved: string[] = []
    try {
      for (const copy of ['sw.js.br', 'sw.js.gz']) {
        await rename(path.join(dist, copy), path.join(dist, `${copy}.kept`)).then(
          () => moved.push(copy),
          () => undefined,
        )
      }
      await writeFile(worker, `${original}\n// ${Date.now()}\n`)
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration()
        await registration?.update()
      })
      const prompt = page.getByRole('alert').filter({ hasText: 'Hay una nueva versión' })
      await prompt.waitFor({ timeout: 15_000 })
      await snap(page, phone, 'update-prompt')
      await page.setViewportSize({ width: desktop.width, height: desktop.height })
      await snap(page, desktop, 'update-prompt')
      const reloaded = page.waitForEvent('framenavigated')
      await prompt.getByRole('button', { name: 'Recargar' }).click()
      await reloaded
      await page.getByRole('alert').filter({ hasText: 'Hay una nueva versión' }).waitFor({
        state: 'detached',
      })
    } finally {
      await writeFile(worker, original)
      for (const copy of moved) await rename(path.join(dist, `${copy}.kept`), path.join(dist, copy))
    }
  })
})
