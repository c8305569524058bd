import { randomBytes, randomUUID } from 'node:crypto'
import type { Session } from '../../contract/auth'
import type { Envelope } from '../../contract/envelope'

/**
 * One way to call the API, whatever carries the call: `startTestServer().call` (the app in
 * process, every answer checked against the OpenAPI document) or `httpApi(base)` (a real server
 * over loopback). The harnesses and the endpoint cases only speak this.
 */
export type CallOptions = {
  method?: string
  /** Sent as JSON unless it is already a string or bytes (an upload: set its Content-Type). */
  body?: unknown
  cookie?: string | null
  headers?: Record<string, string>
  /** Remote address of the caller (the per-IP limits key on it); in process only. */
  ip?: string
}

export type CallResult<T = unknown> = {
  status: number
  body: Envelope<T>
  headers: Headers
  /** The Set-Cookie header, if any. */
  setCookie: string | null
  /** `name=value` of the session cookie the answer set, to send back on the next call. */
  cookie: string | null
}

export type Api = <T = unknown>(path: string, options?: CallOptions) => Promise<CallResult<T>>

/** GET without a body, POST with one, unless the call names its method. */
export function methodOf(options: CallOptions): string {
  return options.method ?? (options.body === undefined ? 'GET' : 'POST')
}

/**
 * The headers a same-origin browser page sends: a state-changing call declares JSON and names the
 * app's origin, as the request guard requires.
 */
export function requestHeaders(options: CallOptions, origin: string): Record<string, string> {
  const method = methodOf(options)
  const headers: Record<string, string> = {}
  if (method !== 'GET' && method !== 'HEAD') {
    headers.origin = origin
    headers['content-type'] = 'application/json'
  }
  if (options.cookie) headers.cookie = options.cookie
  return Object.assign(headers, options.headers)
}

export function bodyOf(options: CallOptions): string | Blob | undefined {
  const { body } = options
  if (body === undefined) return undefined
  if (typeof body === 'string') return body
  return body instanceof Uint8Array
    ? new Blob([body as Uint8Array<ArrayBuffer>])
    : JSON.stringify(body)
}

/**
 * The session cookie an answer leaves the browser with, as `name=value`, or null (none, or one
 * that clears it). The last Set-Cookie of the session wins, as in a browser: a login sent with a
 * dead cookie clears it and sets the new one in the same answer (besides its device cookie).
 */
export function sessionCookieOf(headers: Headers): string | null {
  const pair =
    headers
      .getSetCookie()
      .map((line) => line.split(';')[0] ?? '')
      .findLast((candidate) => /^(__Host-)?tery_session=/.test(candidate)) ?? null
  return pair && !pair.endsWith('=') ? pair : null
}

/**
 * A real server over HTTP, e.g. `httpApi('http://127.0.0.1:41234')`. A call that gets no answer
 * (the server was killed, the connection refused) rejects, which is how the crash harness tells
 * an unacknowledged request from an acknowledged one.
 */
export function httpApi(base: string): Api {
  return async function call<T>(path: string, options: CallOptions = {}) {
    const response = await fetch(`${base}${path}`, {
      method: methodOf(options),
      headers: requestHeaders(options, base),
      body: bodyOf(options),
      signal: AbortSignal.timeout(30_000),
    })
    const text = await response.text()
    const setCookie = response.headers.get('set-cookie')
    return {
      status: response.status,
      body: (text ? JSON.parse(text) : null) as Envelope<T>,
      headers: response.headers,
      setCookie,
      cookie: sessionCookieOf(response.headers),
    }
  }
}

/** A signed-up, logged-in player: what the harnesses act as. */
export type Player = {
  id: string
  email: string
  password: string
  /** The player's own invite code. */
  code: string
  /** `name=value` of the player's session cookie. */
  cookie: string
}

let counter = 0

/** A valid signup body with a unique email; fields can be overridden. */
export function signupFor(parentCode: string, overrides: Record<string, unknown> = {}) {
  counter += 1
  return {
    parentCode,
    name: 'Laura Restrepo',
    email: `jugador${counter}.${randomBytes(3).toString('hex')}@correo.example`,
    phone: '3104567890',
    password: 'clave-segura-1',
    deviceId: randomUUID(),
    ...overrides,
  }
}

/** Throws with the answer when a call the harness needs did not succeed. */
export function expectOk<T>(result: CallResult<T>, what: string): CallResult<T> {
  if (result.status >= 300) {
    throw new Error(`${what} answered ${result.status}: ${JSON.stringify(result.body)}`)
  }
  return result
}

/** Logs a player in; `ip` keeps harnesses that log in often apart from each other's limits. */
export async function logIn(
  api: Api,
  email: string,
  password: string,
  ip?: string,
): Promise<Player> {
  const login = expectOk(
    await api<Session>('/api/auth/login', { body: { email, password }, ip }),
    `POST /api/auth/login as ${email}`,
  )
  if (!login.cookie) throw new Error(`POST /api/auth/login as ${email} set no session cookie`)
  return {
    id: login.body.data.id,
    email,
    password,
    code: login.body.data.code,
    cookie: login.cookie,
  }
}

/** A new player invited by `parentCode`, signed up and logged in through the API. */
export async function newPlayer(api: Api, parentCode: string, ip?: string): Promise<Player> {
  const body = signupFor(parentCode)
  expectOk(await api('/api/auth/signup', { body, ip }), 'POST /api/auth/signup')
  return logIn(api, body.email, body.password, ip)
}
