import * as v from 'valibot'
import type { EndpointDeclaration } from '../../contract/endpoint'

/**
 * Why an answer's `data` does not match its endpoint's response schema, or null when it does:
 * each issue with the dot path of the field it is about. Development and tests only: the
 * production build never loads this module (src/config/env.ts, `loadAnswerCheck`).
 */
export function answerProblems(endpoint: EndpointDeclaration, data: unknown): string | null {
  const result = v.safeParse(endpoint.response, data)
  if (result.success) return null
  return result.issues
    .map((issue) => `${v.getDotPath(issue) ?? '(data)'}: ${issue.message}`)
    .join('; ')
}
