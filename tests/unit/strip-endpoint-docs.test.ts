import { readdir, readFile } from 'node:fs/promises'
import { transform } from 'esbuild'
import { parseAst } from 'vite'
import { describe, expect, it } from 'vitest'
import { clientDeclarations } from '../../scripts/lib/strip-endpoint-docs'

describe('clientDeclarations', () => {
  it('keeps each declaration as the method, path and policy the client reads, and nothing else', () => {
    const code = `import { defineEndpoint } from '../endpoint'
import { session } from '../auth'
const refusal = { status: 409, message: 'Ya existe', when: 'Taken.' }
export const logIn = defineEndpoint({
  method: 'POST',
  path: '/api/auth/login',
  summary: 'Logs in.',
  response: session,
  errors: [refusal],
  policy: 'anonymous',
})
export const getSession = defineEndpoint({ method: 'GET', path: '/api/auth/session', auth: 'session' })`
    expect(clientDeclarations(code)).toBe(
      `export const logIn = { method: 'POST', path: '/api/auth/login', policy: 'anonymous' }
export const getSession = { method: 'GET', path: '/api/auth/session' }
`,
    )
  })

  it('refuses a module that exports anything besides declarations', () => {
    const code = `export const logIn = defineEndpoint({ method: 'POST', path: '/api/auth/login' })
export const refusal = { status: 409 }`
    expect(() => clientDeclarations(code, 'auth.ts')).toThrow(
      'auth.ts: contract/endpoints/ modules export endpoint declarations only',
    )
  })

  it('refuses a path the client could not read without running the module', () => {
    const code = "export const x = defineEndpoint({ method: 'GET', path: base + '/x' })"
    expect(() => clientDeclarations(code, 'x.ts')).toThrow(
      "x.ts: x's method, path, policy must be text",
    )
  })

  it('gives the client every declaration of contract/endpoints/, with no import', async () => {
    for (const file of await readdir('contract/endpoints')) {
      // The build rewrites the module once TypeScript is compiled away, as here.
      const source = await readFile(`contract/endpoints/${file}`, 'utf8')
      const { code } = await transform(source, { loader: 'ts' })
      const client = clientDeclarations(code, file) ?? ''
      expect(() => parseAst(client), file).not.toThrow()
      expect(client, file).not.toContain('import')
      expect(
        client.match(/^export const \w+ = \{ method: "\w+", path: "[^"]+"(, policy: "\w+")? \}$/gm)
          ?.length,
        file,
      ).toBe(source.split('defineEndpoint({').length - 1)
    }
  })
})
