import * as auth from '../../contract/endpoints/auth'
import { call, logFailure } from '../api/http'

/** The API calls of the app-wide machines, one chunk loaded on the first of them (actors.ts). */
export { call, auth }
export { getConfig } from '../api/config'
export { agreeTerms } from '../api/user'

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
