import { ofetch } from 'ofetch'
import type { $Fetch, FetchOptions } from 'ofetch'
import type { Envelope } from '../../contract/envelope'
import { catalogueMessages as errors } from '../../contract/messages'
import { apiBase } from '../config/env'
import { httpHooks, resetHttpHooks } from './http-hooks'

/**
 * The one HTTP client of the browser app. Every API module goes through `request`, which reads
 * the envelope `{ status, message, data }`, resolves with `data` and turns every failure into an
 * `ApiError` exactly as the spec's error catalogue (section 8) says.
 */

/** A failed call, as the rest of the app sees it. Satisfies the machines' `RequestFailure`. */
export class ApiError extends Error {
  override name = 'ApiError'
  readonly status: number
  readonly data: unknown
  /** True when no response arrived at all (offline, DNS, CORS, aborted). */
  readonly network: boolean

  constructor(status: number, message: string, data: unknown = null, network = false) {
    super(message)
    this.status = status
    this.data = data
    this.network = network
  }
}

/**
 * How a call treats a 401 and a missing response.
 * - `default`: a 401 outside '/' ends the session ('La sesión ha terminado'); on '/' it is just an
 *   error with the server's message.
 * - `missionSummary`: the mission summary calls: a 401 always ends the session (the guard sends the
 *   player to '/'), and no response reads 'Ocurrio en error al procesar la solicitud'.
 * - `anonymous`: calls where a 401 is an expected answer rather than an expired session (checking
 *   the session, logging in, logging out): the 401 is returned with the server's message and the
 *   caller decides what it means.
 */
export type ErrorPolicy = 'default' | 'missionSummary' | 'anonymous'

export type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  /** Sent as JSON; a Blob (an image the player picked) is sent as it is, with its own type. */
  body?: Record<string, unknown> | Blob
  query?: Record<string, string | number | boolean | undefined>
  policy?: ErrorPolicy
}

export type HttpConfig = {
  /** Replaces the network: tests pass a fake fetch here instead of mocking modules. */
  fetch?: typeof globalThis.fetch
  /** Overrides VITE_API_BASE; tests and tools only. */
  baseURL?: string
}

let clientBase = apiBase
let clientFetch: typeof globalThis.fetch | undefined
let client: $Fetch = createClient(clientBase, clientFetch)
let activeCalls = 0

function createClient(baseURL: string, fetchImpl?: typeof globalThis.fetch): $Fetch {
  const defaults: FetchOptions = {
    baseURL,
    credentials: 'include',
    responseType: 'json',
    // Failures are mapped here, never retried behind the player's back: a retried POST could
    // claim a reward twice and a retried GET hides the real error for twice as long.
    retry: false,
    ignoreResponseError: true,
  }
  // Read the global lazily so a fetch installed after start (a test stub, a polyfill) is used.
  const fetch = fetchImpl ?? ((input, init) => globalThis.fetch(input, init))
  return ofetch.create(defaults, { fetch })
}

/** Replaces the network the client calls (tests: a fake fetch) or its base; the rest is kept. */
export function configureHttp({ fetch, baseURL }: HttpConfig): void {
  clientFetch = fetch ?? clientFetch
  clientBase = baseURL ?? clientBase
  client = createClient(clientBase, clientFetch)
}

/** Back to the state at module load (default hooks, global fetch). Tests only. */
export function resetHttp(): void {
  resetHttpHooks()
  clientBase = apiBase
  clientFetch = undefined
  client = createClient(clientBase, clientFetch)
  activeCalls = 0
}

/** Calls the API and resolves with the envelope's `data`, or rejects with an `ApiError`. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { policy = 'default', method = 'GET', body, query } = options
  changeActiveCalls(1)
  try {
    let response: Response & { _data?: unknown }
    try {
      response = await client.raw<unknown>(path, {
        method,
        body,
        query: definedOnly(query),
        ...(body instanceof Blob ? { headers: { 'Content-Type': body.type } } : {}),
      })
    } catch (cause) {
      throw networkError(policy, cause)
    }
    return readResponse<T>(response.status, response.ok, response._data, policy)
  } finally {
    changeActiveCalls(-1)
  }
}

function changeActiveCalls(delta: 1 | -1): void {
  const wasActive = activeCalls > 0
  activeCalls = Math.max(0, activeCalls + delta)
  const isActive = activeCalls > 0
  if (wasActive !== isActive) httpHooks().onLoadingChange(isActive)
}

function readResponse<T>(status: number, ok: boolean, body: unknown, policy: ErrorPolicy): T {
  const envelope = isEnvelope(body) ? body : null
  if (ok) {
    // A 2xx without an envelope is not our API (a proxy page, a misrouted base): never hand an
    // HTML page to a view as if it were data.
    if (envelope === null) throw new ApiError(status, errors.fallback, body ?? null)
    return envelope.data as T
  }
  const message = envelope?.message || errors.fallback
  const data = envelope ? envelope.data : (body ?? null)
  if (status === 401) return unauthorized(message, data, policy)
  throw new ApiError(status, message, data)
}

function unauthorized(serverMessage: string, data: unknown, policy: ErrorPolicy): never {
  const endsSession =
    policy === 'missionSummary' || (policy === 'default' && httpHooks().currentPath() !== '/')
  if (!endsSession) throw new ApiError(401, serverMessage, data)
  httpHooks().onSessionExpired()
  throw new ApiError(401, errors.sessionEnded, data)
}

function networkError(policy: ErrorPolicy, cause: unknown): ApiError {
  const message = policy === 'missionSummary' ? errors.missionSummaryNetwork : errors.network
  const error = new ApiError(400, message, null, true)
  error.cause = cause
  return error
}

function isEnvelope(body: unknown): body is Envelope<unknown> {
  return (
    typeof body === 'object' &&
    body !== null &&
    typeof (body as { status?: unknown }).status === 'number' &&
    typeof (body as { message?: unknown }).message === 'string' &&
    'data' in body
  )
}

function definedOnly(query: RequestOptions['query']): Record<string, string | number | boolean> {
  const result: Record<string, string | number | boolean> = {}
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) result[key] = value
  }
  return result
}

/** Logs the message of a failed call (the catalogue's "server message logged"), for callers that still reject. */
export function logFailure(error: unknown): void {
  console.info(error instanceof Error ? error.message : String(error))
}
