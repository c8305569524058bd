import { afterAll, describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot, AnyStateMachine, SnapshotFrom } from 'xstate'
import type { MachineEntry, MachineLeafState } from '../../../machines/shared/machine-entry'
import { coverageOf, formatCoverageTable, stateIdsOf } from '../../../scripts/lib/coverage'
import type { Coverage } from '../../../scripts/lib/coverage'
import { activeLeaves, findMissingSamples } from '../../../scripts/lib/machine-graph'
import {
  actionLabel,
  goldenFile,
  ignoredNames,
  namedEvent,
  namedSamples,
  performAction,
  readGolden,
} from './golden'
import { MachineHarness } from './replay'

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

const coverageRows: { machine: string; coverage: Coverage }[] = []
afterAll(() => {
  if (coverageRows.length > 0) {
    console.info(`Coverage of the path tests:\n${formatCoverageTable(coverageRows.splice(0))}`)
  }
})

/**
 * The path tests of one machine, replayed from its golden record (`tests/machines/golden/<id>.json`,
 * written by `npm run paths -- --update` from `pathSuite`: the cover paths, and the shortest and
 * a simple path to each state value). Every path runs in the real machine with fake actors and a
 * simulated clock; after each step the machine must show what the record says (state, emitted
 * events, the calls it starts with their input, what its selectors answer), ignore the sample
 * events the record says it ignores there, and every active leaf must mean what `meanings` says.
 * Fails when a transition is never taken, a state never visited, or an event type has no
 * sample; prints the coverage.
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
  const golden = readGolden(entry.id)
  const update = `run \`npm run paths -- ${entry.id} --update\` and review the diff`
  describe(`${entry.id} machine paths`, () => {
    const taken = new Set<string>()
    const visited = new Set<string>()
    const leavesVisited = new Set<string>()

    it('has a sample for every event type it handles', () => {
      expect(findMissingSamples(erased)).toEqual([])
    })

    it(`has a golden record made with its sample input (${goldenFile(entry.id)})`, () => {
      expect(golden, `no golden record: ${update}`).not.toBeNull()
      expect(golden?.input, `the sample input changed: ${update}`).toEqual(entry.input)
    })

    const samples = new Map(namedSamples(erased).map((sample) => [sample.name, sample.event]))
    for (const { name, steps } of golden?.paths ?? []) {
      it(name, async () => {
        const harness = new MachineHarness(entry.machine, entry)
        for (const [index, step] of steps.entries()) {
          const where = `step ${index} (${actionLabel(step.do)})`
          if (step.do) await performAction(erased, harness, step.do)
          expect(harness.observe(), `what ${where} shows`).toEqual(step.expect)
          const snapshot = harness.snapshot as AnyMachineSnapshot
          stateIdsOf(snapshot).forEach((id) => visited.add(id))
          for (const leaf of activeLeaves(snapshot)) {
            leavesVisited.add(leaf)
            const meaning = (meanings as Record<string, Partial<Record<string, unknown>>>)[leaf]
            const shown = Object.fromEntries(
              Object.keys(meaning ?? {}).map((name) => [
                name,
                selectors[name]?.(snapshot as SnapshotFrom<TMachine>),
              ]),
            )
            expect(shown, `what "${leaf}" means after ${where}`).toEqual(meaning)
          }
          const ignored = ignoredNames(step).map((name) => {
            const event = namedEvent(samples, name)
            if (!event) throw new Error(`no sample event ${name}: ${update}`)
            return event
          })
          expect(harness.ignoring(ignored), `events ignored after ${where}`).toEqual([])
        }
        harness.takenTransitions.forEach((key) => taken.add(key))
        harness.actor.stop()
      })
    }

    it('takes every transition and visits every state in some path', () => {
      const coverage = coverageOf(erased, { transitions: taken, states: visited })
      coverageRows.push({ machine: entry.id, coverage })
      expect(
        coverage.transitions.missed.map((item) => item.label),
        update,
      ).toEqual([])
      expect(
        coverage.states.missed.map((item) => item.id),
        update,
      ).toEqual([])
      // Every leaf the table describes was shown: a meaning no path checks is a meaning untested.
      expect(Object.keys(meanings).filter((leaf) => !leavesVisited.has(leaf))).toEqual([])
    })
  })
}
