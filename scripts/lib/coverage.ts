import type { AnyMachineSnapshot, AnyStateMachine, AnyStateNode } from 'xstate'
import type { MachineEntry } from '../../machines/shared/machine-entry'
import { nodePath, transitionKeysOfPath } from './machine-graph'
import type { MachinePath } from './machine-graph'
import { describeMachine, transitionLine } from './machine-model'
import type { MachineModel } from './machine-model'
import { projectRequirements } from './requirements'
import { textTable } from './text-table'

/** Something a test run may miss: its id (transition key, state path, requirement id) and words. */
export type CoverageItem = { id: string; label: string }

export type CoverageCount = { covered: number; total: number; missed: CoverageItem[] }

export type Coverage = {
  transitions: CoverageCount
  states: CoverageCount
  requirements: CoverageCount
}

/** What a run reached: transition keys (machine-graph's `key`) and state paths. */
export type Reached = { transitions: ReadonlySet<string>; states: ReadonlySet<string> }

// Keyed by the root state node: a machine that stands for its mutants (`npm run mutate`) has
// another root for each.
const models = new WeakMap<AnyStateNode, MachineModel>()

/** The machine's model, computed once per machine. */
export function modelOf(machine: AnyStateMachine): MachineModel {
  let model = models.get(machine.root)
  if (!model) {
    model = describeMachine(machine)
    models.set(machine.root, model)
  }
  return model
}

/** The paths of every state node active in a snapshot (compound states and regions included). */
export function stateIdsOf(snapshot: AnyMachineSnapshot): string[] {
  return (snapshot._nodes as AnyStateNode[])
    .filter((node) => node.path.length > 0)
    .map((node) => nodePath(node))
}

/** The transitions and states a set of paths takes, as the graph predicts them. */
export function reachedByPaths(entry: MachineEntry, paths: readonly MachinePath[]): Reached {
  const transitions = new Set<string>()
  const states = new Set<string>()
  for (const path of paths) {
    transitionKeysOfPath(entry, path).forEach((key) => transitions.add(key))
    for (const step of path.steps) stateIdsOf(step.state).forEach((id) => states.add(id))
  }
  return { transitions, states }
}

function count(items: readonly CoverageItem[], isCovered: (id: string) => boolean): CoverageCount {
  const missed = items.filter((item) => !isCovered(item.id))
  return { covered: items.length - missed.length, total: items.length, missed }
}

/**
 * How much of a machine a run covers: its transitions, its states, and the requirements they
 * cite (a requirement is covered when a reached state or a taken transition cites it). Pure: the
 * caller says what was reached, from graph paths (`reachedByPaths`) or from a running actor.
 */
export function coverageOf(entry: MachineEntry, reached: Reached): Coverage {
  const model = modelOf(entry.machine)
  const texts = new Map(
    projectRequirements().map((requirement) => [requirement.id, requirement.text]),
  )
  const citedBy = new Map<string, { states: string[]; transitions: string[] }>()
  const cite = (id: string) => {
    const sources = citedBy.get(id) ?? { states: [], transitions: [] }
    citedBy.set(id, sources)
    return sources
  }
  for (const state of model.states)
    state.requirements.forEach((id) => cite(id).states.push(state.id))
  for (const transition of model.transitions) {
    transition.requirements.forEach((id) => cite(id).transitions.push(transition.key))
  }
  return {
    transitions: count(
      model.transitions.map((transition) => ({
        id: transition.key,
        label: transitionLine(transition),
      })),
      (key) => reached.transitions.has(key),
    ),
    states: count(
      model.states.map((state) => ({ id: state.id, label: state.description })),
      (id) => reached.states.has(id),
    ),
    requirements: count(
      [...citedBy.keys()].map((id) => ({ id, label: texts.get(id) ?? '' })),
      (id) => {
        const sources = citedBy.get(id)
        return (
          sources !== undefined &&
          (sources.states.some((state) => reached.states.has(state)) ||
            sources.transitions.some((key) => reached.transitions.has(key)))
        )
      },
    ),
  }
}

/** `21/21 (100%)`; a machine with nothing of a kind shows `0/0 (—)`. */
export function formatCount(value: CoverageCount): string {
  if (value.total === 0) return '0/0 (—)'
  return `${value.covered}/${value.total} (${Math.floor((value.covered / value.total) * 100)}%)`
}

/**
 * A plain-text table of coverage per machine, for a terminal:
 *
 *     machine   transitions   states        requirements
 *     session   21/21 (100%)  13/13 (100%)  7/7 (100%)
 */
export function formatCoverageTable(
  rows: ReadonlyArray<{ machine: string; coverage: Coverage }>,
): string {
  return textTable([
    ['machine', 'transitions', 'states', 'requirements'],
    ...rows.map(({ machine, coverage }) => [
      machine,
      formatCount(coverage.transitions),
      formatCount(coverage.states),
      formatCount(coverage.requirements),
    ]),
  ])
}
