import type { Server } from 'node:http'
import net from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHttpServer } from '../../server/http/client-error'
import { API_CONTENT_SECURITY_POLICY } from '../../server/http/security'

let server: Server
let port: number

beforeAll(async () => {
  // The server every Tery process listens with, around an app that answers 'ok' to anything: what
  // it refuses never reaches the app.
  server = createHttpServer(() => new Response('ok'))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  port = typeof address === 'object' && address ? address.port : 0
})

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

/** Sends raw bytes and reads everything the server writes until it closes the connection. */
function raw(
  request: string,
): Promise<{ status: number; headers: Map<string, string>; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(request))
    const chunks: Buffer[] = []
    socket.on('data', (chunk: Buffer) => chunks.push(chunk))
    socket.on('error', reject)
    socket.on('close', () => {
      const received = Buffer.concat(chunks).toString('utf8')
      const [head = '', body = ''] = received.split('\r\n\r\n')
      const [statusLine = '', ...lines] = head.split('\r\n')
      const headers = new Map(
        lines.map((line) => {
          const at = line.indexOf(':')
          return [line.slice(0, at).toLowerCase(), line.slice(at + 1).trim()] as const
        }),
      )
      resolve({ status: Number(statusLine.split(' ')[1]), headers, body })
    })
  })
}

describe('requests the HTTP parser refuses', () => {
  it.each([
    ['a malformed request line', 'GARBAGE\r\n\r\n', 400, 'La solicitud no es válida'],
    [
      'a header without a colon',
      'GET / HTTP/1.1\r\nHost: x\r\nroto\r\n\r\n',
      400,
      'La solicitud no es válida',
    ],
    [
      'a bad Content-Length',
      'POST /api HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n',
      400,
      'La solicitud no es válida',
    ],
    [
      'headers over the limit',
      // Node's default limit is 16 KiB of headers.
      `GET / HTTP/1.1\r\nHost: x\r\nX-Relleno: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'La solicitud es demasiado grande',
    ],
    [
      'a request without Host',
      'GET /api/config HTTP/1.1\r\n\r\n',
      400,
      'La solicitud no es válida',
    ],
    [
      'a Host that is no host name',
      'GET /api/config HTTP/1.1\r\nHost: a b/c\r\n\r\n',
      400,
      'La solicitud no es válida',
    ],
  ])(
    'answers %s with the envelope and the security headers',
    async (_, request, status, message) => {
      const answer = await raw(request)
      expect(answer.status).toBe(status)
      expect(JSON.parse(answer.body)).toEqual({ status, message, data: null })
      expect(answer.headers.get('content-security-policy')).toBe(API_CONTENT_SECURITY_POLICY)
      expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
      expect(answer.headers.get('x-frame-options')).toBe('DENY')
      expect(answer.headers.get('cache-control')).toBe('no-store')
      expect(answer.headers.get('content-type')).toBe('application/json; charset=utf-8')
      expect(answer.headers.get('connection')).toBe('close')
    },
  )

  it('writes nothing more on a connection that already got an answer', async () => {
    // A good request, then garbage on the same keep-alive connection: the first answer stands and
    // the connection closes without a second, half-written one.
    const answer = await raw('GET / HTTP/1.1\r\nHost: x\r\n\r\nGARBAGE\r\n\r\n')
    expect(answer.status).toBe(200)
    expect(answer.body).toContain('ok')
    expect(answer.body).not.toContain('La solicitud no es válida')
  })
})
