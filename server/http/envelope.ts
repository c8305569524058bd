import type { Context } from 'hono'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type * as v from 'valibot'
import type { Envelope } from '../../contract/envelope'
import { constantBody } from './compression'
import { apiMessages } from '../../contract/messages'
import type { EndpointContext } from './endpoint'

/**
 * Answers an endpoint's success: `{ status, message, data }` with the status and message its
 * `endpoint()` declares, and `data` typed by its response schema, so the handler, the document and
 * the answer cannot disagree.
 */
export function reply<S extends v.GenericSchema>(c: EndpointContext<S>, data: v.InferOutput<S>) {
  const { status = 200, message = apiMessages.ok } = c.var.endpoint
  const body: Envelope<v.InferOutput<S>> = { status, message, data }
  return sendJson(c, body, status)
}

/**
 * A JSON answer with its Content-Length, which `compressJson` reads to leave an answer too small to
 * compress alone. Without it, it had to read the body to measure it and then build the answer
 * again: a browser's call to GET /api/auth/session cost 15 to 20% more than a script's.
 */
function sendJson<S extends ContentfulStatusCode>(
  c: Pick<Context, 'body'>,
  body: unknown,
  status: S,
) {
  const text = JSON.stringify(body)
  return c.body(text, status, {
    'Content-Type': 'application/json',
    'Content-Length': String(Buffer.byteLength(text)),
  })
}

const encoder = new TextEncoder()

/**
 * `reply()` for an endpoint whose data is fixed for the life of the process (GET /api/config
 * changes only with a deployment): the envelope is serialised on the first call, and compressed
 * once per encoding (`constantBody`); its bytes are sent as they are afterwards.
 */
export function replyConstant<S extends v.GenericSchema>(data: () => v.InferOutput<S>) {
  let encoded: ReturnType<typeof constantBody> | null = null
  return (c: EndpointContext<S> & Pick<Context, 'body' | 'req'>) => {
    const { status = 200, message = apiMessages.ok } = c.var.endpoint
    if (encoded === null) {
      const body: Envelope<v.InferOutput<S>> = { status, message, data: data() }
      encoded = constantBody(encoder.encode(JSON.stringify(body)))
    }
    const { bytes, encoding } = encoded(c.req.header('accept-encoding'))
    const headers: Record<string, string> = { 'Content-Type': 'application/json' }
    if (encoding !== undefined) headers['Content-Encoding'] = encoding
    return c.body(bytes, status, headers)
  }
}

/** An error answer; `data` is null unless the error carries details (e.g. field messages). */
export function fail<S extends ContentfulStatusCode, T = null>(
  c: Context,
  status: S,
  message: string,
  data: T = null as T,
) {
  const body: Envelope<T> = { status, message, data }
  return sendJson(c, body, status)
}
