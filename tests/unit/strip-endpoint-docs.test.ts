import { readdir, readFile } from 'node:fs/promises'
import { transform } from 'esbuild'
import { parseAst } from 'vite'
import { describe, expect, it } from 'vitest'
import { CLIENT_FIELDS, clientDeclarations } from '../../scripts/lib/strip-endpoint-docs'

describe('clientDeclarations', () => {
  it('keeps only what the client reads of each declaration, and the rest of the module', () => {
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
export const other = { summary: 'not a declaration' }`
    const stripped = clientDeclarations(code) ?? ''

    expect(() => parseAst(stripped)).not.toThrow()
    expect(stripped).toMatch(
      /defineEndpoint\(\{\s*method: 'POST',\s*path: '\/api\/auth\/login',\s*policy: 'anonymous',?\s*\}\)/,
    )
    expect(stripped).toContain("export const other = { summary: 'not a declaration' }")
    expect(stripped).toContain("const refusal = { status: 409, message: 'Ya existe', when: 'Taken.' }")
  })

  it('leaves a module without declarations alone', () => {
    expect(clientDeclarations("export const a = { method: 'GET', summary: 'x' }")).toBeNull()
  })

  it('cuts every declaration of contract/endpoints/ down to method, path and policy', async () => {
    for (const file of await readdir('contract/endpoints')) {
      // The build strips the module once TypeScript is compiled away, as here.
      const source = await readFile(`contract/endpoints/${file}`, 'utf8')
      const { code } = await transform(source, { loader: 'ts' })
      const stripped = clientDeclarations(code) ?? ''
      const declarations = [...stripped.matchAll(/defineEndpoint\(\{([^}]*)\}\)/g)]
      expect(declarations.length, file).toBe(source.split('defineEndpoint({').length - 1)
      for (const [, body = ''] of declarations) {
        const keys = [...body.matchAll(/(\w+):/g)].map(([, key]) => key)
        expect(keys.slice(0, 2), file).toEqual(['method', 'path'])
        expect(keys.filter((key) => !CLIENT_FIELDS.some((field) => field === key)), file).toEqual([])
      }
    }
  })
})
