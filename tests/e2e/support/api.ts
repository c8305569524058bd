import { baseUrl } from './browser'

/** An answer of the API: the envelope every endpoint sends. */
export interface Answer<T = unknown> {
  status: number
  message: string
  data: T
}

/** The balances a session carries (GET /api/auth/session). */
export interface Balances {
  terycarbons: number
  gems: number
  voltaCharge: number
  terydollars: number
}

/**
 * A player signed in through the API, as another device of theirs would be: a test's setup and
 * its checks afterwards go through it, outside the browser it drives. It sends no Origin (a
 * script, not a page), which the server's origin check lets through.
 */
export async function apiSession(email: string, password: string, base = baseUrl) {
  const login = await fetch(`${base}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
  if (login.status !== 200) throw new Error(`${email} could not log in: ${login.status}`)
  const cookie = login.headers
    .getSetCookie()
    .map((header) => header.split(';')[0])
    .join('; ')

  async function call<T>(method: string, path: string, body?: unknown): Promise<Answer<T>> {
    const answer = await fetch(`${base}${path}`, {
      method,
      headers: body === undefined ? { cookie } : { cookie, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return (await answer.json()) as Answer<T>
  }

  return {
    call,
    balances: async () =>
      (await call<{ balances: Balances }>('GET', '/api/auth/session')).data.balances,
  }
}
