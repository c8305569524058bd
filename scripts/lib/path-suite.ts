import type { MachineEntry } from '../../machines/shared/machine-entry'
import {
  coverPaths,
  pathKey,
  pathSentence,
  shortestPaths,
  simplePaths,
  uniquePaths,
} from './machine-graph'
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

/** The file that replays the generated paths of every registered machine. */
export const pathTestFile = 'tests/machines/paths.test.ts'

/**
 * The generated path tests of a machine: cover, shortest and simple paths, each path once (a
 * path an earlier strategy already gave is dropped), numbered within its strategy. The path
 * test file, the docs and the atlas all read this list, so "cover path 3" names the same test
 * everywhere; cover paths come first, so their numbers are those of `--strategy cover`.
 */
export function pathSuite(entry: MachineEntry): SuitePath[] {
  const byStrategy: Record<SuiteStrategy, () => MachinePath[]> = {
    // Shortest and simple paths never go back to a state they left; cover paths do, so every
    // transition (a modal closing, a retry) is taken by some path.
    cover: () => coverPaths(entry),
    shortest: () => shortestPaths(entry),
    simple: () => simplePaths(entry),
  }
  const seen = new Set<string>()
  const suite: SuitePath[] = []
  for (const strategy of suiteStrategies) {
    let number = 0
    for (const path of uniquePaths(byStrategy[strategy]())) {
      const key = pathKey(path)
      if (seen.has(key)) continue
      seen.add(key)
      number += 1
      const label = `${strategy} path ${number}`
      suite.push({ strategy, number, label, name: `${label} ${pathSentence(entry, path)}`, path })
    }
  }
  return suite
}
