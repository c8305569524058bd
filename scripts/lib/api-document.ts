import type { Db } from '../../server/db/client'
import type { ApiDocument } from './money-check'

/**
 * The API's OpenAPI document as GET /api/openapi.json answers it, built in-process from
 * createApp(): the routes themselves, so a money mark is checked against the API that runs.
 * Null while the API serves no such document.
 */
export async function loadApiDocument(): Promise<ApiDocument | null> {
  const { createApp } = await import('../../server/app')
  // The document is built from the route table: answering it must not touch the database.
  const db = new Proxy({} as Db, {
    get() {
      throw new Error('GET /api/openapi.json must not need the database')
    },
  })
  const app = createApp({ db, allowedOrigins: [] })
  const response = await app.request('/api/openapi.json')
  if (response.status === 404) return null
  if (!response.ok) throw new Error(`GET /api/openapi.json answered ${response.status}`)
  const body = (await response.json()) as unknown
  if (typeof body !== 'object' || body === null || !('paths' in body)) {
    throw new Error('GET /api/openapi.json did not answer an OpenAPI document')
  }
  return body as ApiDocument
}
