import { ofetch } from 'ofetch'
import type { $Fetch, FetchOptions } from 'ofetch'
import type * as v from 'valibot'
import type {
  AnswerOf,
  BoundSchema,
  EndpointDeclaration,
  ErrorPolicy,
} from '../../contract/endpoint'
import type { Envelope } from '../../contract/envelope'
import { catalogueMessages as errors } from '../../contract/messages'
import { apiBase, loadAnswerCheck } from '../config/env'
import { learnServerClock, resetServerClock } from '../shared/server-clock'
import { httpHooks, resetHttpHooks } from './http-hooks'
import { nextTask } from '../shared/next-task'

/**
 * The one HTTP client of the browser app. Every call goes through `call`, which sends what an
 * endpoint's declaration (contract/endpoints/) says, reads the envelope `{ status, message, data }`,
 * resolves with `data` and turns every failure into an `ApiError` exactly as the spec's error
 * catalogue (section 8) says.
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

export type { ErrorPolicy }

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'
  /** Sent as JSON; a Blob (an image the player picked) is sent as it is, with its own type. */
  body?: object
  /** Each value written as it reads; an undefined one is left out. */
  query?: object
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
  resetServerClock()
  clientBase = apiBase
  clientFetch = undefined
  client = createClient(clientBase, clientFetch)
  activeCalls = 0
}

/**
 * A URL's value as the client may give it: a number is written in decimal, as the server reads
 * it, so a text of digits (`'2'`, or any text) may be given as the number.
 */
type UrlValue<T> = T extends string ? (string extends T ? string | number : T | DigitsOf<T>) : T
type DigitsOf<T> = T extends `${infer N extends number}` ? N : never
type UrlInput<S extends v.GenericSchema> = {
  [K in keyof v.InferInput<S>]: UrlValue<v.InferInput<S>[K]>
}

/** A part of the input, optional when every field it has is. */
type Part<K extends string, T> = object extends T ? { [P in K]?: T } : { [P in K]: T }
type Schema<S, T> = S extends v.GenericSchema ? T : object

/**
 * What a call of an endpoint sends, typed from its declaration: the path's `params`, the `query`
 * and the JSON `body` (a Blob when the endpoint takes a file upload).
 */
export type CallInput<D extends EndpointDeclaration> = Schema<
  D['params'],
  Part<'params', UrlInput<D['params'] & v.GenericSchema>>
> &
  Schema<D['query'], Part<'query', UrlInput<D['query'] & v.GenericSchema>>> &
  Schema<
    BoundSchema<D['body']>,
    Part<'body', v.InferInput<BoundSchema<D['body']> & v.GenericSchema>>
  > &
  (D extends { upload: (rules: never) => unknown } ? { body: Blob } : object)

/** The input argument, which may be left out when nothing in it is required. */
type CallArgs<D extends EndpointDeclaration> =
  object extends CallInput<D> ? [input?: CallInput<D>] : [input: CallInput<D>]

/** What `call` reads of any input; every `CallInput` is one. */
type SentInput = { params?: object; query?: object; body?: unknown }

/**
 * Calls an endpoint declared in contract/endpoints/ and resolves with the envelope's `data`, of
 * the declaration's response type, or rejects with an `ApiError`. In development and tests the
 * data is checked against the response schema first (`loadAnswerCheck`), so an answer the contract
 * does not allow fails loudly where it arrives.
 */
export async function call<D extends EndpointDeclaration>(
  endpoint: D,
  ...[input]: CallArgs<D>
): Promise<AnswerOf<D>> {
  const { params, query, body }: SentInput = input ?? {}
  // Starting a call costs the main thread 2 to 3 ms (its URL, its options, fetch itself), four
  // times that on the phone Lighthouse simulates, and the calls a page starts together (each
  // video tile's check, the inbox's, the session's and the page's at hydration) held it for 85
  // to 125 ms in one task: each call starts in a task of its own.
  await nextTask()
  const data = await send(pathOf(endpoint.path, params), {
    method: endpoint.method,
    query,
    // A state-changing call always declares a JSON body, as the server's request guard requires.
    body:
      typeof body === 'object' && body !== null ? body : endpoint.method === 'GET' ? undefined : {},
    policy: endpoint.policy,
  })
  const problems = loadAnswerCheck && (await loadAnswerCheck()).answerProblems(endpoint, data)
  assertAnswer(endpoint, data, problems)
  return data
}

/** The declared path with each `:name` replaced by its parameter, encoded. */
function pathOf(path: string, params: object = {}): string {
  const values = new Map<string, unknown>(Object.entries(params))
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = values.get(name)
    if (value === undefined) throw new Error(`${path}: no value for the parameter ${name}`)
    return encodeURIComponent(String(value))
  })
}

/**
 * Throws, naming the endpoint and each field, when the answer's check found `problems` with
 * `data`. A production build checks nothing (`loadAnswerCheck` is null there) and trusts the
 * server, whose every endpoint the contract test has called through this check.
 */
function assertAnswer<D extends EndpointDeclaration>(
  endpoint: D,
  data: unknown,
  problems: string | null,
): asserts data is AnswerOf<D> {
  if (!problems) return
  const message = `${endpoint.method} ${endpoint.path} answered data its contract does not allow: ${problems}`
  console.error(message)
  throw new Error(message)
}

/** Calls the API and resolves with the envelope's `data`, or rejects with an `ApiError`. */
async function send(path: string, options: RequestOptions = {}): Promise<unknown> {
  const { policy = 'default', method = 'GET', body, query } = options
  changeActiveCalls(1)
  try {
    let response: Response & { _data?: unknown }
    const sentAt = Date.now()
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
    learnServerClock(response.headers.get('date'), sentAt, Date.now())
    return readResponse(response.status, response.ok, response._data, policy)
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

function readResponse(status: number, ok: boolean, body: unknown, policy: ErrorPolicy): unknown {
  const envelope = isEnvelope(body) ? body : null
  if (ok) {
    // A 2xx without an envelope is not our API (a proxy page, a misrouted base): never hand an
    // HTML page to a view as if it were data.
    if (envelope === null) throw new ApiError(status, errors.fallback, body ?? null)
    return envelope.data
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
  httpHooks().onNetworkFailure()
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

function definedOnly(query: RequestOptions['query']): Record<string, unknown> {
  const result: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) result[key] = value
  }
  return result
}

/** Logs the message of a failed call (the catalogue's "server message logged"), for callers that still reject. */
export function logFailure(error: unknown): void {
  console.info(error instanceof Error ? error.message : String(error))
}
