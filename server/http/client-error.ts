import type { Duplex } from 'node:stream'
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
