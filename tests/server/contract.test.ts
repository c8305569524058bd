import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { EndpointDeclaration } from '../../contract/endpoint'
import * as adlot from '../../contract/endpoints/adlot'
import * as auth from '../../contract/endpoints/auth'
import * as battery from '../../contract/endpoints/battery'
import * as chat from '../../contract/endpoints/chat'
import * as config from '../../contract/endpoints/config'
import * as coupon from '../../contract/endpoints/coupon'
import * as inventory from '../../contract/endpoints/inventory'
import * as leaderboard from '../../contract/endpoints/leaderboard'
import * as live from '../../contract/endpoints/live'
import * as lottery from '../../contract/endpoints/lottery'
import * as market from '../../contract/endpoints/market'
import * as messages from '../../contract/endpoints/messages'
import * as mission from '../../contract/endpoints/mission'
import * as node from '../../contract/endpoints/node'
import * as rank from '../../contract/endpoints/rank'
import * as spotify from '../../contract/endpoints/spotify'
import * as terydollar from '../../contract/endpoints/terydollar'
import * as trading from '../../contract/endpoints/trading'
import * as training from '../../contract/endpoints/training'
import * as user from '../../contract/endpoints/user'
import * as wallet from '../../contract/endpoints/wallet'
import { apiMessages } from '../../contract/messages'
import { DEMO_CODE } from '../../server/db/seed/players'
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
  coupon,
  inventory,
  leaderboard,
  lottery,
  market,
  messages,
  mission,
  node,
  rank,
  spotify,
  terydollar,
  trading,
  training,
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
  server = await startTestServer({ seed: 'demo' })
  endpoints = listEndpoints(server.app.routes)
})

afterAll(async () => {
  await server.close()
})

afterEach(() => {
  resetHttp()
  vi.restoreAllMocks()
})

/** What the server answered the browser's last call, as the body said it. */
type Answer = { status: number; message: unknown; data: unknown }

/**
 * The browser's client pointed at the app in process: the request goes through `app.request()`
 * as a same-origin page's would (its Origin, the sample's session cookie), and every answer is
 * checked against the served document before the client reads it.
 */
function useApp(
  cookie: string | null | undefined,
  /** A field of the answer's `data` the server is made to send under another name: [from, to]. */
  renamed?: readonly [from: string, to: string],
): Answer[] {
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
    if (!renamed) return response
    const { [renamed[0]]: value, ...rest } = body.data as Record<string, unknown>
    return Response.json(
      { ...body, data: { ...rest, [renamed[1]]: value } },
      { status: response.status },
    )
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

  it('is the whole API the served OpenAPI document describes, but the document and the live stream', () => {
    const documented = Object.entries(server.answers.document.paths).flatMap(([path, operations]) =>
      Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`),
    )
    const declared = declarations.map(
      ([, { method, path }]) => `${method} ${path.replace(/:(\w+)/g, '{$1}')}`,
    )
    // The stream is not one answer `call()` could check: tests/server/live.test.ts reads it.
    const notCalled = ['GET /api/openapi.json', `${live.stream.method} ${live.stream.path}`]
    expect(declared.sort()).toEqual(documented.filter((key) => !notCalled.includes(key)).sort())
  })
})

describe('a field the server renames in its answer', () => {
  it("fails the browser's call where the answer arrives, naming the endpoint and the field", async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    // The real app answers; only the field's name is changed on its way to the client.
    const answers = useApp(null, ['name', 'nombre'])
    const message =
      'GET /api/auth/validate/:code answered data its contract does not allow: name: Invalid key: Expected "name" but received undefined'
    await expect(call(auth.validateCode, { params: { code: DEMO_CODE } })).rejects.toThrow(message)
    expect(logged).toHaveBeenCalledWith(message)
    // What the server sent under the declared name, and the client refused once renamed.
    expect(answers).toEqual([
      {
        status: 200,
        message: apiMessages.validCode,
        data: { code: DEMO_CODE, name: expect.any(String) },
      },
    ])
  })
})
