import fc from 'fast-check'
import type { Endpoint } from '../../server/http/endpoint'
import { MAX_BODY_BYTES } from '../../server/http/security'
import type { Api } from './api'
import { bodyArbitrary, paramArbitrary, queryArbitrary, type FuzzBody } from './arbitraries'
import { changedTables, dbState, type DbState } from './db-state'
import type { Db } from '../../server/db/client'
import { keep, readKept } from './kept-failures'

/** One hostile request: the path with its query, the body as sent, the caller's address. */
export type FuzzRequest = { path: string; body?: FuzzBody; ip: string }

/** A failure kept as a regression: replayed by every run (tests/server/fixtures/fuzz-regressions.json). */
export type FuzzRegression = {
  endpoint: string
  problem: string
  found: string
  request: FuzzRequest
}

type Schema = Parameters<typeof bodyArbitrary>[0]

/**
 * Requests for one endpoint, from the schemas its route validates with and a valid call of it
 * (`sample`): path parameters, query strings and bodies, valid and hostile.
 */
export function requestArbitrary(
  endpoint: Endpoint,
  sample: { body?: unknown },
): fc.Arbitrary<FuzzRequest> {
  const params = endpoint.inputs.param as
    (Schema & { entries?: Record<string, Schema> }) | undefined
  const segments = endpoint.path
    .split('/')
    .map((segment) =>
      segment.startsWith(':')
        ? paramArbitrary(params?.entries?.[segment.slice(1)])
        : fc.constant(segment),
    )
  const path = fc
    .tuple(fc.tuple(...segments), queryArbitrary(endpoint.inputs.query as Schema | undefined))
    .map(([parts, query]) => `${parts.join('/')}${query}`)
  const sampleBody =
    typeof sample.body === 'object' && sample.body !== null
      ? (sample.body as Record<string, unknown>)
      : {}
  const body = endpoint.inputs.json
    ? bodyArbitrary(endpoint.inputs.json as Schema, sampleBody, MAX_BODY_BYTES)
    : endpoint.method === 'GET'
      ? fc.constant(undefined)
      : fc.constant({ kind: 'as the sample', text: JSON.stringify(sampleBody) })
  return fc.record({ path, body, ip: fc.ipV4() })
}

/**
 * Sends a fuzz request and says what is wrong with the answer, or null: a 5xx, an answer outside
 * the envelope or not documented (the test server's `call` checks every answer against the
 * OpenAPI document and throws), a body over the limit not refused with 413, a refusal (4xx) that
 * changed anything. `before` is the database's state before the request; the state after it is
 * returned for the next one.
 */
export async function sendFuzzRequest(
  target: { api: Api; db: Db },
  endpoint: Endpoint,
  request: FuzzRequest,
  cookie: string | null,
  before: DbState,
): Promise<{ problem: string | null; after: DbState; status: number }> {
  let status = 0
  let problem: string | null = null
  try {
    const result = await target.api(request.path, {
      method: endpoint.method,
      body: request.body?.text,
      cookie,
      ip: request.ip,
    })
    status = result.status
    const bytes = request.body ? Buffer.byteLength(request.body.text) : 0
    if (status >= 500) problem = `answered ${status}: ${JSON.stringify(result.body)}`
    else if (bytes > MAX_BODY_BYTES && status !== 413) {
      problem = `a ${bytes}-byte body answered ${status}, not 413`
    }
  } catch (error) {
    problem = `the answer broke the contract: ${(error as Error).message}`
  }
  const after = await dbState(target.db)
  if (problem === null && status >= 400 && status < 500) {
    const changed = changedTables(before, after)
    if (changed.length > 0) problem = `refused with ${status} but changed ${changed.join(', ')}`
  }
  return { problem, after, status }
}

export const FUZZ_REGRESSIONS_FILE = 'tests/server/fixtures/fuzz-regressions.json'

export function readRegressions(): FuzzRegression[] {
  return readKept<FuzzRegression>(FUZZ_REGRESSIONS_FILE)
}

/** Keeps a shrunk failing case, so every later run replays it. */
export function keepRegression(regression: FuzzRegression): void {
  keep(
    FUZZ_REGRESSIONS_FILE,
    regression,
    (a, b) => JSON.stringify(a.request) === JSON.stringify(b.request),
  )
}
