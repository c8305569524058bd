import { spawn, type ChildProcess } from 'node:child_process'
import { rm } from 'node:fs/promises'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiSession } from './support/api'
import {
  desktop,
  launchChromium,
  logIn,
  pagesForSuite,
  phone,
  seededDataDir,
  settle,
  snap,
} from './support/browser'
import { copyOfDataDir } from '../../scripts/lib/server-process'

/*
 * The live stream in Chromium: what one player does reaches another's open page without a
 * reload, and a page that lost the server (a restart, the network) gets what it missed when the
 * connection comes back.
 */

const password = 'tery-demo-2026'
/** Seeded traders (server/db/seed/market.ts) no other journey signs in as. */
const seller = 'isabella.martinez@tery.example'
const buyer = 'nicolas.romero@tery.example'
const recipient = 'salome.suarez@tery.example'

/** What the live stream must make appear, at most this long after the other player acted. */
const LIVE_MS = 2_000

const gemsInHeader = (page: Page) =>
  page
    .getByRole('list', { name: 'Tus recursos' })
    .getByRole('listitem')
    .filter({ hasText: 'Gemas' })
    .locator('.balance__amount')

describe('a live game: what another player does reaches the page at once', () => {
  const openPage = pagesForSuite()

  async function player(email: string, size = desktop) {
    const opened = await openPage(size)
    await logIn(opened.page, email, password)
    return opened
  }

  it('drops a bought offer from the seller’s board and changes their gems in the header, without a reload', async () => {
    const sellerApi = await apiSession(seller, password)
    const listed = await sellerApi.call<{ offer: { id: number; total: number; fee: number } }>(
      'POST',
      '/api/trading',
      { amount: 2, price: 107 },
    )
    expect(listed.status, listed.message).toBe(201)
    const a = await player(seller)
    await a.page.goto('/battery')
    await settle(a.page)
    const ownOffer = a.page.getByRole('button', { name: 'CANCELAR 2 terydólares a 107 gemas c/u' })
    await ownOffer.waitFor()
    const gemsBefore = await gemsInHeader(a.page).textContent()
    const loads = { count: 0 }
    a.page.on('framenavigated', (frame) => {
      if (frame === a.page.mainFrame()) loads.count += 1
    })

    const b = await player(buyer, phone)
    await b.page.goto('/battery')
    await settle(b.page)
    await b.page
      .getByRole('button', { name: 'COMPRAR 2 terydólares a 107 gemas c/u (Isabella Martínez)' })
      .click()
    await b.page
      .getByRole('dialog', { name: 'Confirmar compra' })
      .getByRole('button', { name: 'CONFIRMAR' })
      .click()
    await b.page.getByRole('dialog', { name: 'Compra realizada' }).waitFor()

    await ownOffer.waitFor({ state: 'detached', timeout: LIVE_MS })
    const earned = listed.data.offer.total - listed.data.offer.fee
    await expect
      .poll(() => gemsInHeader(a.page).textContent(), { timeout: LIVE_MS })
      .not.toBe(gemsBefore)
    const toNumber = (text: string | null) => Number((text ?? '').replace(/\D/g, ''))
    expect(toNumber(await gemsInHeader(a.page).textContent())).toBe(toNumber(gemsBefore) + earned)
    expect(loads.count).toBe(0)
    await snap(a.page, desktop, 'live-offer-sold')
    expect(a.watch.problems).toEqual([])
    expect(b.watch.problems).toEqual([])
  })

  it('shows "Recibiste gemas" to the player gems are sent to, as they arrive', async () => {
    const b = await player(recipient, phone)
    await settle(b.page)
    const senderApi = await apiSession(buyer, password)
    const recipientApi = await apiSession(recipient, password)
    const { data: session } = await recipientApi.call<{ code: string }>('GET', '/api/auth/session')
    const sent = await senderApi.call('POST', '/api/inventory/send/gems', {
      code: session.code,
      amount: 15,
    })
    expect(sent.status, sent.message).toBe(201)
    const message = b.page.getByRole('dialog', { name: 'Recibiste gemas' })
    await message.waitFor({ timeout: LIVE_MS })
    await expect.poll(() => message.textContent()).toContain('15 gemas')
    await snap(b.page, phone, 'live-gems-received')
    expect(b.watch.problems).toEqual([])
  })
})

/** `npm start` on a copy of the seeded folder, so the test can stop it and start it again. */
async function ownServer(port: number, dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, SEED: 'demo', DATABASE_URL: '' },
    stdio: 'ignore',
    detached: true,
  })
  for (let i = 0; i < 600; i += 1) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/config`)).ok) return child
    } catch {
      // starting
    }
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('The server did not start')
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve))
  if (child.pid) process.kill(-child.pid, 'SIGTERM')
  await exited
}

describe('a page that lost the server', () => {
  const port = 3_700 + Math.floor(Math.random() * 90)
  const base = `http://127.0.0.1:${port}`
  let dataDir: string
  let server: ChildProcess
  let browser: Browser

  beforeAll(async () => {
    dataDir = copyOfDataDir(seededDataDir, 'tery-live-e2e-')
    server = await ownServer(port, dataDir)
    browser = await launchChromium()
  })

  afterAll(async () => {
    await browser.close()
    await stop(server)
    await rm(dataDir, { recursive: true, force: true })
  })

  it('says it is offline, and once the server is back gets what it missed, without a reload', async () => {
    const sellerApi = await apiSession(seller, password, base)
    const listed = await sellerApi.call<{ offer: { id: number } }>('POST', '/api/trading', {
      amount: 3,
      price: 109,
    })
    expect(listed.status, listed.message).toBe(201)
    const context = await browser.newContext({
      baseURL: base,
      viewport: { width: phone.width, height: phone.height },
      locale: 'es-CO',
      timezoneId: 'America/Bogota',
    })
    const page = await context.newPage()
    await logIn(page, seller, password)
    await page.goto('/battery')
    const ownOffer = page.getByRole('button', { name: 'CANCELAR 3 terydólares a 109 gemas c/u' })
    await ownOffer.waitFor()
    const gemsBefore = await gemsInHeader(page).textContent()

    // The server stops: the page says so, and keeps what it shows.
    await stop(server)
    const banner = page.getByRole('status').filter({ hasText: 'Sin conexión con el servidor' })
    await banner.waitFor()
    await snap(page, phone, 'live-offline-banner')
    await page.setViewportSize({ width: desktop.width, height: desktop.height })
    await snap(page, desktop, 'live-offline-banner')
    await page.setViewportSize({ width: phone.width, height: phone.height })
    // Held offline while the server comes back and the offer is bought: the page cannot hear it.
    await context.setOffline(true)
    server = await ownServer(port, dataDir)
    const buyerApi = await apiSession(buyer, password, base)
    const bought = await buyerApi.call('POST', '/api/trading/buy', {
      offerId: listed.data.offer.id,
    })
    expect(bought.status, bought.message).toBe(200)
    expect(await ownOffer.count()).toBe(1)

    // The connection is back: the banner goes, and what was missed arrives (Last-Event-ID).
    await context.setOffline(false)
    await banner.waitFor({ state: 'detached', timeout: 10_000 })
    await ownOffer.waitFor({ state: 'detached', timeout: LIVE_MS })
    await expect
      .poll(() => gemsInHeader(page).textContent(), { timeout: LIVE_MS })
      .not.toBe(gemsBefore)
    await context.close()
  })
})
