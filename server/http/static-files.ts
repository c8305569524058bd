import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { promisify } from 'node:util'
import { brotliCompress, constants as zlib, gzip } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from './request-context'

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
}

/** Text formats worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set([
  '.html',
  '.js',
  '.mjs',
  '.css',
  '.json',
  '.webmanifest',
  '.map',
  '.txt',
  '.svg',
])

type Encoding = 'br' | 'gzip'

const brotli = promisify(brotliCompress)
const gzipAsync = promisify(gzip)

const compressors: Record<Encoding, (content: Buffer) => Promise<Buffer>> = {
  br: (content) =>
    brotli(content, {
      params: {
        [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
        [zlib.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
  gzip: (content) => gzipAsync(content, { level: zlib.Z_BEST_COMPRESSION }),
}

/** The best encoding the browser accepts (q=0 refuses one), Brotli before gzip. */
function pickEncoding(acceptEncoding: string | undefined): Encoding | null {
  const accepted = new Set<string>()
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';')
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='))
    if (q === undefined || Number(q.slice(2)) > 0) accepted.add(name.trim())
  }
  if (accepted.has('br')) return 'br'
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip'
  return null
}

/** Hashed build output never changes under the same name, so browsers may keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Everything else (index.html above all) is revalidated, so a new build is picked up at once. */
const REVALIDATE = 'no-cache'

/** A file of the build, read once and compressed at most once per encoding. */
type StaticFile = {
  file: string
  mtimeMs: number
  content: Buffer
  encoded: Partial<Record<Encoding, Promise<Buffer>>>
}

/**
 * The build's files by path. A request costs one stat: the bytes are read (and compressed, off the
 * event loop, at the highest level) only the first time or after a rebuild changed the mtime, so a
 * new index.html is never answered with the old one's bytes.
 */
const files = new Map<string, StaticFile>()

async function readIfFile(file: string): Promise<StaticFile | null> {
  try {
    const stats = await stat(file)
    if (!stats.isFile()) return null
    const cached = files.get(file)
    if (cached?.mtimeMs === stats.mtimeMs) return cached
    const found: StaticFile = {
      file,
      mtimeMs: stats.mtimeMs,
      content: await readFile(file),
      encoded: {},
    }
    files.set(file, found)
    return found
  } catch {
    return null
  }
}

function encodedBody(found: StaticFile, encoding: Encoding): Promise<Buffer> {
  return (found.encoded[encoding] ??= compressors[encoding](found.content))
}

/**
 * Serves the built SPA from `distDir` for GET/HEAD outside /api: real files as they are, hashed
 * /assets/* with immutable caching, and index.html for any other path without a file extension
 * (client-side routes). A missing asset is a real 404, so a stale chunk fails loudly and the
 * client's chunk-error reload can recover. Text files go out Brotli- or gzip-compressed when the
 * browser accepts it: the bundle budget (npm run bench) is a compressed size, and so is what a
 * player on a mobile network downloads.
 */
export function serveSpa(distDir: string): MiddlewareHandler<AppEnv> {
  const root = path.resolve(distDir)
  async function send(c: Context<AppEnv>, found: StaticFile, cacheControl: string) {
    const extension = path.extname(found.file).toLowerCase()
    const headers: Record<string, string> = {
      'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
      'Cache-Control': cacheControl,
    }
    if (!COMPRESSIBLE.has(extension)) return c.body(new Uint8Array(found.content), 200, headers)
    headers['Vary'] = 'Accept-Encoding'
    const encoding = pickEncoding(c.req.header('accept-encoding'))
    if (encoding === null) return c.body(new Uint8Array(found.content), 200, headers)
    const body = await encodedBody(found, encoding)
    headers['Content-Encoding'] = encoding
    return c.body(new Uint8Array(body), 200, headers)
  }

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    let pathname: string
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname)
    } catch {
      return next()
    }
    if (pathname === '/api' || pathname.startsWith('/api/')) return next()

    const file = path.resolve(root, `.${pathname}`)
    if (file !== root && !file.startsWith(root + path.sep)) return next()
    const found = pathname.endsWith('/') ? null : await readIfFile(file)
    if (found) return send(c, found, pathname.startsWith('/assets/') ? IMMUTABLE : REVALIDATE)
    if (path.extname(file) !== '' || pathname.startsWith('/assets/')) return next()

    const index = await readIfFile(path.join(root, 'index.html'))
    if (!index) return next()
    return send(c, index, REVALIDATE)
  }
}
