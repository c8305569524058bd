import { execFile } from 'node:child_process'
import { cp, mkdtemp, readFile, rm, symlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { Hono } from 'hono'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { defineEndpoint } from '../../contract/endpoint'
import { apiMessages, validationMessages as m } from '../../contract/messages'
import { endpoint } from '../../server/http/endpoint'
import { reply } from '../../server/http/envelope'
import { buildOpenApiDocument } from '../../server/http/openapi'
import type { AppEnv } from '../../server/http/request-context'
import { PLACEHOLDERS, renderApiReference } from '../../scripts/lib/api-reference'

const template = [
  '<!-- template: a note for whoever edits the template -->',
  '# Demo API',
  PLACEHOLDERS.notice,
  'Written by hand.',
  '## Rules for every call',
  PLACEHOLDERS.commonAnswers,
  '## Endpoints',
  PLACEHOLDERS.endpoints,
].join('\n\n')

const item = v.object({ code: v.string(), count: v.number(), note: v.nullable(v.string()) })

const getItem = defineEndpoint({
  method: 'GET',
  path: '/api/items/:code',
  summary: 'One item by its code.',
  auth: 'public',
  params: v.object({
    code: v.pipe(
      v.string(m.required),
      v.trim(),
      v.toUpperCase(),
      v.regex(/^[A-Z]{4}$/, m.referralCode),
    ),
  }),
  response: item,
})
const createItem = defineEndpoint({
  method: 'POST',
  path: '/api/items',
  summary: 'Creates an item.',
  description: 'The count starts at one.',
  auth: 'session',
  body: v.object({ code: v.pipe(v.string(m.required), v.minLength(4, m.referralCode)) }),
  response: item,
  status: 201,
  message: apiMessages.signedUp,
  errors: [
    { status: 409, message: apiMessages.emailTaken, field: 'code', when: 'The code is taken.' },
  ],
})

const routes = new Hono<AppEnv>()
  .get(...endpoint(getItem), (c) =>
    reply(c, { code: c.req.valid('param').code, count: 1, note: null }),
  )
  .post(...endpoint(createItem), (c) =>
    reply(c, { code: c.req.valid('json').code, count: 1, note: null }),
  ).routes

describe('renderApiReference', () => {
  const markdown = renderApiReference(buildOpenApiDocument(routes), template)

  it('keeps the hand-written template and fills in its generated parts', () => {
    expect(markdown).not.toContain('a note for whoever edits the template')
    expect(markdown).toContain('Written by hand.')
    expect(markdown).toContain('Do not edit by hand.')
    expect(markdown).toContain("| 415 'El contenido debe ser JSON' | A POST, PUT, PATCH or DELETE")
    expect(markdown).not.toContain('<!-- generated:')
  })

  it('indexes every endpoint with its auth and links to its section', () => {
    expect(markdown).toContain(
      '| [GET `/api/items/{code}`](#get-apiitemscode) | public | One item by its code. |',
    )
    expect(markdown).toContain(
      '| [POST `/api/items`](#post-apiitems) | session | Creates an item. |',
    )
    expect(markdown).toContain('#### GET /api/items/{code}')
  })

  it('lists each input field with its type, rules and Spanish messages in the order they apply', () => {
    expect(markdown).toContain(
      "| `code` | string | yes | trimmed, uppercased first; matches `^[A-Z]{4}$` | 'El campo es requerido', 'El código debe tener entre 4 y 16 letras mayúsculas o números' |",
    )
    expect(markdown).toContain(
      "| `code` | string | yes | at least 4 characters | 'El campo es requerido', 'El código debe tener entre 4 y 16 letras mayúsculas o números' |",
    )
  })

  it('shows the success answer with its message and data, and the errors of each endpoint', () => {
    expect(markdown).toContain("**201** 'Tu cuenta fue creada. Ya puedes iniciar sesión.', `data`:")
    expect(markdown).toContain('| `note` | string or null |')
    expect(markdown).toContain(
      "| 409 | 'El correo electrónico ya está registrado' (also in `data.fields.code`) | The code is taken. |",
    )
    expect(markdown).toContain('**Session**: needs the session cookie')
    expect(markdown).toMatch(
      /common answers\]\(#rules-for-every-call\) that apply to it: .*401 'La sesión ha terminado'/,
    )
  })

  it('refuses a template without one of its placeholders', () => {
    expect(() =>
      renderApiReference(
        buildOpenApiDocument(routes),
        template.replace(PLACEHOLDERS.endpoints, ''),
      ),
    ).toThrow(`docs/api.template.md lacks the placeholder ${PLACEHOLDERS.endpoints}`)
  })
})

const run = promisify(execFile)

describe('npm run docs -- --check', () => {
  it('fails, naming docs/api.md, when it no longer matches the routes', async () => {
    // A copy of what the docs script reads, so the real docs/api.md is never touched.
    const root = path.resolve('.')
    const copy = await mkdtemp(path.join(os.tmpdir(), 'tery-docs-'))
    try {
      for (const entry of ['contract', 'machines', 'server', 'scripts', 'src', 'docs']) {
        await cp(path.join(root, entry), path.join(copy, entry), { recursive: true })
      }
      for (const file of ['package.json', 'tsconfig.json', '.prettierrc.json']) {
        await cp(path.join(root, file), path.join(copy, file))
      }
      await symlink(path.join(root, 'node_modules'), path.join(copy, 'node_modules'), 'dir')
      const apiDoc = path.join(copy, 'docs', 'api.md')
      const current = await readFile(apiDoc, 'utf8')
      await writeFile(apiDoc, current.replace('One rank: its requirement', 'One rank'))
      const failure = await run(
        process.execPath,
        ['--import', 'tsx', 'scripts/docs.ts', '--check'],
        { cwd: copy },
      ).then(
        () => null,
        (error: { code: number; stderr: string }) => error,
      )
      expect(failure?.code).toBe(1)
      // Only api.md is stale: the copy is complete, and the check covers the API reference.
      expect(failure?.stderr.trim()).toMatch(
        /docs are stale; run `npm run docs`:\n\s+docs\/api\.md$/,
      )
    } finally {
      await rm(copy, { recursive: true, force: true })
    }
  }, 60_000)
})
