import type { AnyEventObject } from 'xstate'
import type { MoneyMark } from '../../../machines/shared/meta'
import { stateIdsOf } from '../coverage'
import {
  eventTypeLabel,
  rootSource,
  stateChangeLabel,
  stateGraph,
  transitionKeysOf,
} from '../machine-graph'
import type { MachineReport } from '../machine-doc'
import { effectSources } from '../machine-doc'
import { transitionLabel } from '../mermaid'
import { pathTestFile } from '../path-suite'
import { playerWordsOf } from '../player-words'
import type { Requirement } from '../requirements'

/** What the atlas's script reads: everything but the diagrams, which are SVG in the page. */
export type AtlasData = {
  requirements: Record<string, { text: string; spec: string; area: string }>
  /** Requirements no machine cites. */
  uncited: string[]
  machines: AtlasMachine[]
}

export type AtlasMachine = {
  id: string
  /** The file whose generated path tests the atlas names. */
  testFile: string
  description: string
  /** The machine's top level is independent regions. */
  parallel: boolean
  /** Covered and total, by the generated path tests. */
  coverage: {
    transitions: [number, number]
    states: [number, number]
    requirements: [number, number]
  }
  effects: string[]
  states: AtlasState[]
  transitions: AtlasTransition[]
  /** Transitions the machine takes in any state: drawn nowhere, listed above the diagram. */
  anyState: number[]
  paths: AtlasPath[]
  simulation: AtlasSimulation
}

/**
 * The machine's bounded state graph, to walk by hand in the atlas: the state the machine starts
 * in is the first. Built at docs time by running the machine on its samples, so what each event
 * does there is what the machine does (its guards and actions ran), not a reading of the diagram.
 */
export type AtlasSimulation = {
  /** Each distinct event sent: its name in words and its payload as JSON ('' when none). */
  events: Array<[string, string]>
  /** Per state: its active leaves, and what it accepts as `[event, next state, ...taken]`. */
  states: Array<[number[], number[][]]>
}

export type AtlasState = {
  id: string
  kind: string
  description: string
  requirements: string[]
  effects: string[]
  invokes: string[]
  /** The paths that visit it. */
  tests: IndexRanges
}

/** Sorted path indices as runs: `[[0, 40], 45]` is 0 to 40, then 45. */
export type IndexRanges = Array<number | [number, number]>

export type AtlasTransition = {
  label: string
  /** What the player reads: the button pressed, or what the answer shows (player-words.ts). */
  words: string | null
  source: string
  targets: string[]
  guard: string | null
  actions: string[]
  description: string
  requirements: string[]
  money: MoneyMark[]
  effects: string[]
  /** The paths that take it. */
  tests: IndexRanges
}

export type AtlasPath = {
  /** The test is `<strategy> path <n>`, n counting within the strategy from 1. */
  strategy: string
  /** Where the path ends, in words. */
  target: string
  /**
   * Per step: the transitions taken to get there (none for the start) and the active leaf
   * states (their ancestors are active too). Null for simple paths: the atlas lets a reviewer
   * follow cover and shortest paths, and only names the simple ones.
   */
  steps: Array<[number[], number[]]> | null
}

function ranges(indices: ReadonlySet<number> | undefined): IndexRanges {
  const sorted = [...(indices ?? [])].sort((a, b) => a - b)
  const runs: IndexRanges = []
  let start = sorted[0]
  for (let index = 0; index < sorted.length; index++) {
    const current = sorted[index] as number
    const next = sorted[index + 1]
    if (next === current + 1) continue
    const first = start as number
    runs.push(first === current ? current : [first, current])
    start = next
  }
  return runs
}

function stateKind(report: MachineReport, index: number): string {
  const state = report.model.states[index]
  if (!state) return ''
  if (state.kind === 'compound' && state.isRegion) return 'region'
  return state.kind === 'atomic' ? 'state' : state.kind
}

/**
 * An event's payload as the simulation shows it: the sample's fields, not its type; an actor's
 * answer or failure as itself (its label already says "answers" or "fails").
 */
function payloadText(event: AnyEventObject): string {
  const fields: Record<string, unknown> = { ...event }
  delete fields.type
  const keys = Object.keys(fields)
  if (keys.length === 0) return ''
  const [only] = keys
  const outcome = keys.length === 1 && (only === 'output' || only === 'error')
  return JSON.stringify(outcome ? fields[only] : fields) ?? ''
}

function simulationOf(
  report: MachineReport,
  stateIndex: ReadonlyMap<string, number>,
  transitionIndex: ReadonlyMap<string, number>,
): AtlasSimulation {
  const events: AtlasSimulation['events'] = []
  const eventIndex = new Map<string, number>()
  const indexOfEvent = (event: AnyEventObject): number => {
    const label = eventTypeLabel(report.entry.machine, event.type)
    const payload = payloadText(event)
    const key = `${label}\u0000${payload}`
    let index = eventIndex.get(key)
    if (index === undefined) {
      index = events.length
      events.push([label, payload])
      eventIndex.set(key, index)
    }
    return index
  }
  const indicesOf = (ids: readonly string[], of: ReadonlyMap<string, number>) =>
    ids.flatMap((id) => {
      const index = of.get(id)
      return index === undefined ? [] : [index]
    })
  const states = stateGraph(report.entry).states.map(
    ({ leaves, edges }): [number[], number[][]] => [
      indicesOf(leaves, stateIndex),
      edges.map((edge) => [
        indexOfEvent(edge.event),
        edge.to,
        ...indicesOf(edge.keys, transitionIndex),
      ]),
    ],
  )
  return { events, states }
}

function machineData(report: MachineReport): AtlasMachine {
  const { model, entry, coverage } = report
  const stateIndex = new Map(model.states.map((state, index) => [state.id, index]))
  const transitionIndex = new Map(
    model.transitions.map((transition, index) => [transition.key, index]),
  )
  const stateTests = model.states.map(() => new Set<number>())
  const transitionTests = model.transitions.map(() => new Set<number>())
  const isLeaf = model.states.map((state) => state.kind === 'atomic' || state.kind === 'final')
  const paths = report.suite.map((test, pathIndex): AtlasPath => {
    const steps = test.path.steps.map((step, stepIndex): [number[], number[]] => {
      const before = test.path.steps[stepIndex - 1]
      const taken =
        before === undefined
          ? []
          : transitionKeysOf(entry.machine, before.state, step.event).flatMap((key) => {
              const index = transitionIndex.get(key)
              return index === undefined ? [] : [index]
            })
      const active = stateIdsOf(step.state).flatMap((id) => {
        const index = stateIndex.get(id)
        return index === undefined ? [] : [index]
      })
      taken.forEach((index) => transitionTests[index]?.add(pathIndex))
      active.forEach((index) => stateTests[index]?.add(pathIndex))
      return [taken, active.filter((index) => isLeaf[index])]
    })
    return {
      strategy: test.strategy,
      target: stateChangeLabel(test.path.state),
      steps: test.strategy === 'simple' ? null : steps,
    }
  })
  const wordsOf = playerWordsOf(model.id, model.transitions)
  const count = (value: { covered: number; total: number }): [number, number] => [
    value.covered,
    value.total,
  ]
  return {
    id: model.id,
    testFile: pathTestFile(report.entry),
    description: model.description,
    parallel: model.rootKind === 'parallel',
    coverage: {
      transitions: count(coverage.transitions),
      states: count(coverage.states),
      requirements: count(coverage.requirements),
    },
    effects: [...effectSources(model).keys()],
    states: model.states.map((state, index) => ({
      id: state.id,
      kind: stateKind(report, index),
      description: state.description,
      requirements: state.requirements,
      effects: state.effects,
      invokes: state.invokes,
      tests: ranges(stateTests[index]),
    })),
    transitions: model.transitions.map((transition, index) => ({
      label: transitionLabel(transition),
      words: wordsOf(transition),
      source: transition.source,
      targets: transition.targets,
      guard: transition.guard,
      actions: transition.actions,
      description: transition.description,
      requirements: transition.requirements,
      money: transition.money,
      effects: transition.effects,
      tests: ranges(transitionTests[index]),
    })),
    anyState: model.transitions.flatMap((transition, index) =>
      transition.source === rootSource ? [index] : [],
    ),
    paths,
    simulation: simulationOf(report, stateIndex, transitionIndex),
  }
}

/** The atlas's data: the machines, their paths and what each path takes. */
export function atlasData(
  reports: readonly MachineReport[],
  catalogue: readonly Requirement[],
  uncited: readonly Requirement[],
): AtlasData {
  return {
    requirements: Object.fromEntries(
      catalogue.map((requirement) => [
        requirement.id,
        { text: requirement.text, spec: requirement.spec, area: requirement.area },
      ]),
    ),
    uncited: uncited.map((requirement) => requirement.id),
    machines: reports.map(machineData),
  }
}

/**
 * The data as the page embeds it: JSON with one path per line, so a changed machine changes a
 * few lines of the generated page, not one long one.
 */
export function serializeAtlasData(data: AtlasData): string {
  const { machines, ...rest } = data
  const machineJson = machines.map((machine) => {
    const { paths, ...fields } = machine
    const head = JSON.stringify(fields).slice(0, -1)
    return `${head},"paths":[\n${paths.map((path) => JSON.stringify(path)).join(',\n')}\n]}`
  })
  return `${JSON.stringify(rest).slice(0, -1)},"machines":[\n${machineJson.join(',\n')}\n]}`.replace(
    /</g,
    '\\u003c',
  )
}
