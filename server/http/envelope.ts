import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { Envelope } from '../../contract/envelope'
import { apiMessages } from '../../contract/messages'

/** Answers `{ status, message, data }` with the HTTP status equal to `status`. */
export function reply<T, S extends ContentfulStatusCode = 200>(
  c: Context,
  data: T,
  message: string = apiMessages.ok,
  status: S = 200 as S,
) {
  const body: Envelope<T> = { status, message, data }
  return c.json(body, status)
}

/** An error answer; `data` is null unless the error carries details (e.g. field messages). */
export function fail<S extends ContentfulStatusCode, T = null>(
  c: Context,
  status: S,
  message: string,
  data: T = null as T,
) {
  const body: Envelope<T> = { status, message, data }
  return c.json(body, status)
}
