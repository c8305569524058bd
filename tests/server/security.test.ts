import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createApp } from '../../server/app'
import { DEMO_CODE, DEMO_EMAIL, DEMO_PASSWORD } from '../../server/db/seed/players'
import {
  ORIGIN,
  rowCounts,
  signupFor,
  startTestServer,
  type TestServer,
} from './support/test-server'

let server: TestServer
let distDir: string

beforeAll(async () => {
  distDir = await mkdtemp(path.join(os.tmpdir(), 'tery-dist-'))
  await mkdir(path.join(distDir, 'assets'))
  await writeFile(
    path.join(distDir, 'index.html'),
    '<!doctype html><html lang="es-CO"><script type="module" src="/assets/index-abc123.js"></script></html>',
  )
  // Pages that are not prerendered get the shell the build writes.
  await writeFile(path.join(distDir, 'shell.html'), '<!doctype html><html lang="es-CO"></html>')
  await writeFile(path.join(distDir, 'assets', 'index-abc123.js'), 'console.info("tery")')
  await writeFile(path.join(distDir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>')
  await writeFile(path.join(distDir, 'icon.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]))
  server = await startTestServer({ distDir, seed: 'demo' })
})

afterAll(async () => {
  await server.close()
  await rm(distDir, { recursive: true, force: true })
})

const demoLogin = { email: DEMO_EMAIL, password: DEMO_PASSWORD }

describe('security headers', () => {
  it('sends the CSP and the other security headers on pages and files', async () => {
    for (const target of ['/', '/home', '/assets/index-abc123.js']) {
      const result = await server.app.request(`http://localhost:3000${target}`)
      const csp = result.headers.get('content-security-policy') ?? ''
      expect(csp).toContain("default-src 'self'")
      expect(csp).toContain("object-src 'none'")
      expect(csp).toContain("base-uri 'none'")
      expect(csp).toContain("frame-ancestors 'none'")
      expect(csp).not.toContain('unsafe-inline')
      expect(result.headers.get('x-content-type-options')).toBe('nosniff')
      expect(result.headers.get('x-frame-options')).toBe('DENY')
    }
  })

  it('sends API answers, errors included, the headers a JSON answer needs and no page-only ones', async () => {
    for (const target of ['/api/config', '/api/nada', '/api', '/api/auth/session']) {
      const result = await server.app.request(`http://localhost:3000${target}`)
      expect(result.headers.get('content-security-policy')).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      )
      expect(result.headers.get('cross-origin-resource-policy')).toBe('same-origin')
      expect(result.headers.get('x-content-type-options')).toBe('nosniff')
      expect(result.headers.get('x-frame-options')).toBe('DENY')
      for (const pageOnly of [
        'permissions-policy',
        'cross-origin-opener-policy',
        'origin-agent-cluster',
        'referrer-policy',
        'x-xss-protection',
      ]) {
        expect(result.headers.get(pageOnly)).toBeNull()
      }
    }
  })

  it('sends a Permissions-Policy that denies unused features and keeps the clipboard', async () => {
    for (const target of ['/', '/home', '/assets/index-abc123.js']) {
      const result = await server.app.request(`http://localhost:3000${target}`)
      const policy = result.headers.get('permissions-policy') ?? ''
      for (const denied of [
        'camera=()',
        'microphone=()',
        'geolocation=()',
        'payment=()',
        'usb=()',
      ]) {
        expect(policy).toContain(denied)
      }
      expect(policy).toContain('clipboard-write=(self)')
      expect(policy).toContain('clipboard-read=(self)')
    }
  })

  it('forbids storing any API answer, errors included; pages keep their own caching', async () => {
    const cookie = (await server.call('/api/auth/login', { body: demoLogin })).cookie
    const answers = [
      await server.call('/api/user/profile', { cookie }),
      await server.call('/api/user/profile'),
      await server.call('/api/config'),
      await server.call('/api/nada'),
      await server.call('/api'),
      await server.call('/api/auth/login', { body: { email: 'x' } }),
      await server.call('/api/auth/login', {
        body: demoLogin,
        headers: { origin: 'https://evil.example' },
      }),
      await server.call('/api/auth/login', {
        body: demoLogin,
        headers: { 'content-type': 'text/plain' },
      }),
      await server.call('/api/auth/signup', { body: { name: 'a'.repeat(17 * 1024) } }),
    ]
    expect(answers.map((a) => a.status)).toEqual([200, 401, 200, 404, 404, 400, 403, 415, 413])
    for (const answer of answers) expect(answer.headers.get('cache-control')).toBe('no-store')
    const page = await server.app.request('http://localhost:3000/home')
    expect(page.headers.get('cache-control')).toBe('no-cache')
  })
})

describe('state-changing requests', () => {
  it('answers 403 to a foreign Origin and changes nothing', async () => {
    const before = await rowCounts(server.db)
    const result = await server.call('/api/auth/signup', {
      body: signupFor(DEMO_CODE),
      headers: { origin: 'https://evil.example' },
    })
    expect(result.status).toBe(403)
    expect(result.body).toEqual({ status: 403, message: 'Origen no permitido', data: null })
    expect(await rowCounts(server.db)).toEqual(before)
  })

  it('answers 403 to a cross-site request even without Origin', async () => {
    const result = await server.call('/api/auth/login', {
      body: demoLogin,
      headers: { 'sec-fetch-site': 'cross-site' },
    })
    expect(result.status).toBe(403)
    expect(result.body.message).toBe('Origen no permitido')
    expect(result.setCookie).toBeNull()
  })

  it('accepts a same-origin browser request from the allowed origin', async () => {
    const result = await server.call('/api/auth/login', {
      body: demoLogin,
      headers: { 'sec-fetch-site': 'same-origin', origin: ORIGIN },
    })
    expect(result.status).toBe(200)
  })

  it('answers 415 when the body is not declared JSON, and changes nothing', async () => {
    const before = await rowCounts(server.db)
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data']) {
      const result = await server.call('/api/auth/signup', {
        body: signupFor(DEMO_CODE),
        headers: { 'content-type': type },
      })
      expect(result.status).toBe(415)
      expect(result.body).toEqual({
        status: 415,
        message: 'El contenido debe ser JSON',
        data: null,
      })
    }
    const missing = await server.app.request('http://localhost:3000/api/auth/logout', {
      method: 'POST',
      headers: { origin: ORIGIN },
    })
    expect(missing.status).toBe(415)
    expect(await rowCounts(server.db)).toEqual(before)
  })

  it('accepts JSON with a charset parameter', async () => {
    const result = await server.call('/api/auth/login', {
      body: demoLogin,
      headers: { 'content-type': 'application/json; charset=utf-8' },
    })
    expect(result.status).toBe(200)
  })

  it('answers 413 to a body over 16 KB, and changes nothing', async () => {
    const before = await rowCounts(server.db)
    const result = await server.call('/api/auth/signup', {
      body: { ...signupFor(DEMO_CODE), name: 'a'.repeat(17 * 1024) },
    })
    expect(result.status).toBe(413)
    expect(result.body).toEqual({
      status: 413,
      message: 'La solicitud es demasiado grande',
      data: null,
    })
    expect(await rowCounts(server.db)).toEqual(before)
  })

  it.each([
    ['a JSON array', '[]'],
    ['an array of fields', '[{"email":"demo@tery.example"}]'],
    ['a number', '42'],
    ['null', 'null'],
  ])(
    "answers 400 'La solicitud no es válida' to %s as the body, and changes nothing",
    async (_, body) => {
      const before = await rowCounts(server.db)
      for (const path of ['/api/auth/login', '/api/auth/signup']) {
        const result = await server.call(path, { body })
        expect(result.status).toBe(400)
        expect(result.body).toEqual({
          status: 400,
          message: 'La solicitud no es válida',
          data: { fields: {} },
        })
      }
      expect(await rowCounts(server.db)).toEqual(before)
    },
  )

  it('answers 400 to a body that is not valid JSON', async () => {
    const result = await server.call('/api/auth/login', { body: '{"email": ' })
    expect(result.status).toBe(400)
    expect(result.body).toEqual({
      status: 400,
      message: 'El contenido no es un JSON válido',
      data: null,
    })
  })
})

describe('envelope on every answer', () => {
  it("answers 404 'Recurso no encontrado' for an unknown API path", async () => {
    for (const target of ['/api/nada', '/api/auth/nada', '/api']) {
      const result = await server.call(target)
      expect(result.status).toBe(404)
      expect(result.body).toEqual({ status: 404, message: 'Recurso no encontrado', data: null })
    }
  })

  it('answers 500 with a Spanish message when something breaks, without leaking details', async () => {
    const broken = await startTestServer()
    await broken.close()
    const app = createApp({ db: broken.db, allowedOrigins: [ORIGIN] })
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    const response = await app.request('http://localhost:3000/api/auth/session', {
      headers: { cookie: 'tery_session=cualquiera' },
    })
    expect(response.status).toBe(500)
    expect(response.headers.get('cache-control')).toBe('no-store')
    expect(await response.json()).toEqual({
      status: 500,
      message: 'Ocurrió un error inesperado. Intenta de nuevo.',
      data: null,
    })
    expect(logged).toHaveBeenCalled()
  })
})
