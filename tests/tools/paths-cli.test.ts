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
    expect(result.coverage.transitions.total).toBe(23)
    expect(result.coverage.transitions.covered).toBeLessThan(23)
    expect(result.coverage.transitions.missed).toContainEqual({
      id: 'session.anonymous.invalidCredentials::login.submit::0',
      label: 'anonymous.invalidCredentials --login.submit--> anonymous.submitting',
    })
    expect(result.coverage.states).toMatchObject({ covered: 13, total: 13, missed: [] })
    // Only the session expiring cites REQ-SESSION-7, and no shortest path needs it.
    expect(result.coverage.requirements).toMatchObject({ covered: 7, total: 8 })
    expect(result.coverage.requirements.missed.map((item) => item.id)).toEqual(['REQ-SESSION-7'])
    expect(result.paths[1]).toMatchObject({
      name: 'reaches checking after session.check',
      transitions: ['session.unknown::session.check::0'],
    })
  })

  it('refuses an unknown machine and names the ones it knows', async () => {
    const { code, stderr } = await runScript('paths', ['no-such-machine'])
    expect(code).toBe(1)
    expect(stderr).toContain('No machine "no-such-machine".')
    expect(stderr).toContain('Machines: session, ui, signup')
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

  it('walk until every state, or every cited requirement, is reached', () => {
    const ui = registered('ui')
    for (const until of ['states', 'requirements'] as const) {
      const coverage = coverageOf(ui, reachedByPaths(ui, randomPaths(ui, { seed: 5, until })))
      expect(coverage[until].missed).toEqual([])
    }
  })
})
