import { createServer, type Server } from 'node:http'
import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiMessages } from '../../contract/messages'
import { freePort } from '../../scripts/lib/server-process'
import { CROSS_ORIGIN_EMAIL, DEMO_PASSWORD } from '../../server/db/seed/players'
import { apiSession } from './support/api'
import {
  baseUrl,
  launchChromium,
  logIn,
  openContext,
  desktop,
  settle,
  watchPage,
} from './support/browser'

/** The seed's player for this journey, whose balances and offers no other journey moves. */
const player = { email: CROSS_ORIGIN_EMAIL, password: DEMO_PASSWORD }

/** A call that changes something, as the API's OpenAPI document lists it. */
interface UnsafeCall {
  method: string
  /** The path with its parameters filled in: the origin check answers before any routing. */
  path: string
  /** The answers the endpoint documents, by status. */
  documented: Record<string, unknown>
}

type OpenApi = {
  paths: Record<string, Record<string, { responses: UnsafeCall['documented'] }>>
}

/** Every POST, PUT, PATCH and DELETE of the served document: a new endpoint is checked too. */
async function unsafeCalls(): Promise<UnsafeCall[]> {
  const document = (await (await fetch(`${baseUrl}/api/openapi.json`)).json()) as OpenApi
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations)
      .filter(([method]) => ['post', 'put', 'patch', 'delete'].includes(method))
      .map(([method, operation]) => ({
        method: method.toUpperCase(),
        path: path.replace(/\{\w+\}/g, '1'),
        documented: operation.responses,
      })),
  )
}

/**
 * The bodies a page of another origin can send without asking first (no CORS preflight): what
 * an HTML form can post. Each carries a JSON text, as a forged form would.
 */
const SIMPLE_BODIES = ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']

/**
 * Sends `call` from the page with fetch, a `type` body and the browser's cookies, and answers
 * the status the page reads, or the error that stopped the call in the browser.
 */
function fetchFrom(page: Page, call: UnsafeCall, type: string, body: string) {
  return page.evaluate(
    async ({ target, method, type, body }) => {
      const init: RequestInit = { method, credentials: 'include', body }
      if (type === 'multipart/form-data') {
        const form = new FormData()
        form.append(body, '')
        init.body = form
      } else {
        init.headers = { 'content-type': type }
      }
      try {
        return (await fetch(target, init)).status
      } catch (error) {
        return `refused by the browser: ${(error as Error).name}`
      }
    },
    { target: new URL(call.path, baseUrl).href, method: call.method, type, body },
  )
}

/**
 * Posts `call` as an HTML form of the page would, with `type` as its enctype and a field whose
 * name and value make a JSON text, into a frame of the page (or the page itself): the answer comes
 * from the browser's network events, since the page may not read it (and it refuses to be framed,
 * so only a whole page's answer has a body to read).
 */
async function postForm(
  page: Page,
  call: UnsafeCall,
  type: string,
  body: string,
  into: 'sink' | '_self' = 'sink',
) {
  const target = new URL(call.path, baseUrl).href
  const answered = page.waitForResponse(
    (response) => response.url() === target && response.request().method() === 'POST',
    { timeout: 10_000 },
  )
  await page.evaluate(
    ({ target, type, body, into }) => {
      const form = document.createElement('form')
      Object.assign(form, { method: 'post', action: target, enctype: type, target: into })
      const field = document.createElement('input')
      // text/plain sends `name=value`: the name opens a JSON string that the value closes.
      Object.assign(field, { name: `${body.slice(0, -1)},"x":"`, value: '"}' })
      form.append(field)
      document.body.append(form)
      form.submit()
      form.remove()
    },
    { target, type, body, into },
  )
  return answered
}

describe('a page of another origin, with the player signed in on the app', () => {
  let browser: Browser
  let context: BrowserContext
  let app: Page
  let foreign: Page
  let watch: { problems: string[] }
  let foreignServer: Server
  let foreignOrigin: string
  let calls: UnsafeCall[]

  beforeAll(async () => {
    calls = await unsafeCalls()
    // The other origin: another port of the loopback, a page of its own and nothing more. The
    // same host on another port is the same site, so the browser sends the SameSite=Lax session
    // cookie with its calls: only the server's origin check stands in the way.
    const port = await freePort()
    foreignOrigin = `http://127.0.0.1:${port}`
    foreignServer = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      response.end(
        '<!doctype html><html lang="es"><title>Otro sitio</title><h1>Otro sitio</h1><iframe name="sink" title="Destino"></iframe>',
      )
    })
    await new Promise<void>((done) => foreignServer.listen(port, '127.0.0.1', done))

    browser = await launchChromium()
    context = await openContext(browser, desktop)
    app = await context.newPage()
    // The app's own calls below are refused on purpose: not JSON, 415 on every path.
    watch = watchPage(app, { refusals: calls.map((call) => `415 ${call.path}`) })
    await logIn(app, player.email, player.password)
    await settle(app)
    // Not watched: the other site's console reports the refusals this test provokes.
    foreign = await context.newPage()
    await foreign.goto(foreignOrigin)
  })
  afterAll(async () => {
    await browser?.close()
    await new Promise((done) => foreignServer?.close(done))
  })

  it(
    'changes nothing with credentialed calls: forms get 403, JSON never leaves the browser; the app gets 415 for what is not JSON',
    { timeout: 120_000 },
    async () => {
      const api = await apiSession(player.email, player.password)
      // The player's own: the board is everyone's, and other journeys list and buy meanwhile.
      const snapshot = async () => ({
        balances: await api.balances(),
        own: (await api.call<{ items: unknown[] }>('GET', '/api/trading/own')).data.items,
        history: (await api.call<{ items: unknown[] }>('GET', '/api/trading/history')).data.items,
      })
      const before = await snapshot()
      const board = (
        await api.call<{ items: { id: number; own: boolean }[] }>('GET', '/api/trading')
      ).data.items
      const offer = board.find((item) => !item.own)
      expect(offer, 'an offer of another player on the board').toBeDefined()
      // What the forged calls ask for: buy that offer, send gems, and so on.
      const body = JSON.stringify({ offerId: offer?.id, amount: 1, code: 'TERYDEMO' })

      const fromForeign: Record<string, string[]> = {}
      const fromApp: Record<string, string[]> = {}
      for (const call of calls) {
        const name = `${call.method} ${call.path}`
        for (const type of SIMPLE_BODIES) {
          // A form can only POST; another method from another origin needs CORS, refused.
          const foreignCall =
            call.method === 'POST'
              ? (await postForm(foreign, call, type, body)).status()
              : await fetchFrom(foreign, call, type, body)
          ;(fromForeign[name] ??= []).push(`${type}: ${foreignCall}`)
          ;(fromApp[name] ??= []).push(`${type}: ${await fetchFrom(app, call, type, body)}`)
        }
        // JSON needs the browser to ask the server first (CORS), which never says yes.
        const json = await fetchFrom(foreign, call, 'application/json', body)
        ;(fromForeign[name] ??= []).push(`application/json: ${json}`)
        // What the server answers is what it documents: 403 for a foreign origin, 415 for not JSON.
        expect(Object.keys(call.documented), name).toEqual(expect.arrayContaining(['403', '415']))
      }

      const expectedForeign = Object.fromEntries(
        calls.map((call) => [
          `${call.method} ${call.path}`,
          [
            ...SIMPLE_BODIES.map(
              (type) =>
                `${type}: ${call.method === 'POST' ? 403 : 'refused by the browser: TypeError'}`,
            ),
            'application/json: refused by the browser: TypeError',
          ],
        ]),
      )
      expect(fromForeign).toEqual(expectedForeign)
      const expectedApp = Object.fromEntries(
        calls.map((call) => [
          `${call.method} ${call.path}`,
          SIMPLE_BODIES.map((type) => `${type}: 415`),
        ]),
      )
      expect(fromApp).toEqual(expectedApp)

      // Through the API afterwards: not a gem, terydollar or offer moved.
      expect(await snapshot()).toEqual(before)
      expect(watch.problems).toEqual([])
    },
  )

  it('a form of the other site that buys an offer gets the documented refusal', async () => {
    const buy = calls.find((call) => call.method === 'POST' && call.path === '/api/trading/buy')
    if (!buy) throw new Error('The API no longer documents POST /api/trading/buy')
    for (const type of SIMPLE_BODIES) {
      await foreign.goto(foreignOrigin)
      const answer = await postForm(foreign, buy, type, '{"offerId":1}', '_self')
      expect({ type, status: answer.status(), body: await answer.json() }).toEqual({
        type,
        status: 403,
        body: { status: 403, message: apiMessages.forbiddenOrigin, data: null },
      })
    }
    expect(watch.problems).toEqual([])
  })
})
