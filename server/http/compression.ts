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

/**
 * How hard to compress: `fast` on the request, `best` for an answer compressed once and sent many
 * times, the slow maximum the build's files get too (prerender.ts). Brotli quality 2 compresses
 * the board's 1.6 KB page to 395 bytes, as gzip's default does, in half of gzip's time and of
 * quality 4's (361 bytes): GET /api/trading cost 8 to 11% less CPU per call than at quality 4
 * (bench/NOTES.md, twenty-first round).
 */
type Effort = 'fast' | 'best'

const brotliQuality: Record<Effort, number> = { fast: 2, best: constants.BROTLI_MAX_QUALITY }
const gzipLevel: Record<Effort, number> = {
  fast: constants.Z_DEFAULT_COMPRESSION,
  best: constants.Z_BEST_COMPRESSION,
}

function compress(body: Uint8Array, encoding: Encoding, effort: Effort): Uint8Array<ArrayBuffer> {
  const compressed =
    encoding === 'br'
      ? brotliCompressSync(body, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: brotliQuality[effort],
            [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            [constants.BROTLI_PARAM_SIZE_HINT]: body.byteLength,
          },
        })
      : gzipSync(body, { level: gzipLevel[effort] })
  return new Uint8Array(compressed)
}

/** A JSON body as it goes out: its bytes, and their Content-Encoding when compressed. */
export type EncodedBody = { bytes: Uint8Array<ArrayBuffer>; encoding?: Encoding }

/**
 * The answer to every call of a JSON body fixed for the life of the process (GET /api/config):
 * each encoding is compressed once, at the best settings, the first time a caller accepts it.
 * Compressed on every request instead, the game's rules cost a browser's call about six times what
 * the plain bytes do.
 */
export function constantBody(
  bytes: Uint8Array<ArrayBuffer>,
): (acceptEncoding: string | undefined) => EncodedBody {
  const compressed = new Map<Encoding, Uint8Array<ArrayBuffer>>()
  return (acceptEncoding) => {
    const [encoding] = acceptedEncodings(acceptEncoding)
    if (encoding === undefined || bytes.byteLength < COMPRESS_MIN_BYTES) return { bytes }
    let body = compressed.get(encoding)
    if (body === undefined) {
      body = compress(bytes, encoding, 'best')
      compressed.set(encoding, body)
    }
    return { bytes: body, encoding }
  }
}

/**
 * Compresses the API's JSON answers of COMPRESS_MIN_BYTES or more with the best encoding the
 * caller accepts (Brotli, then gzip). Mounted outside the routes, so it sees the answer as sent,
 * after `idempotent()` stored the plain JSON for replays. A caller that accepts no encoding (a
 * script) costs two header reads; an answer that comes encoded (`constantBody`) is left as it is.
 * API answers are no-store, so no cache can hand one caller's encoding to another and they need
 * no Vary.
 */
export const compressJson: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next()
  const answer = c.res
  // Most answers say their length (`sendJson`): a small one is left as it is, unread, before the
  // caller's encodings are parsed (4 to 10% of the CPU of a call with a small answer).
  const length = answer.headers.get('content-length')
  if (length !== null && Number(length) < COMPRESS_MIN_BYTES) return
  const [encoding] = acceptedEncodings(c.req.header('accept-encoding'))
  if (encoding === undefined) return
  const type = answer.headers.get('content-type')
  if (!type?.startsWith('application/json') || answer.headers.has('content-encoding')) return
  const body = new Uint8Array(await answer.arrayBuffer())
  const headers = new Headers(answer.headers)
  let sent = body
  if (body.byteLength >= COMPRESS_MIN_BYTES) {
    sent = compress(body, encoding, 'fast')
    headers.set('Content-Encoding', encoding)
    headers.delete('Content-Length')
  }
  // Unset first: assigning over an answer would copy its headers onto the new one, Content-Length
  // of the plain body included.
  c.res = undefined
  c.res = new Response(sent, { status: answer.status, headers })
}
