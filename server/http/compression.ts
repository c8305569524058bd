import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import { PRECOMPRESSED, type Encoding } from '../../contract/built-site'
import type { AppEnv } from './request-context'

/**
 * JSON answers shorter than this go out as they are: below about a kilobyte the bytes saved are
 * fewer than the work and the headers it costs, and most answers (errors, sessions) are that small.
 */
export const COMPRESS_MIN_BYTES = 1024

/** The encodings the browser accepts (q=0 refuses one), in our order of preference. */
export function acceptedEncodings(acceptEncoding: string | undefined): Encoding[] {
  if (!acceptEncoding) return []
  const accepted = new Set<string>()
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name.trim())
  }
  return PRECOMPRESSED.map(({ encoding }) => encoding).filter(
    (encoding) => accepted.has(encoding) || accepted.has('*'),
  )
}

/*
 * Fast settings, since this runs on the request: Brotli quality 4 compresses JSON better than
 * gzip's default in about the same time; the build's files use the slow maximum (prerender.ts).
 */
const compress: Record<Encoding, (body: Uint8Array) => Uint8Array<ArrayBuffer>> = {
  br: (body) =>
    new Uint8Array(
      brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 4,
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
        },
      }),
    ),
  gzip: (body) => new Uint8Array(gzipSync(body)),
}

/**
 * Compresses the API's JSON answers of COMPRESS_MIN_BYTES or more with the best encoding the
 * caller accepts (Brotli, then gzip). Mounted outside the routes, so it sees the answer as sent,
 * after `idempotent()` stored the plain JSON for replays. A caller that accepts no encoding (a
 * script, the bench's load) costs one header read. API answers are no-store, so no cache can hand
 * one caller's encoding to another and they need no Vary.
 */
export const compressJson: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next()
  const [encoding] = acceptedEncodings(c.req.header('accept-encoding'))
  if (encoding === undefined) return
  const answer = c.res
  const type = answer.headers.get('content-type')
  if (!type?.startsWith('application/json') || answer.headers.has('content-encoding')) return
  const body = new Uint8Array(await answer.arrayBuffer())
  const headers = new Headers(answer.headers)
  let sent = body
  if (body.byteLength >= COMPRESS_MIN_BYTES) {
    sent = compress[encoding](body)
    headers.set('Content-Encoding', encoding)
    headers.delete('Content-Length')
  }
  // Unset first: assigning over an answer would copy its headers onto the new one, Content-Length
  // of the plain body included.
  c.res = undefined
  c.res = new Response(sent, { status: answer.status, headers })
}
