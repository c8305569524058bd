import { afterAll, describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode, SnapshotFrom } from 'xstate'
import type { MachineEntry, MachineLeafState } from '../../../machines/shared/machine-entry'
import {
  coverPaths,
  findMissingSamples,
  listStateNodes,
  listTransitions,
  nodePath,
  pathSentence,
  shortestPaths,
  simplePaths,
} from '../../../scripts/lib/machine-graph'
import type { MachinePath } from '../../../scripts/lib/machine-graph'
import { MachineHarness, performStep } from './replay'

type Selectors<TMachine extends AnyStateMachine> = Record<
  string,
  (snapshot: SnapshotFrom<TMachine>) => unknown
>

/**
 * What each state means to the player, written by hand and reviewed like code: for every leaf
 * state (`anonymous.idle`, `viewport.mobile`), what the machine's selectors (what views show)
 * must answer there. Independent of the graph, so a path whose states stop meaning what they
 * should fails, however the machine was changed. Values may be vitest matchers.
 */
export type StateMeanings<
  TMachine extends AnyStateMachine,
  TSelectors extends Selectors<TMachine>,
> = {
  [P in MachineLeafState<TMachine>]: Partial<Record<keyof TSelectors, unknown>>
}

/** Any Spanish text (a message the player reads). */
export const someText = expect.stringMatching(/\S/)

/** The active leaf states, as dotted paths (`authenticated.ready`). */
export function activeLeaves(snapshot: AnyMachineSnapshot): string[] {
  return (snapshot._nodes as AnyStateNode[])
    .filter((node) => node.type === 'atomic' || node.type === 'final')
    .map(nodePath)
}

/** The state value a path step is in: what the replay must reach, whatever its context. */
function pathKey(path: MachinePath): string {
  return path.steps
    .slice(1)
    .map((step) => JSON.stringify([step.event.type, step.state.value]))
    .join('|')
}

/**
 * The paths worth replaying: the shortest path to every distinct state value, a simple path to
 * each, and the cover paths (which take every transition); of those, only the ones that are not
 * the beginning of another (replaying the longer one asserts every step of the shorter). States
 * that differ only in context (a code typed, a counter) would otherwise multiply the suite.
 */
export function pathsToReplay(entry: MachineEntry): { strategy: string; path: MachinePath }[] {
  const firstPerValue = (paths: MachinePath[]) => {
    const seen = new Set<string>()
    return paths.filter((path) => {
      const value = JSON.stringify(path.state.value)
      if (seen.has(value)) return false
      seen.add(value)
      return true
    })
  }
  const candidates = [
    ...firstPerValue(shortestPaths(entry)).map((path) => ({ strategy: 'shortest', path })),
    ...firstPerValue(simplePaths(entry)).map((path) => ({ strategy: 'simple', path })),
    ...coverPaths(entry).map((path) => ({ strategy: 'cover', path })),
  ]
  const keys = candidates.map(({ path }) => `${pathKey(path)}|`)
  const kept = new Set<string>()
  return candidates.filter((_, index) => {
    const key = keys[index] as string
    const isPrefix = keys.some((other) => other.length > key.length && other.startsWith(key))
    if (isPrefix || kept.has(key)) return false
    kept.add(key)
    return true
  })
}

const coverage: string[] = []
afterAll(() => {
  if (coverage.length > 0) console.info(coverage.splice(0).join('\n'))
})

/**
 * The path tests of one machine: every replayed path runs in the real machine with fake actors
 * and a simulated clock; after each step the machine must be in the state the graph says, and
 * every active leaf must mean what `meanings` says. Fails when a transition is never taken or an
 * event type has no sample.
 */
export function describeMachinePaths<
  TMachine extends AnyStateMachine,
  TSelectors extends Selectors<TMachine>,
>(
  entry: MachineEntry<TMachine>,
  selectors: TSelectors,
  meanings: StateMeanings<TMachine, TSelectors>,
): void {
  const erased = entry as unknown as MachineEntry
  describe(`${entry.id} machine paths`, () => {
    const taken = new Set<string>()
    const visited = new Set<string>()

    it('has a sample for every event type it handles', () => {
      expect(findMissingSamples(erased)).toEqual([])
    })

    pathsToReplay(erased).forEach(({ strategy, path }, index) => {
      it(`${strategy} path ${index + 1} ${pathSentence(erased, path)}`, async () => {
        const harness = new MachineHarness(entry.machine)
        const check = (expected: AnyMachineSnapshot) => {
          const snapshot = harness.snapshot as AnyMachineSnapshot
          expect(snapshot.value).toEqual(expected.value)
          for (const leaf of activeLeaves(snapshot)) {
            visited.add(leaf)
            const meaning = (meanings as Record<string, Partial<Record<string, unknown>>>)[leaf]
            const shown = Object.fromEntries(
              Object.keys(meaning ?? {}).map((name) => [
                name,
                selectors[name]?.(snapshot as SnapshotFrom<TMachine>),
              ]),
            )
            expect(shown, `what "${leaf}" shows`).toEqual(meaning)
          }
        }
        const [first, ...rest] = path.steps
        check(first?.state ?? path.state)
        for (const step of rest) {
          await performStep(harness, entry.machine, step)
          check(step.state)
        }
        harness.takenTransitions.forEach((key) => taken.add(key))
        harness.actor.stop()
      })
    })

    it('takes every transition and visits every state in some path', () => {
      const transitions = listTransitions(entry.machine)
      const missed = transitions.filter((transition) => !taken.has(transition.key))
      const leaves = listStateNodes(entry.machine)
        .filter((node) => node.type === 'atomic' || node.type === 'final')
        .map(nodePath)
      const unvisited = leaves.filter((leaf) => !visited.has(leaf))
      coverage.push(
        `${entry.id}: ${transitions.length - missed.length}/${transitions.length} transitions, ` +
          `${leaves.length - unvisited.length}/${leaves.length} states`,
      )
      expect(
        missed.map(
          (t) => `${t.source} --${t.eventType}${t.guard ? ` [${t.guard}]` : ''}--> ${t.targets}`,
        ),
      ).toEqual([])
      expect(unvisited).toEqual([])
    })
  })
}
