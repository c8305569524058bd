import { readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import type { MiddlewareHandler } from 'hono'
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
}

/** Hashed build output never changes under the same name, so browsers may keep it for a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable'
/** Everything else (index.html above all) is revalidated, so a new build is picked up at once. */
const REVALIDATE = 'no-cache'

async function readIfFile(file: string): Promise<Buffer | null> {
  try {
    if (!(await stat(file)).isFile()) return null
    return await readFile(file)
  } catch {
    return null
  }
}

/**
 * Serves the built SPA from `distDir` for GET/HEAD outside /api: real files as they are, hashed
 * /assets/* with immutable caching, and index.html for any other path without a file extension
 * (client-side routes). A missing asset is a real 404, so a stale chunk fails loudly and the
 * client's chunk-error reload can recover.
 */
export function serveSpa(distDir: string): MiddlewareHandler<AppEnv> {
  const root = path.resolve(distDir)
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
    const extension = path.extname(file).toLowerCase()
    const content = pathname.endsWith('/') ? null : await readIfFile(file)
    if (content) {
      const isHashedAsset = pathname.startsWith('/assets/')
      return c.body(new Uint8Array(content), 200, {
        'Content-Type': CONTENT_TYPES[extension] ?? 'application/octet-stream',
        'Cache-Control': isHashedAsset ? IMMUTABLE : REVALIDATE,
      })
    }
    if (extension !== '' || pathname.startsWith('/assets/')) return next()

    const index = await readIfFile(path.join(root, 'index.html'))
    if (!index) return next()
    return c.body(new Uint8Array(index), 200, {
      'Content-Type': CONTENT_TYPES['.html'] ?? 'text/html',
      'Cache-Control': REVALIDATE,
    })
  }
}
