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
 * Whether the API client checks every answer against its contract schema (src/api/answer-check.ts):
 * in development and in every test run, never in a production build, where the check and valibot
 * are left out of the bundle.
 */
export const checksAnswers: boolean = import.meta.env.DEV
