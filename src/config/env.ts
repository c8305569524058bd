/**
 * The browser's configuration, read once from Vite's build-time environment. This is the only
 * module that reads import.meta.env (server/env.ts is its counterpart for process.env).
 */

/**
 * Origin (and optional path prefix) the API client calls, without a trailing slash. Empty means
 * the SPA's own origin, which is how `npm start` serves it.
 */
export const apiBase: string = normalizeBase(import.meta.env.VITE_API_BASE)

function normalizeBase(value: unknown): string {
  if (typeof value !== 'string') return ''
  return value.trim().replace(/\/+$/, '')
}

/**
 * The check of every API answer against its contract schema (src/api/answer-check.ts), loaded
 * with the first call: in development and in every test run. Null in a production build, which
 * leaves the check, and valibot with it, out of the bundle: the condition is settled here, as the
 * build reads this module, so nothing is left to split into a chunk.
 */
export const loadAnswerCheck = import.meta.env.DEV ? () => import('../api/answer-check') : null

/**
 * True in the built app (`vite build`): the service worker exists only there (vite-plugin-pwa
 * builds it), so only there is it registered.
 */
export const isBuilt: boolean = import.meta.env.PROD
