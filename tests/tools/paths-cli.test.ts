import { describe, expect, it } from 'vitest'
import { machines } from '../../machines/index'
import { listStateNodes, listTransitions, randomPaths } from '../../scripts/lib/machine-graph'
import { coverageOf, reachedByPaths } from '../../scripts/lib/coverage'
import { registered } from './support/registered'
import { runScript } from './support/run-script'

type PathsJson = {
  machine: string
  coverage: Record<
    'transitions' | 'states' | 'requirements',
    { covered: number; total: number; missed: Array<{ id: string; label: string }> }
  >
  paths: Array<{ name: string; transitions: string[]; steps: unknown[] }>
}

describe('npm run paths', () => {
  it('lists every machine with its state, event, transition and requirement counts', async () => {
    const { code, stdout } = await runScript('paths', [])
    expect(code).toBe(0)
    const rows = stdout.split('\n')
    expect(rows[0]).toMatch(/^machine\s+states\s+events\s+transitions\s+requirements$/)
    for (const entry of machines) {
      const states = listStateNodes(entry.machine).length
      const transitions = listTransitions(entry.machine).length
      expect(rows).toContainEqual(
        expect.stringMatching(
          new RegExp(`^${entry.id}\\s+${states}\\s+\\d+\\s+${transitions}\\s+\\d+$`),
        ),
      )
    }
    expect(stdout).toContain('Every requirement of docs/requirements.md is cited by a machine.')
  })

  it('prints the coverage a strategy reaches, and what it misses, in JSON', async () => {
    const { code, stdout } = await runScript('paths', [
      'session',
      '--strategy',
      'shortest',
      '--format',
      'json',
    ])
    expect(code).toBe(0)
    const result = JSON.parse(stdout) as PathsJson
    expect(result.machine).toBe('session')
    // Shortest paths never go back to a state they left: a retry after a failure is missed.
    expect(result.coverage.transitions.total).toBe(25)
    expect(result.coverage.transitions.covered).toBeLessThan(25)
    expect(result.coverage.transitions.missed).toContainEqual({
      id: 'session.anonymous.invalidCredentials::login.submit::0',
      label: 'anonymous.invalidCredentials --login.submit--> anonymous.submitting',
    })
    expect(result.coverage.states).toMatchObject({ covered: 14, total: 14, missed: [] })
    // Only the session expiring cites REQ-SESSION-7, and no shortest path needs it.
    expect(result.coverage.requirements).toMatchObject({ covered: 8, total: 9 })
    expect(result.coverage.requirements.missed.map((item) => item.id)).toEqual(['REQ-SESSION-7'])
    expect(result.paths[1]).toMatchObject({
      name: 'reaches checking after session.check',
      transitions: ['session.unknown::session.check::0'],
    })
  })

  it('prints cover paths by default, with every transition, eventless ones included', async () => {
    const { code, stdout, stderr } = await runScript('paths', ['music-link'])
    expect(code).toBe(0)
    expect(stdout).toMatch(/^# music-link: cover paths\n/)
    // music-link takes one transition without an event (`always`): it is counted and taken.
    expect(stdout).toContain('Coverage: transitions 35/35 (100%)')
    expect(stderr).toBe('')
  })

  it('warns when a strategy misses transitions or states', async () => {
    const shortest = await runScript('paths', ['session', '--strategy', 'shortest'])
    expect(shortest.stderr).toMatch(
      /^Warning: shortest paths take only \d+ of 25 transitions and 14 of 14 states; --strategy cover takes every reachable one\.\n$/,
    )
    const simple = await runScript('paths', ['mine', '--strategy', 'simple'])
    expect(simple.stderr).toContain('Warning: simple paths take only 0 of 22 transitions')
  })

  it('titles a long walk by its length, not by every event it sends', async () => {
    const { stdout } = await runScript('paths', [
      'signup',
      '--strategy',
      'random',
      '--length',
      '300',
    ])
    const headings = stdout.split('\n').filter((line) => line.startsWith('## '))
    expect(headings.length).toBeGreaterThan(1)
    // At most eight events are named (a 2,000-step walk once made one heading of them all).
    expect(headings.every((line) => line.length < 300)).toBe(true)
    expect(headings.some((line) => / after \d+ steps$/.test(line))).toBe(true)
  })

  it('refuses an unknown machine and names the ones it knows', async () => {
    const { code, stderr } = await runScript('paths', ['no-such-machine'])
    expect(code).toBe(1)
    expect(stderr).toContain('No machine "no-such-machine".')
    expect(stderr).toContain('Machines: app, session, ui, signup')
  })
})

describe('random walks', () => {
  const signup = registered('signup')

  it('are the same for the same seed and differ for another', () => {
    const key = (seed: number) =>
      JSON.stringify(
        randomPaths(signup, { seed, length: 30 }).map((path) => path.steps.map((s) => s.event)),
      )
    expect(key(7)).toBe(key(7))
    expect(key(7)).not.toBe(key(8))
  })

  it('stop after --length steps in all', () => {
    const paths = randomPaths(signup, { seed: 3, length: 25 })
    expect(paths.reduce((sum, path) => sum + path.steps.length - 1, 0)).toBe(25)
  })

  it('weighted toward what is missing, walk until every transition is taken', () => {
    const paths = randomPaths(signup, { seed: 1, until: 'transitions', weighted: true })
    const coverage = coverageOf(signup, reachedByPaths(signup, paths))
    expect(coverage.transitions.missed).toEqual([])
    expect(paths.reduce((sum, path) => sum + path.steps.length - 1, 0)).toBeLessThan(200)
  })

  it('start again from a state they visited when stuck, so no part of a machine is out of reach', () => {
    // Once mining-mode unlocks the gems mode it never goes back to loading or locked: a walk
    // that only restarted at a dead end stayed at 7 of 19 transitions after 2,000 steps.
    const miningMode = registered('mining-mode')
    for (const weighted of [false, true]) {
      const paths = randomPaths(miningMode, { seed: 1, until: 'transitions', weighted })
      const coverage = coverageOf(miningMode, reachedByPaths(miningMode, paths))
      expect(coverage.transitions.missed).toEqual([])
      expect(paths.length).toBeGreaterThan(1)
    }
  })

  it('weighted, reach everything in fewer steps than blind', () => {
    const steps = (weighted: boolean) =>
      randomPaths(registered('coupon'), { seed: 1, until: 'transitions', weighted }).reduce(
        (sum, path) => sum + path.steps.length - 1,
        0,
      )
    expect(steps(true)).toBeLessThan(steps(false))
  })

  it('walk until every state, or every cited requirement, is reached', () => {
    const ui = registered('ui')
    for (const until of ['states', 'requirements'] as const) {
      const coverage = coverageOf(ui, reachedByPaths(ui, randomPaths(ui, { seed: 5, until })))
      expect(coverage[until].missed).toEqual([])
    }
  })
})
