import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Context, MiddlewareHandler } from 'hono'
import { getCookie } from 'hono/cookie'
import {
  COMPRESSIBLE,
  framedFile,
  PRECOMPRESSED,
  prerenderedFile,
  SHELL_FILE,
} from '../../contract/built-site'
import { acceptedEncodings } from './compression'
import type { AppEnv } from './request-context'
import { isApiPath } from './security'
import { SECURE_SESSION_COOKIE, SESSION_COOKIE } from './session-cookie'

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

/** Hashed build output never changes under the same name, so browsers may keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Everything else (the pages above all) is revalidated, so a new build is picked up at once. */
const REVALIDATE = 'no-cache'

/** A file of the build, read once. */
type StaticFile = { file: string; mtimeMs: number; content: Buffer }

/**
 * The build's files by path. A request costs a stat per file it looks at: the bytes are read only
 * the first time or after a rebuild changed the mtime, so a new page is never answered with the
 * old one's bytes.
 */
const files = new Map<string, StaticFile>()

async function readIfFile(file: string): Promise<StaticFile | null> {
  try {
    const stats = await stat(file)
    if (!stats.isFile()) return null
    const cached = files.get(file)
    if (cached?.mtimeMs === stats.mtimeMs) return cached
    const found: StaticFile = { file, mtimeMs: stats.mtimeMs, content: await readFile(file) }
    files.set(file, found)
    return found
  } catch {
    return null
  }
}

/**
 * Serves the built SPA from `distDir` for GET/HEAD outside /api: real files as they are, hashed
 * /assets/* with immutable caching, and for any other path without a file extension (a route) its
 * page: the prerendered HTML of a public route (dist/<route>/index.html) to a visitor; to a
 * browser that holds a session cookie, whose player the guards send elsewhere and who must not see
 * the visitor's page first, a player's framed page (dist/<route>/player.html); and the shell
 * (dist/shell.html) to everything else. A missing asset is a real 404, so a stale chunk fails
 * loudly and the client's chunk-error reload can recover. Text files go out as the Brotli or gzip
 * copy the build wrote next to them, when the browser accepts it: nothing is compressed on a
 * request.
 */
export function serveSpa(distDir: string): MiddlewareHandler<AppEnv> {
  const root = path.resolve(distDir)

  async function send(c: Context<AppEnv>, found: StaticFile, headers: Record<string, string>) {
    const extension = path.extname(found.file).toLowerCase()
    headers['Content-Type'] = CONTENT_TYPES[extension] ?? 'application/octet-stream'
    if (COMPRESSIBLE.test(found.file)) {
      headers['Vary'] = headers['Vary'] ? `Accept-Encoding, ${headers['Vary']}` : 'Accept-Encoding'
      for (const encoding of acceptedEncodings(c.req.header('accept-encoding'))) {
        const suffix = PRECOMPRESSED.find((variant) => variant.encoding === encoding)?.suffix
        const compressed = await readIfFile(`${found.file}${suffix}`)
        if (compressed) {
          headers['Content-Encoding'] = encoding
          return c.body(new Uint8Array(compressed.content), 200, headers)
        }
      }
    }
    return c.body(new Uint8Array(found.content), 200, headers)
  }

  const hasSessionCookie = (c: Context<AppEnv>) =>
    getCookie(c, SESSION_COOKIE) !== undefined || getCookie(c, SECURE_SESSION_COOKIE) !== undefined

  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    let pathname: string
    try {
      pathname = decodeURIComponent(new URL(c.req.url).pathname)
    } catch {
      return next()
    }
    if (isApiPath(pathname)) return next()

    const file = path.resolve(root, `.${pathname}`)
    if (file !== root && !file.startsWith(root + path.sep)) return next()
    const found = pathname.endsWith('/') ? null : await readIfFile(file)
    if (found) {
      const cacheControl = pathname.startsWith('/assets/') ? IMMUTABLE : REVALIDATE
      return send(c, found, { 'Cache-Control': cacheControl })
    }
    if (path.extname(file) !== '' || pathname.startsWith('/assets/')) return next()

    // A route. Which page it gets depends on the session cookie, so caches must key on it too.
    const prerendered = await readIfFile(
      path.join(root, hasSessionCookie(c) ? framedFile(pathname) : prerenderedFile(pathname)),
    )
    const page = prerendered ?? (await readIfFile(path.join(root, SHELL_FILE)))
    if (!page) return next()
    return send(c, page, { 'Cache-Control': REVALIDATE, Vary: 'Cookie' })
  }
}
