import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseUrl, launchChromium, openContext, phone, snap, watchPage } from './support/browser'

const demo = { email: 'demo@tery.example', password: 'tery-demo-2026' }

describe('a page whose code is gone (a new deploy replaced the chunks)', () => {
  let browser: Browser
  let context: BrowserContext
  let page: Page

  beforeAll(async () => {
    browser = await launchChromium()
    context = await openContext(browser, phone)
    page = await context.newPage()
  })
  afterAll(async () => {
    await context.close()
    await browser.close()
  })

  it('reloads the page once, then shows the error page instead of reloading again', async () => {
    const watch = watchPage(page)
    const login = await context.request.post('/api/auth/login', {
      data: demo,
      headers: { Origin: baseUrl },
    })
    expect(login.status()).toBe(200)
    // The welcome messages are another test's subject: read them first, so none covers the page.
    const inbox = (await (await context.request.get('/api/messages')).json()) as {
      data: { messages: { id: string }[] }
    }
    for (const { id } of inbox.data.messages) {
      await context.request.patch('/api/messages', { data: { id }, headers: { Origin: baseUrl } })
    }
    await page.goto('/home')
    const bottomBar = page.getByRole('navigation', { name: 'Navegación inferior' })
    await bottomBar.getByRole('link', { name: 'CANJEAR' }).waitFor()

    // The market's code answers 404 from now on, as after a deploy that renamed its chunk.
    await page.route(/\/assets\/market\.route-[^/]+\.js$/, (route) =>
      route.fulfill({ status: 404 }),
    )
    let loads = 0
    page.on('load', () => (loads += 1))
    await bottomBar.getByRole('link', { name: 'CANJEAR' }).click()
    // The error page shows a moment before the reload too: what counts is the page after it.
    await expect.poll(() => loads, { timeout: 10_000 }).toBe(1)

    const error = page
      .getByRole('alert')
      .filter({ has: page.getByRole('heading', { name: 'Error' }) })
    await error.waitFor()
    expect(new URL(page.url()).pathname).toBe('/market')
    expect(loads).toBe(1)
    // No second reload within the minute, however long the page stays.
    await page.waitForTimeout(1500)
    expect(loads).toBe(1)
    expect(await error.getByText('500').count()).toBe(1)
    await snap(page, phone, 'chunk-gone')
    // The only problems are the missing chunk's own answers.
    expect(watch.problems.filter((problem) => !/market\.route-/.test(problem))).toEqual([])
  })

  it("reloads a painted page once when the app's own code is gone, then leaves its HTML", async () => {
    const visitor = await openContext(browser, phone)
    const terms = await visitor.newPage()
    const watch = watchPage(terms)
    await terms.route(/\/assets\/main-[^/]+\.js$/, (route) => route.fulfill({ status: 404 }))
    let loads = 0
    terms.on('load', () => (loads += 1))
    await terms.goto('/terms')
    await expect.poll(() => loads, { timeout: 10_000 }).toBe(2)
    // No second reload within the minute; the page is still the one the server painted.
    await terms.waitForTimeout(1500)
    expect(loads).toBe(2)
    expect(new URL(terms.url()).pathname).toBe('/terms')
    await terms.getByRole('heading', { level: 1 }).waitFor()
    expect(watch.problems.filter((problem) => !/main-|dynamically imported/.test(problem))).toEqual(
      [],
    )
    await visitor.close()
  })
})
