import { moneyLabel } from './machine-meta'
import type { MachineModel, StateModel, TransitionModel } from './machine-model'
import { cell, code, document, table } from './markdown'

/** What changed in one machine between two versions, in words a reviewer can paste. */
export type MachineChange =
  | { kind: 'added' | 'removed'; id: string; description: string }
  | {
      kind: 'changed'
      id: string
      description: { before: string; after: string } | null
      states: string[]
      transitions: string[][]
      implementations: string[]
    }

function list(values: readonly string[]): string {
  return values.length === 0 ? 'none' : values.map(code).join(', ')
}

function same(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((value, index) => value === b[index])
}

/** `source --event [guard]-->`: what identifies a transition. */
function head(transition: Pick<TransitionModel, 'source' | 'event' | 'guard'>): string {
  const guard = transition.guard ? ` [${transition.guard}]` : ''
  return `${code(transition.source)} --${transition.event}${guard}-->`
}

function arrow(transition: TransitionModel): string {
  const to = transition.targets.length > 0 ? transition.targets.join(', ') : '(stays)'
  return `${head(transition)} ${code(to)}`
}

function quote(text: string): string {
  return text ? `"${text}"` : 'no description'
}

function stateChanges(before: readonly StateModel[], after: readonly StateModel[]): string[] {
  const old = new Map(before.map((state) => [state.id, state]))
  const now = new Map(after.map((state) => [state.id, state]))
  const lines: string[] = []
  for (const state of after) {
    const previous = old.get(state.id)
    if (!previous) {
      lines.push(`Added ${code(state.id)}: ${state.description || 'no description'}`)
      continue
    }
    if (previous.kind !== state.kind) {
      lines.push(`${code(state.id)} is now ${state.kind} (was ${previous.kind})`)
    }
    if (previous.isInitial !== state.isInitial) {
      lines.push(
        `${code(state.id)} ${state.isInitial ? 'is now' : 'is no longer'} the initial state`,
      )
    }
    if (previous.description !== state.description) {
      lines.push(
        `Description of ${code(state.id)}: ${quote(previous.description)} → ${quote(state.description)}`,
      )
    }
    if (!same(previous.requirements, state.requirements)) {
      lines.push(
        `Requirements of ${code(state.id)}: ${list(previous.requirements)} → ${list(state.requirements)}`,
      )
    }
    if (!same(previous.effects, state.effects)) {
      lines.push(`Effects of ${code(state.id)}: ${list(previous.effects)} → ${list(state.effects)}`)
    }
    if (!same(previous.invokes, state.invokes)) {
      lines.push(`Calls of ${code(state.id)}: ${list(previous.invokes)} → ${list(state.invokes)}`)
    } else {
      state.invokes.forEach((src, index) => {
        if (previous.inputs[index] !== state.inputs[index]) {
          lines.push(`Input of ${code(src)} in ${code(state.id)}: its code changed`)
        }
      })
    }
  }
  for (const state of before) {
    if (!now.has(state.id)) lines.push(`Removed ${code(state.id)}`)
  }
  return lines
}

/** Transitions keyed by what identifies them: source, event and guard (and their order). */
function keyed(transitions: readonly TransitionModel[]): Map<string, TransitionModel> {
  const result = new Map<string, TransitionModel>()
  const seen = new Map<string, number>()
  for (const transition of transitions) {
    const identity = `${transition.source}\u0000${transition.eventType}\u0000${transition.guard ?? ''}`
    const occurrence = seen.get(identity) ?? 0
    seen.set(identity, occurrence + 1)
    result.set(`${identity}\u0000${occurrence}`, transition)
  }
  return result
}

function moneyList(transition: TransitionModel): string[] {
  return transition.money.map((mark) => `${moneyLabel(mark)} ${mark.endpoint}`)
}

/** Rows of [change, transition, details] for one transition present in both versions. */
function compareTransition(previous: TransitionModel, current: TransitionModel): string[][] {
  const rows: string[][] = []
  const where = arrow(current)
  if (!same(previous.targets, current.targets)) {
    rows.push(['retargeted', head(current), `${list(previous.targets)} → ${list(current.targets)}`])
  }
  if (!same(previous.actions, current.actions)) {
    rows.push(['actions changed', where, `${list(previous.actions)} → ${list(current.actions)}`])
  }
  if (!same(previous.effects, current.effects)) {
    rows.push(['effects changed', where, `${list(previous.effects)} → ${list(current.effects)}`])
  }
  if (!same(moneyList(previous), moneyList(current))) {
    rows.push([
      'money changed',
      where,
      `${list(moneyList(previous))} → ${list(moneyList(current))}`,
    ])
  }
  if (!same(previous.requirements, current.requirements)) {
    rows.push([
      'requirements changed',
      where,
      `${list(previous.requirements)} → ${list(current.requirements)}`,
    ])
  }
  if (previous.description !== current.description) {
    rows.push([
      'description changed',
      where,
      `${quote(previous.description)} → ${quote(current.description)}`,
    ])
  }
  return rows
}

function transitionChanges(
  before: readonly TransitionModel[],
  after: readonly TransitionModel[],
): string[][] {
  const old = keyed(before)
  const now = keyed(after)
  const rows: string[][] = []
  for (const [key, current] of now) {
    const previous = old.get(key)
    if (previous) rows.push(...compareTransition(previous, current))
  }
  const removed = [...old].filter(([key]) => !now.has(key)).map(([, transition]) => transition)
  const added = [...now].filter(([key]) => !old.has(key)).map(([, transition]) => transition)
  // A transition whose guard changed keeps its source and event: when its targets stayed too,
  // or when it is the only one of its source and event that went and came, it is the same one.
  const sameTrigger = (a: TransitionModel, b: TransitionModel) =>
    a.source === b.source && a.eventType === b.eventType
  for (const transition of [...added]) {
    const candidates = removed.filter((candidate) => sameTrigger(candidate, transition))
    const match =
      candidates.find((candidate) => same(candidate.targets, transition.targets)) ??
      (candidates.length === 1 &&
      added.filter((other) => sameTrigger(other, transition)).length === 1
        ? candidates[0]
        : undefined)
    if (!match) continue
    removed.splice(removed.indexOf(match), 1)
    added.splice(added.indexOf(transition), 1)
    rows.push([
      'guard changed',
      arrow({ ...transition, guard: null }),
      `${match.guard ? code(match.guard) : 'none'} → ${transition.guard ? code(transition.guard) : 'none'}`,
    ])
    rows.push(...compareTransition({ ...match, guard: transition.guard }, transition))
  }
  for (const transition of added) {
    rows.push(['added', arrow(transition), cell(transition.description)])
  }
  for (const transition of removed) rows.push(['removed', arrow(transition), ''])
  return rows
}

function implementationChanges(before: MachineModel, after: MachineModel): string[] {
  const lines: string[] = []
  const kinds = [
    ['guards', 'Guard'],
    ['actions', 'Action'],
    ['delays', 'Delay'],
  ] as const
  for (const [kind, label] of kinds) {
    const old = before.implementations[kind]
    const now = after.implementations[kind]
    for (const name of Object.keys(now)) {
      if (!(name in old)) lines.push(`${label} ${code(name)} added`)
      else if (old[name] !== now[name]) {
        lines.push(
          kind === 'delays'
            ? `Delay ${code(name)}: ${old[name]} → ${now[name]} ms`
            : `${label} ${code(name)}: its code changed`,
        )
      }
    }
    for (const name of Object.keys(old)) {
      if (!(name in now)) lines.push(`${label} ${code(name)} removed`)
    }
  }
  for (const name of after.implementations.actors) {
    if (!before.implementations.actors.includes(name)) lines.push(`Actor ${code(name)} added`)
  }
  for (const name of before.implementations.actors) {
    if (!after.implementations.actors.includes(name)) lines.push(`Actor ${code(name)} removed`)
  }
  return lines
}

/** Every machine that was added, removed or changed between two versions of the registry. */
export function diffMachines(
  before: readonly MachineModel[],
  after: readonly MachineModel[],
): MachineChange[] {
  const old = new Map(before.map((model) => [model.id, model]))
  const now = new Set(after.map((model) => model.id))
  const changes: MachineChange[] = []
  for (const model of after) {
    const previous = old.get(model.id)
    if (!previous) {
      changes.push({ kind: 'added', id: model.id, description: model.description })
      continue
    }
    const change = {
      kind: 'changed' as const,
      id: model.id,
      description:
        previous.description === model.description
          ? null
          : { before: previous.description, after: model.description },
      states: stateChanges(previous.states, model.states),
      transitions: transitionChanges(previous.transitions, model.transitions),
      implementations: implementationChanges(previous, model),
    }
    const changed =
      change.description !== null ||
      change.states.length + change.transitions.length + change.implementations.length > 0
    if (changed) changes.push(change)
  }
  for (const model of before) {
    if (!now.has(model.id)) {
      changes.push({ kind: 'removed', id: model.id, description: model.description })
    }
  }
  return changes
}

/** The changes as Markdown to paste into a review. */
export function diffMarkdown(
  changes: readonly MachineChange[],
  since: string,
  unchanged: readonly string[],
): string {
  const lines = [`## Machine changes since ${since}`, '']
  if (changes.length === 0) {
    lines.push('No machine changed.')
    return document(lines)
  }
  const count = (kind: MachineChange['kind']) =>
    changes.filter((change) => change.kind === kind).length
  lines.push(
    `${count('changed')} changed, ${count('added')} added, ${count('removed')} removed.${unchanged.length > 0 ? ` Unchanged: ${unchanged.join(', ')}.` : ''}`,
  )
  for (const change of changes) {
    lines.push('', `### ${code(change.id)} ${change.kind}`, '')
    if (change.kind !== 'changed') {
      lines.push(change.description || 'No description.')
      continue
    }
    if (change.description) {
      lines.push(
        `Description: ${quote(change.description.before)} → ${quote(change.description.after)}`,
        '',
      )
    }
    if (change.states.length > 0) {
      lines.push('**States**', '', ...change.states.map((line) => `- ${line}`), '')
    }
    if (change.transitions.length > 0) {
      lines.push(
        '**Transitions**',
        '',
        table(['Change', 'Transition', 'Details'], change.transitions),
        '',
      )
    }
    if (change.implementations.length > 0) {
      lines.push(
        '**Guards, actions, delays and actors**',
        '',
        ...change.implementations.map((line) => `- ${line}`),
        '',
      )
    }
  }
  return document(lines)
}
