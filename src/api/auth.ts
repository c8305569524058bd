import { logFailure, request } from './http'
import type { LoginBody, ParentCode, Session, SignupBody, SignupResult } from '../../contract/auth'

/** GET /api/auth/validate/{code}: the parent who owns a referral code (codes are uppercase). */
export function validateCode(code: string): Promise<ParentCode> {
  return request<ParentCode>(`/api/auth/validate/${encodeURIComponent(code.trim().toUpperCase())}`)
}

/** POST /api/auth/signup: creates the player; it does not log them in. */
export function signUp(body: SignupBody): Promise<SignupResult> {
  return request<SignupResult>('/api/auth/signup', { method: 'POST', body })
}

/**
 * GET /api/auth/session: the signed-in player, or null for a visitor. A failure is logged with its
 * server message before it rejects (catalogue row "Session ... calls fail"); the session machine
 * then holds null. `anonymous`: a 401 here is never an expiry of the page's session.
 */
export async function getSession(path?: string): Promise<Session | null> {
  try {
    return await request<Session | null>('/api/auth/session', {
      query: { path },
      policy: 'anonymous',
    })
  } catch (error) {
    logFailure(error)
    throw error
  }
}

/** POST /api/auth/login: a 401 here means wrong credentials, never an expired session. */
export function logIn(body: LoginBody): Promise<Session> {
  return request<Session>('/api/auth/login', { method: 'POST', body, policy: 'anonymous' })
}

/**
 * POST /api/auth/logout. Rejects with the server's status and message; the session machine
 * reloads to '/' on a 401 and shows a toast on anything else.
 */
export async function logOut(): Promise<void> {
  await request<null>('/api/auth/logout', { method: 'POST', body: {}, policy: 'anonymous' })
}
