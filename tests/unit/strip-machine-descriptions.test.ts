import { describe, expect, it } from 'vitest'
import { parseAst } from 'vite'
import { stripDescriptions } from '../../scripts/lib/strip-machine-descriptions'

describe('stripDescriptions', () => {
  it('drops every plain-string description and keeps the rest of the machine', () => {
    const code = `const label = 'La sesión ha terminado'
export const m = createMachine({
  id: 'demo',
  description:
    'A machine, with accents: sesión.',
  initial: 'a',
  states: {
    a: { on: { go: { target: 'b', description: \`Goes on.\` } }, description: 'First.' },
    b: { description: 'Last.' },
  },
})`
    const stripped = stripDescriptions(code)

    expect(stripped).not.toBeNull()
    expect(stripped).not.toContain('description')
    expect(() => parseAst(stripped ?? '')).not.toThrow()
    expect(stripped).toContain("const label = 'La sesión ha terminado'")
    expect(stripped).toContain("id: 'demo'")
    expect(stripped).toContain("on: { go: { target: 'b' } }")
    expect(stripped).toMatch(/b: \{\s*\}/)
  })

  it('leaves a description computed at run time alone', () => {
    expect(stripDescriptions("export const m = { description: 'Hola ' + name }")).toBeNull()
  })

  it('drops a meta written out as data, and keeps one computed at run time', () => {
    const code = `export const m = createMachine({
  states: {
    a: {
      meta: { requirements: ['REQ-X-1'], money: [{ currency: 'gems', direction: 'in', endpoint: 'POST /api/x' }] },
      on: { go: { target: 'b', meta: { requirements: ['REQ-X-2'] } } },
    },
    b: { meta: { label: label() } },
  },
})`
    const stripped = stripDescriptions(code)
    expect(stripped).not.toBeNull()
    expect(() => parseAst(stripped ?? '')).not.toThrow()
    expect(stripped).not.toContain('REQ-X')
    expect(stripped).not.toContain('gems')
    expect(stripped).toContain("on: { go: { target: 'b' } }")
    expect(stripped).toContain('b: { meta: { label: label() } }')
  })
})
