import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompress } from '../../scripts/lib/prerender'
import { startTestServer, type TestServer } from './support/test-server'

let server: TestServer
let distDir: string

/** A built site as `vite build` lays it out: prerendered pages, the shell, assets, compressed copies. */
beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'tery-dist-'))
  await mkdir(path.join(distDir, 'assets'))
  await mkdir(path.join(distDir, 'signup'))
  await mkdir(path.join(distDir, 'home'))
  const page = (text: string) =>
    `<!doctype html><html lang="es-CO"><div id="root"><h1>${text}</h1></div></html>`
  await writeFile(path.join(distDir, 'index.html'), page('Bienvenido'))
  await writeFile(path.join(distDir, 'signup', 'index.html'), page('Crea tu cuenta'))
  await writeFile(path.join(distDir, 'shell.html'), page('Cargando…'))
  await writeFile(path.join(distDir, 'home', 'player.html'), page('Hola'))
  await writeFile(path.join(distDir, 'assets', 'index-abc123.js'), 'console.info("tery")')
  await writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  await writeFile(path.join(distDir, 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]))
  await precompress(distDir)
  // A text file the build did not compress is sent as it is, never compressed on the request.
  await writeFile(path.join(distDir, 'assets', 'late-def456.js'), 'console.info("late")')
  server = await startTestServer({ distDir })
})

afterAll(async () => {
  await server.close()
  await rm(distDir, { recursive: true, force: true })
})

const get = (route: string, headers: Record<string, string> = {}) =>
  server.app.request(`http://localhost:3000${route}`, { headers })

describe('the built SPA', () => {
  it('serves a visitor the prerendered page of a public route and the shell elsewhere, revalidated', async () => {
    const pages = [
      ['/', 'Bienvenido'],
      ['/signup', 'Crea tu cuenta'],
      ['/home', 'Cargando…'],
      ['/ruta/que/no/existe', 'Cargando…'],
    ]
    for (const [route, heading] of pages) {
      const response = await get(route ?? '/')
      expect(response.status).toBe(200)
      expect(response.headers.get('content-type')).toContain('text/html')
      expect(response.headers.get('cache-control')).toBe('no-cache')
      expect(response.headers.get('vary')).toBe('Accept-Encoding, Cookie')
      expect(await response.text()).toContain(`<h1>${heading}</h1>`)
    }
  })

  it('serves the shell to a browser with a session cookie, so a player never sees the visitor page', async () => {
    for (const cookie of ['tery_session=abc', '__Host-tery_session=abc']) {
      const response = await get('/', { cookie })
      expect(await response.text()).toContain('<h1>Cargando…</h1>')
    }
    expect(await (await get('/', { cookie: 'otra=1' })).text()).toContain('<h1>Bienvenido</h1>')
  })

  it("serves a player's framed page to a browser with a session cookie, and only to it", async () => {
    for (const route of ['/home', '/home/']) {
      const response = await get(route, { cookie: 'tery_session=abc' })
      expect(response.headers.get('vary')).toBe('Accept-Encoding, Cookie')
      expect(await response.text()).toContain('<h1>Hola</h1>')
    }
    // A visitor gets the shell, whose guard sends them to log in; a page without a frame, the shell.
    expect(await (await get('/home')).text()).toContain('<h1>Cargando…</h1>')
    const unframed = await get('/mine', { cookie: 'tery_session=abc' })
    expect(await unframed.text()).toContain('<h1>Cargando…</h1>')
  })

  it('serves hashed assets with immutable caching and other files revalidated', async () => {
    const asset = await get('/assets/index-abc123.js')
    expect(asset.status).toBe(200)
    expect(asset.headers.get('content-type')).toContain('text/javascript')
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const icon = await get('/favicon.svg')
    expect(icon.headers.get('content-type')).toBe('image/svg+xml')
    expect(icon.headers.get('cache-control')).toBe('no-cache')
  })

  it('sends the Brotli or gzip copy the build wrote, as the browser accepts, and images as they are', async () => {
    const original = await readFile(path.join(distDir, 'assets', 'index-abc123.js'))
    const fetchAsset = (acceptEncoding: string) =>
      get('/assets/index-abc123.js', { 'Accept-Encoding': acceptEncoding })

    const brotli = await fetchAsset('gzip, deflate, br, zstd')
    expect(brotli.headers.get('content-encoding')).toBe('br')
    expect(brotli.headers.get('vary')).toBe('Accept-Encoding')
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer()))).toEqual(original)

    const gzipped = await fetchAsset('gzip;q=1.0, br;q=0')
    expect(gzipped.headers.get('content-encoding')).toBe('gzip')
    expect(gunzipSync(Buffer.from(await gzipped.arrayBuffer()))).toEqual(original)

    const plain = await fetchAsset('identity')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(Buffer.from(await plain.arrayBuffer())).toEqual(original)

    const page = await get('/home', { 'Accept-Encoding': 'br' })
    expect(page.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await page.arrayBuffer())).toString()).toContain(
      'lang="es-CO"',
    )

    const uncompressed = await get('/assets/late-def456.js', { 'Accept-Encoding': 'br, gzip' })
    expect(uncompressed.headers.get('content-encoding')).toBeNull()
    expect(await uncompressed.text()).toBe('console.info("late")')

    const image = await get('/icon.png', { 'Accept-Encoding': 'br, gzip' })
    expect(image.headers.get('content-type')).toBe('image/png')
    expect(image.headers.get('content-encoding')).toBeNull()
  })

  it('answers a path that normalises into the API as the API does, never with the page', async () => {
    for (const route of ['//api/auth/session', '/API/auth/session', '/Api', '//api//config']) {
      const response = await get(route)
      expect(response.status).toBe(404)
      expect(response.headers.get('cache-control')).toBe('no-store')
      expect(response.headers.get('content-type')).toContain('application/json')
      expect(await response.json()).toEqual({
        status: 404,
        message: 'Recurso no encontrado',
        data: null,
      })
    }
  })

  it('answers 404 for a missing asset instead of the page, so a stale chunk fails loudly', async () => {
    expect((await get('/assets/viejo-123.js')).status).toBe(404)
    expect((await get('/..%2f..%2fetc%2fpasswd')).status).toBe(404)
  })
})
