import { afterEach, describe, expect, it, vi } from 'vitest'
import { runLanes, type Part } from '../../scripts/lib/lanes'

/** A part that prints `text` and exits with `code` after `ms`. */
const part = (name: string, ms: number, code = 0, text = name): Part => ({
  name,
  command: process.execPath,
  args: [
    '-e',
    `console.log(${JSON.stringify(text)}); setTimeout(() => process.exit(${code}), ${ms})`,
  ],
})

describe('runLanes (npm test and npm run check)', () => {
  const printed: string[] = []
  afterEach(() => {
    printed.length = 0
    vi.restoreAllMocks()
  })
  const run = (lanes: Part[][]) => {
    vi.spyOn(console, 'info').mockImplementation((line: string) => void printed.push(line))
    return runLanes('gate', lanes)
  }
  const summary = () => printed.at(-1) ?? ''

  it('runs the lanes side by side and the parts of a lane one after another', async () => {
    const code = await run([[part('a1', 600), part('a2', 600)], [part('b1', 900)]])
    expect(code).toBe(0)
    const line = (pattern: RegExp) => printed.findIndex((printedLine) => pattern.test(printedLine))
    // b1 started before a1 ended; a2 only after a1 ended.
    expect(line(/\[gate\] b1: started/)).toBeLessThan(line(/==== a1: passed/))
    expect(line(/\[gate\] a2: started/)).toBeGreaterThan(line(/==== a1: passed/))
    expect(summary()).toMatch(/^\ngate: passed in [\d.]+ s \(/)
    for (const name of ['a1', 'a2', 'b1']) expect(summary()).toContain(`${name} `)
  })

  it('prints each part whole when it ends, with its verdict', async () => {
    await run([[part('a', 100, 0, 'line from a')], [part('b', 300, 0, 'line from b')]])
    const a = printed.findIndex((line) => /^\n==== a: passed in [\d.]+ s ====$/.test(line))
    expect(printed[a + 1]).toBe('line from a')
    const b = printed.findIndex((line) => /^\n==== b: passed in [\d.]+ s ====$/.test(line))
    expect(printed[b + 1]).toBe('line from b')
  })

  it('stops everything at the first failure: the running parts stopped, the next ones not run', async () => {
    const code = await run([
      [part('typecheck', 200, 2), part('suites', 100)],
      [part('journeys', 30_000), part('after the journeys', 100)],
    ])
    expect(code).toBe(1)
    expect(printed).toContainEqual(expect.stringMatching(/^\n==== typecheck: FAILED \(exit 2\) in/))
    expect(printed).toContainEqual(expect.stringMatching(/^\n==== journeys: stopped in/))
    expect(summary()).toMatch(
      /^\ngate: typecheck failed in [\d.]+ s \(typecheck [\d.]+ s, suites not run, journeys stopped, after the journeys not run\)$/,
    )
  })
})
