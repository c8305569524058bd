import type { MachineEntry } from '../../machines/shared/machine-entry'
import { coverPaths, pathSentence, shortestPaths, simplePaths, uniquePaths } from './machine-graph'
import type { MachinePath } from './machine-graph'

/** The strategies whose paths the generated path tests replay, in the order they run. */
const suiteStrategies = ['cover', 'shortest', 'simple'] as const

export type SuiteStrategy = (typeof suiteStrategies)[number]

/** One generated path test: `cover path 3 reaches ... after ...`. */
export type SuitePath = {
  strategy: SuiteStrategy
  /** From 1 within its strategy. */
  number: number
  /** `cover path 3`: how the atlas and the docs refer to the test. */
  label: string
  /** The test's name: the label and the path's sentence. */
  name: string
  path: MachinePath
}

/** The file that replays a machine's generated paths (`describeMachinePaths`). */
export function pathTestFile(entry: MachineEntry): string {
  return `tests/machines/${entry.id}.test.ts`
}

/** What a replay observes of a path: each step's event and the state value it leads to. */
function observedKey(path: MachinePath): string {
  const steps = path.steps.slice(1).map((step) => JSON.stringify([step.event, step.state.value]))
  return `${steps.join('|')}|`
}

/** The first path to each distinct state value: states that differ only in context are one. */
function onePerStateValue(paths: MachinePath[]): MachinePath[] {
  const seen = new Set<string>()
  return paths.filter((path) => {
    const value = JSON.stringify(path.state.value)
    if (seen.has(value)) return false
    seen.add(value)
    return true
  })
}

/**
 * The generated path tests of a machine, named once for the test files, the docs and the atlas.
 * The cover paths (together they take every transition) come first, so their numbers are those
 * of `--strategy cover`; then the shortest and a simple path to every distinct state value
 * (states that differ only in context, a typed code or a counter, would multiply the suite).
 * A path replays nothing another does not already replay when it is the beginning of another
 * path of the suite, so those are dropped.
 */
export function pathSuite(entry: MachineEntry): SuitePath[] {
  const candidates: Record<SuiteStrategy, MachinePath[]> = {
    cover: uniquePaths(coverPaths(entry)),
    shortest: onePerStateValue(shortestPaths(entry)),
    simple: onePerStateValue(simplePaths(entry)),
  }
  const keys = suiteStrategies.flatMap((strategy) => candidates[strategy].map(observedKey))
  const kept = new Set<string>()
  const suite: SuitePath[] = []
  for (const strategy of suiteStrategies) {
    let number = 0
    for (const path of candidates[strategy]) {
      const key = observedKey(path)
      const isBeginning = keys.some((other) => other.length > key.length && other.startsWith(key))
      if (kept.has(key) || (strategy !== 'cover' && isBeginning)) continue
      kept.add(key)
      number += 1
      const label = `${strategy} path ${number}`
      suite.push({ strategy, number, label, name: `${label} ${pathSentence(entry, path)}`, path })
    }
  }
  return suite
}
