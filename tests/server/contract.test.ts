import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { EndpointDeclaration } from '../../contract/endpoint'
import * as adlot from '../../contract/endpoints/adlot'
import * as battery from '../../contract/endpoints/battery'
import * as inventory from '../../contract/endpoints/inventory'
import * as market from '../../contract/endpoints/market'
import * as node from '../../contract/endpoints/node'
import * as terydollar from '../../contract/endpoints/terydollar'
import * as trading from '../../contract/endpoints/trading'
import * as wallet from '../../contract/endpoints/wallet'
import * as auth from '../../contract/endpoints/auth'
import * as chat from '../../contract/endpoints/chat'
import * as config from '../../contract/endpoints/config'
import * as leaderboard from '../../contract/endpoints/leaderboard'
import * as messages from '../../contract/endpoints/messages'
import * as rank from '../../contract/endpoints/rank'
import * as user from '../../contract/endpoints/user'
import { apiMessages } from '../../contract/messages'
import { seedDemo } from '../../server/db/seed'
import { listEndpoints, type Endpoint } from '../../server/http/endpoint'
import { call, configureHttp, resetHttp } from '../../src/api/http'
import { setHttpHooks } from '../../src/api/http-hooks'
import { caseContext, caseOf, type SampleCall } from '../harness/endpoint-cases'
import { BASE, ORIGIN, startTestServer, type TestServer } from './support/test-server'

/*
 * The seam between the browser and the server, tested from both ends at once: every endpoint
 * declared in contract/endpoints/ is called through the browser's own client (`call` in
 * src/api/http.ts, which checks each answer against the declaration's response schema in tests)
 * against the real app over a real database, and each answer is also checked against the app's
 * served OpenAPI document (./support/documented-answers.ts). A field the server renames, drops
 * or retypes fails here, whichever side was changed.
 */

/** Every module of contract/endpoints/, as the browser's actors import them. */
const modules = {
  adlot,
  auth,
  battery,
  chat,
  config,
  inventory,
  leaderboard,
  market,
  messages,
  node,
  rank,
  terydollar,
  trading,
  user,
  wallet,
}

const declarations = Object.entries(modules).flatMap(([group, module]) =>
  Object.entries(module).map(([name, declaration]): [string, EndpointDeclaration] => [
    `${group}.${name} (${declaration.method} ${declaration.path})`,
    declaration,
  ]),
)

let server: TestServer
let endpoints: Endpoint[]

beforeAll(async () => {
  server = await startTestServer()
  await seedDemo(server.db)
  endpoints = listEndpoints(server.app.routes)
})

afterAll(async () => {
  await server.close()
})

afterEach(() => resetHttp())

/** What the server answered the browser's last call, as the body said it. */
type Answer = { status: number; message: unknown; data: unknown }

/**
 * The browser's client pointed at the app in process: the request goes through `app.request()`
 * as a same-origin page's would (its Origin, the sample's session cookie), and every answer is
 * checked against the served document before the client reads it.
 */
function useApp(cookie: string | null | undefined): Answer[] {
  const answers: Answer[] = []
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const url = String(input)
    const method = init?.method ?? 'GET'
    const headers = new Headers(init?.headers)
    if (method !== 'GET') headers.set('origin', ORIGIN)
    if (cookie) headers.set('cookie', cookie)
    const response = await server.app.request(
      url,
      { ...init, headers },
      { incoming: { socket: { remoteAddress: '203.0.113.7' } } },
    )
    const body = (await response.clone().json()) as Answer
    server.answers.check(method, url, response.status, body)
    answers.push({ status: response.status, message: body.message, data: body.data })
    return response
  }
  configureHttp({ fetch, baseURL: BASE })
  setHttpHooks({ currentPath: () => '/home' })
  return answers
}

/** The sample call of an endpoint's case, as the input the browser's `call` takes. */
function inputOf(declaration: EndpointDeclaration, sample: SampleCall) {
  const url = new URL(sample.path, BASE)
  const names = declaration.path.split('/')
  const values = url.pathname.split('/')
  const params = Object.fromEntries(
    names.flatMap((name, index) =>
      name.startsWith(':') ? [[name.slice(1), decodeURIComponent(values[index] ?? '')]] : [],
    ),
  )
  const { body } = sample
  const upload = body instanceof Uint8Array
  return {
    params,
    query: Object.fromEntries(url.searchParams),
    ...(declaration.body || declaration.upload
      ? {
          body: upload
            ? new Blob([body as Uint8Array<ArrayBuffer>], {
                type: sample.headers?.['content-type'],
              })
            : body,
        }
      : {}),
  }
}

describe('every endpoint of contract/endpoints/', () => {
  it.each(declarations)(
    "%s: the browser's call gets the answer its contract declares",
    async (_, declaration) => {
      const endpoint = endpoints.find(
        ({ method, path }) => method === declaration.method && path === declaration.path,
      )
      if (!endpoint) throw new Error('the app routes no endpoint at this method and path')
      const sample = await caseOf(endpoint).sample(
        await caseContext({ api: server.call, db: server.db }),
      )
      const answers = useApp(sample.cookie)
      // The sample is data from the endpoint's case: its types are the contract's only at run time.
      const data: unknown = await call(declaration, inputOf(declaration, sample) as never)
      expect(answers).toEqual([
        {
          status: declaration.status ?? 200,
          message: declaration.message ?? apiMessages.ok,
          data,
        },
      ])
    },
  )

  it('is each documented at its method and path in the served OpenAPI document', () => {
    const { paths } = server.answers.document
    const missing = declarations
      .map(([, { method, path }]) => [method, path.replace(/:(\w+)/g, '{$1}')] as const)
      .filter(([method, path]) => !paths[path]?.[method.toLowerCase()])
    expect(missing).toEqual([])
  })
})
