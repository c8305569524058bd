import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { AnyStateNode } from 'xstate'
import { machines } from '../../machines/index'

describe('machine registry', () => {
  it('gives every machine a unique id', () => {
    const ids = machines.map((entry) => entry.id)
    expect(new Set(ids).size).toBe(ids.length)
  })

  it.each(machines.map((entry) => [entry.id, entry] as const))(
    '%s has a description for reviewers and path tests with its state meanings',
    (id, entry) => {
      expect(entry.description.length).toBeGreaterThan(20)
      const file = path.join('tests', 'machines', `${id}.test.ts`)
      expect(existsSync(file), `${file} exists`).toBe(true)
      expect(readFileSync(file, 'utf8')).toContain('describeMachinePaths(')
    },
  )

  it.each(machines.map((entry) => [entry.id] as const))(
    '%s is kebab-case and has a folder of its own, named after it',
    (id) => {
      expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(existsSync(path.join('machines', id, `${id}.machine.ts`))).toBe(true)
      expect(existsSync(path.join('machines', id, `${id}.samples.ts`))).toBe(true)
    },
  )

  it('gives every folder of machines/ one registered machine, shared/ aside', () => {
    const folders = readdirSync('machines', { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'shared')
      .map((entry) => entry.name)
    expect(folders.sort()).toEqual(machines.map((entry) => entry.id).sort())
  })

  it.each(machines.map((entry) => [entry.id, entry] as const))(
    '%s invokes each actor under its own name, as its samples are keyed',
    (_, entry) => {
      const visit = (node: AnyStateNode): string[] => [
        ...node.invoke.filter((invoke) => invoke.id !== invoke.src).map((i) => String(i.id)),
        ...Object.values(node.states).flatMap(visit),
      ]
      expect(visit(entry.machine.root)).toEqual([])
    },
  )
})
