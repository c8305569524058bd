import { afterAll, describe, expect, it } from 'vitest'
import type { AnyMachineSnapshot } from 'xstate'
import { machines } from '../../machines/index'
import {
  coverPaths,
  findMissingSamples,
  listTransitions,
  pathSentence,
  shortestPaths,
  simplePaths,
  uniquePaths,
} from '../../scripts/lib/machine-graph'
import { MachineHarness, observable, performStep } from './support/replay'

const coverageLines: string[] = []

afterAll(() => {
  console.info(`Transition coverage by path tests:\n${coverageLines.join('\n')}`)
})

for (const entry of machines) {
  describe(`${entry.id} machine paths`, () => {
    const strategies = [
      { name: 'shortest', paths: shortestPaths(entry) },
      { name: 'simple', paths: simplePaths(entry) },
      // Shortest and simple paths never go back to a state they left; cover paths do, so every
      // transition (a modal closing, a retry) is taken by some path.
      { name: 'cover', paths: coverPaths(entry) },
    ]
    const taken = new Set<string>()

    it('has a sample for every event type it handles', () => {
      expect(findMissingSamples(entry)).toEqual([])
    })

    const seen = new Set<string>()
    for (const strategy of strategies) {
      const paths = uniquePaths(strategy.paths).filter((path) => {
        const key = JSON.stringify(path.steps.slice(1).map((step) => step.event))
        if (seen.has(key)) return false
        seen.add(key)
        return true
      })
      paths.forEach((path, index) => {
        it(`${strategy.name} path ${index + 1} ${pathSentence(entry, path)}`, async () => {
          const harness = new MachineHarness(entry.machine)
          const [first, ...rest] = path.steps
          expect(observable(harness.snapshot as AnyMachineSnapshot)).toEqual(
            observable(first?.state ?? path.state),
          )
          for (const step of rest) {
            await performStep(harness, entry.machine, step)
            expect(observable(harness.snapshot as AnyMachineSnapshot)).toEqual(
              observable(step.state),
            )
          }
          harness.takenTransitions.forEach((key) => taken.add(key))
          harness.actor.stop()
        })
      })
    }

    it('takes every transition in some path', () => {
      const all = listTransitions(entry.machine)
      const missed = all.filter((transition) => !taken.has(transition.key))
      coverageLines.push(`${entry.id}: ${all.length - missed.length}/${all.length} transitions`)
      expect(
        missed.map(
          (t) => `${t.source} --${t.eventType}${t.guard ? ` [${t.guard}]` : ''}--> ${t.targets}`,
        ),
      ).toEqual([])
    })
  })
}
