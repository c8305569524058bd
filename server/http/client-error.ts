import { createServer, type RequestListener, type Server } from 'node:http'
import type { Duplex } from 'node:stream'
import { getRequestListener, RequestError } from '@hono/node-server'
import { apiMessages } from '../../contract/messages'
import type { Envelope } from '../../contract/envelope'
import { API_SECURITY_HEADERS } from './security'

/** What the parser's refusals answer: status, reason phrase and the envelope's Spanish message. */
function refusalOf(code: string | undefined): { status: number; reason: string; message: string } {
  if (code === 'HPE_HEADER_OVERFLOW') {
    return { status: 431, reason: 'Request Header Fields Too Large', message: apiMessages.tooLarge }
  }
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return { status: 408, reason: 'Request Timeout', message: apiMessages.requestTimeout }
  }
  return { status: 400, reason: 'Bad Request', message: apiMessages.invalidBody }
}

/**
 * The answer to a request Node's HTTP parser rejects before the app sees it (a malformed request
 * line or header, headers over the size limit, a request too slow to arrive): the envelope with
 * the security headers of every other JSON answer, instead of Node's bare
 * `400 Bad Request`. Mounted with `server.on('clientError', answerClientError)`; like Node's own
 * handler, it answers only when nothing was written on the connection yet, then closes it.
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || !socket.writable || socketBytesWritten(socket) > 0) {
    socket.destroy()
    return
  }
  const { status, reason, message } = refusalOf(error.code)
  const body = JSON.stringify({ status, message, data: null } satisfies Envelope<null>)
  const headers = [
    ...API_SECURITY_HEADERS,
    ['Content-Type', 'application/json; charset=utf-8'],
    ['Content-Length', String(Buffer.byteLength(body))],
    ['Connection', 'close'],
  ]
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n${headers.map(([name, value]) => `${name}: ${value}\r\n`).join('')}\r\n${body}`,
  )
}

function socketBytesWritten(socket: Duplex): number {
  return 'bytesWritten' in socket && typeof socket.bytesWritten === 'number'
    ? socket.bytesWritten
    : 0
}

/**
 * The answer to a request that parses but cannot become a URL (a missing or malformed `Host`, a
 * path the adapter refuses), where @hono/node-server would answer an empty 400 without the API's
 * headers: the envelope every other refusal answers. The adapter also lands here if the app's
 * fetch threw instead of answering, which is a defect (500).
 */
function answerUnreadableRequest(error: unknown): Response {
  const [status, message] =
    error instanceof RequestError ? [400, apiMessages.invalidBody] : [500, apiMessages.internal]
  if (status === 500) console.error('La aplicación falló sin responder:', error)
  const body = JSON.stringify({ status, message, data: null } satisfies Envelope<null>)
  return new Response(body, {
    status,
    headers: Object.fromEntries([
      ...API_SECURITY_HEADERS,
      ['Content-Type', 'application/json; charset=utf-8'],
      // As the parser's refusals: a client that sends such a request gets no second one in.
      ['Connection', 'close'],
    ]),
  })
}

/**
 * The HTTP server every Tery process listens with, around the app's `fetch`: what the parser
 * refuses (answerClientError) and a request without a usable Host (which Node itself would answer
 * with an empty 400 before any listener ran, hence `requireHostHeader: false`) get the envelope.
 * `route` may send some requests elsewhere (Vite, in development) and the rest to `api`.
 */
export function createHttpServer(
  fetch: (request: Request, env: object) => Response | Promise<Response>,
  route: (api: RequestListener) => RequestListener = (api) => api,
): Server {
  const api = getRequestListener(fetch, { errorHandler: answerUnreadableRequest })
  const server = createServer({ requireHostHeader: false }, route(api))
  server.on('clientError', answerClientError)
  return server
}
