import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs'
import { builtinModules } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildBundle, isBundleFresh, root } from '../../scripts/lib/server-bundle.mjs'

/** The prebuilt server `npm start` runs (scripts/start.mjs): when it is rebuilt, and what it holds. */
describe('the server bundle', () => {
  let cacheDir: string
  let inputs: string[]

  beforeAll(async () => {
    cacheDir = mkdtempSync(join(tmpdir(), 'tery-bundle-'))
    await buildBundle(cacheDir)
    ;({ inputs } = JSON.parse(readFileSync(join(cacheDir, 'inputs.json'), 'utf8')) as {
      inputs: string[]
    })
  }, 60_000)
  afterAll(() => rmSync(cacheDir, { recursive: true, force: true }))

  it('is fresh right after a build', async () => {
    expect(await isBundleFresh(cacheDir)).toBe(true)
  })

  it("lists the server's sources as its inputs, not the packages package-lock.json stands for", () => {
    expect(inputs).toEqual(
      expect.arrayContaining(['server/index.ts', 'server/db/client.ts', 'contract/messages.ts']),
    )
    expect(inputs.filter((input) => input.includes('node_modules'))).toEqual([])
  })

  it('holds the packages but PGlite, which finds its WebAssembly beside its own modules', () => {
    const imported = [
      ...readFileSync(join(cacheDir, 'index.mjs'), 'utf8').matchAll(/^import .* from "([^"]+)"/gm),
    ].map(([, specifier = '']) => specifier.replace(/^node:/, ''))
    const packages = imported.filter((specifier) => !builtinModules.includes(specifier))
    expect(new Set(packages)).toEqual(new Set(['@electric-sql/pglite']))
  })

  it('keeps each module its own import.meta.url, so the migrations folder is found', () => {
    const bundle = readFileSync(join(cacheDir, 'index.mjs'), 'utf8')
    expect(bundle).not.toContain('import.meta.url')
    expect(bundle).toContain(JSON.stringify(pathToFileURL(join(root, 'server/db/client.ts')).href))
  })

  describe('is rebuilt', () => {
    const source = () => join(cacheDir, 'source.ts')
    const pretendBuiltFrom = (files: string[], checkout = root) =>
      writeFileSync(
        join(cacheDir, 'inputs.json'),
        JSON.stringify({ root: checkout, inputs: files }),
      )
    const age = (file: string, secondsAgo: number) => {
      const when = Date.now() / 1000 - secondsAgo
      utimesSync(file, when, when)
    }

    it('not while every input is older than it', async () => {
      writeFileSync(source(), '')
      age(source(), 3600)
      pretendBuiltFrom([source()])
      expect(await isBundleFresh(cacheDir)).toBe(true)
    })

    it('when an input changed after it was built', async () => {
      writeFileSync(source(), '')
      age(join(cacheDir, 'index.mjs'), 60)
      pretendBuiltFrom([source()])
      expect(await isBundleFresh(cacheDir)).toBe(false)
    })

    it('when an input is gone', async () => {
      pretendBuiltFrom([join(cacheDir, 'gone.ts')])
      expect(await isBundleFresh(cacheDir)).toBe(false)
    })

    it('when another checkout built it (a worktree sharing node_modules)', async () => {
      writeFileSync(source(), '')
      age(source(), 3600)
      pretendBuiltFrom([source()], join(tmpdir(), 'another-checkout'))
      expect(await isBundleFresh(cacheDir)).toBe(false)
    })

    it('when there is no bundle or no list of its inputs', async () => {
      const empty = mkdtempSync(join(tmpdir(), 'tery-bundle-'))
      expect(await isBundleFresh(empty)).toBe(false)
      rmSync(empty, { recursive: true })
    })
  })
})
