import type { LoginBody } from '../../contract/auth'
import * as auth from '../../contract/endpoints/auth'
import * as config from '../../contract/endpoints/config'
import * as user from '../../contract/endpoints/user'
import { call, logFailure } from '../api/http'

/*
 * The API calls of the app-wide machines, one chunk loaded on the first of them (actors.ts): the
 * calls are written here rather than in actors.ts, so the entry chunk only names them.
 */

/**
 * GET /api/auth/session. A failure is logged with its server message before it rejects
 * (catalogue row "Session ... calls fail"); the session machine then holds null.
 */
export async function getSession(path?: string) {
  try {
    return await call(auth.getSession, { query: { path } })
  } catch (error) {
    logFailure(error)
    throw error
  }
}

export const logIn = (body: LoginBody) => call(auth.logIn, { body })

export async function logOut(): Promise<void> {
  await call(auth.logOut)
}

export const getConfig = () => call(config.getConfig)

export const agreeTerms = () => call(user.agreeTerms, { body: { termsAgree: true } })
