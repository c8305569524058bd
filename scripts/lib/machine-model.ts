import type { AnyStateMachine, AnyStateNode } from 'xstate'
import { emittedTypeOf } from '../../machines/shared/emit-event'
import type { MoneyMark } from '../../machines/shared/meta'
import {
  eventTypeLabel,
  listStateNodes,
  listTransitionDefinitions,
  nodePath,
} from './machine-graph'
import type { TransitionInfo } from './machine-graph'
import { readStateMeta, readTransitionMeta } from './machine-meta'

/**
 * A machine as the reviewers' tools read it (docs pages, atlas, diff): plain data, so it can be
 * compared with the same machine at another git ref, where it was computed in another process.
 */
export type MachineModel = {
  id: string
  description: string
  /** `parallel` when the machine's top level is independent regions. */
  rootKind: StateKind
  states: StateModel[]
  transitions: TransitionModel[]
  implementations: Implementations
  /** What keeps the machine from being documented (malformed meta, an unreadable emit). */
  problems: string[]
}

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history'

export type StateModel = {
  /** The state's path, e.g. `anonymous.idle`. */
  id: string
  key: string
  /** The parent's path; '' for a state at the top level. */
  parent: string
  kind: StateKind
  /** A child of a parallel state: it is always active while its parent is. */
  isRegion: boolean
  /** The state its parent enters first. */
  isInitial: boolean
  description: string
  requirements: string[]
  /** Actions run on entry and on exit, by name. */
  entry: string[]
  exit: string[]
  /** Events emitted toward the app on entry or exit. */
  effects: string[]
  /** Actors invoked while the state is active, by source name. */
  invokes: string[]
  /** The code of the input each invoked actor receives, in the order of `invokes`. */
  inputs: string[]
}

export type TransitionModel = TransitionInfo & {
  /** The event in words: `logIn answers`, `after checkDebounce (400 ms)`, `login.submit`. */
  event: string
  actions: string[]
  /** Events emitted toward the app when the transition is taken. */
  effects: string[]
  money: MoneyMark[]
  requirements: string[]
}

/** A fingerprint of each named implementation, so a diff can say which one changed. */
export type Implementations = {
  guards: Record<string, string>
  actions: Record<string, string>
  delays: Record<string, string>
  actors: string[]
}

type ActionItem = unknown

function actionName(action: ActionItem): string {
  if (typeof action === 'string') return action
  if (typeof action === 'object' && action !== null && 'type' in action) {
    return String((action as { type: unknown }).type)
  }
  if (typeof action === 'function') {
    const builtIn = (action as { type?: unknown }).type
    if (typeof builtIn === 'string') return `inline ${builtIn.replace(/^xstate\./, '')}`
    return action.name ? `inline ${action.name}` : 'inline action'
  }
  return 'unknown action'
}

/** The implementation an action item runs: named in setup(), or the inline function itself. */
function implementationOf(machine: AnyStateMachine, action: ActionItem): unknown {
  if (typeof action === 'function') return action
  const name = actionName(action)
  return (machine.implementations.actions as Record<string, unknown>)[name]
}

function effectsOf(
  machine: AnyStateMachine,
  actions: readonly ActionItem[],
  where: string,
  problems: string[],
): string[] {
  const effects: string[] = []
  for (const action of actions) {
    const emitted = emittedTypeOf(implementationOf(machine, action))
    if (emitted === null) {
      problems.push(
        `${where}: the action "${actionName(action)}" emits an event computed at run time; write it with emitEvent('<type>', ...) (machines/shared/emit-event.ts) so its type can be read`,
      )
    } else if (emitted !== undefined && !effects.includes(emitted)) {
      effects.push(emitted)
    }
  }
  return effects
}

function kindOf(node: AnyStateNode): StateKind {
  return node.type as StateKind
}

/**
 * A stable text for a function and what xstate's action creators keep on it (the assignment of
 * `assign`, the event of `emit`), so two versions of an implementation compare by their code.
 */
function fingerprint(value: unknown, depth = 0): string {
  if (depth > 3) return '…'
  if (typeof value === 'function') {
    const parts = [String(value)]
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'resolve' || key === 'execute') continue
      parts.push(`${key}=${fingerprint(inner, depth + 1)}`)
    }
    return parts.join('\n')
  }
  if (Array.isArray(value))
    return `[${value.map((item) => fingerprint(item, depth + 1)).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    return `{${Object.entries(value)
      .map(([key, inner]) => `${key}:${fingerprint(inner, depth + 1)}`)
      .join(',')}}`
  }
  return JSON.stringify(value) ?? String(value)
}

function fingerprints(record: Record<string, unknown>): Record<string, string> {
  const result: Record<string, string> = {}
  for (const name of Object.keys(record).sort()) result[name] = fingerprint(record[name])
  return result
}

function stateModel(machine: AnyStateMachine, node: AnyStateNode, problems: string[]): StateModel {
  const id = nodePath(node)
  const parent = node.parent
  const meta = readStateMeta(`state ${id}`, node.meta)
  problems.push(...meta.problems)
  const entry = node.entry as ActionItem[]
  const exit = node.exit as ActionItem[]
  return {
    id,
    key: node.key,
    parent: parent ? nodePath(parent) : '',
    kind: kindOf(node),
    isRegion: parent?.type === 'parallel',
    isInitial:
      parent !== undefined && parent.type !== 'parallel' && parent.config.initial === node.key,
    description: node.description ?? '',
    requirements: [...(meta.meta.requirements ?? [])],
    entry: entry.map(actionName),
    exit: exit.map(actionName),
    effects: effectsOf(machine, [...entry, ...exit], `state ${id}`, problems),
    invokes: node.invoke.map((invoke) => String(invoke.src)),
    inputs: node.invoke.map((invoke) => fingerprint((invoke as { input?: unknown }).input)),
  }
}

/** Reads a machine into a MachineModel. Never throws for a malformed machine: see `problems`. */
export function describeMachine(machine: AnyStateMachine): MachineModel {
  const problems: string[] = []
  const states = listStateNodes(machine).map((node) => stateModel(machine, node, problems))
  const rootEffects = effectsOf(
    machine,
    [...(machine.root.entry as ActionItem[]), ...(machine.root.exit as ActionItem[])],
    'the machine',
    problems,
  )
  if (rootEffects.length > 0) {
    problems.push(`the machine: emit on the machine's own entry or exit; emit from a state instead`)
  }
  const transitions = listTransitionDefinitions(machine).map(({ info, definition }) => {
    const where = `${info.source} on ${info.eventType}`
    const meta = readTransitionMeta(where, definition.meta)
    problems.push(...meta.problems)
    const actions = definition.actions as ActionItem[]
    return {
      ...info,
      event: eventTypeLabel(machine, info.eventType),
      actions: actions.map(actionName),
      effects: effectsOf(machine, actions, where, problems),
      money: [...(meta.meta.money ?? [])],
      requirements: [...(meta.meta.requirements ?? [])],
    }
  })
  const implementations = machine.implementations as {
    guards: Record<string, unknown>
    actions: Record<string, unknown>
    delays: Record<string, unknown>
    actors: Record<string, unknown>
  }
  return {
    id: machine.id,
    description: machine.root.description ?? '',
    rootKind: kindOf(machine.root),
    states,
    transitions,
    implementations: {
      guards: fingerprints(implementations.guards),
      actions: fingerprints(implementations.actions),
      delays: fingerprints(implementations.delays),
      actors: Object.keys(implementations.actors).sort(),
    },
    problems,
  }
}

/** Every requirement id a machine cites, in the order it first cites them. */
export function requirementsOf(model: MachineModel): string[] {
  const ids = new Set<string>()
  for (const state of model.states) state.requirements.forEach((id) => ids.add(id))
  for (const transition of model.transitions) transition.requirements.forEach((id) => ids.add(id))
  return [...ids]
}

/** `source --event [guard]--> target`: one line naming a transition. */
export function transitionLine(transition: TransitionInfo): string {
  const guard = transition.guard ? ` [${transition.guard}]` : ''
  const to = transition.targets.length > 0 ? transition.targets.join(', ') : '(stays)'
  return `${transition.source} --${transition.eventType}${guard}--> ${to}`
}
