import type { MachineEntry } from '../../machines/shared/machine-entry'
import type { Coverage } from './coverage'
import { coverageOf, formatCount, modelOf, reachedByPaths } from './coverage'
import { rootSource, stateChangeLabel, stateLabel, transitionKeysOf } from './machine-graph'
import type { MachinePath } from './machine-graph'
import { moneyLabel } from './machine-meta'
import type { MachineModel, StateModel, TransitionModel } from './machine-model'
import { requirementsOf } from './machine-model'
import { diagramParts } from './diagram-view'
import {
  mermaidDiagram,
  mermaidOverview,
  mermaidPart,
  transitionLabel,
  undrawnTransitions,
} from './mermaid'
import type { SuitePath } from './path-suite'
import { hasPlayerWords } from './player-words'
import { pathSuite, pathTestFile } from './path-suite'
import { cell, code, document, table } from './markdown'
import type { Requirement } from './requirements'

/** Everything a machine's page and its atlas view are made of, computed once per machine. */
export type MachineReport = {
  entry: MachineEntry
  model: MachineModel
  /** The generated path tests, cover paths first. */
  suite: SuitePath[]
  /** What the generated path tests take, together. */
  coverage: Coverage
}

/** A machine's report: its model, its generated path tests and what they cover. */
export function machineReport(entry: MachineEntry): MachineReport {
  const suite = pathSuite(entry)
  const paths = suite.map((test) => test.path)
  return {
    entry,
    model: modelOf(entry.machine),
    suite,
    coverage: coverageOf(entry, reachedByPaths(entry, paths)),
  }
}

function fromTo(transition: TransitionModel): string {
  const to = transition.targets.length > 0 ? transition.targets.join(', ') : '(stays)'
  return `${code(transition.source)} → ${code(to)}`
}

function stateKind(state: StateModel): string {
  const kind =
    state.kind === 'final'
      ? 'final'
      : state.kind === 'parallel'
        ? 'parallel'
        : state.kind === 'compound'
          ? state.isRegion
            ? 'region'
            : 'compound'
          : ''
  return [state.isInitial ? 'initial' : '', kind].filter(Boolean).join(', ')
}

function statesTable(model: MachineModel): string {
  return table(
    ['State', 'Kind', 'Description', 'Requirements'],
    model.states.map((state) => [
      code(state.id),
      stateKind(state),
      cell(state.description),
      state.requirements.join(', '),
    ]),
  )
}

function transitionsTable(model: MachineModel): string {
  return table(
    ['Event', 'From → to', 'Guard', 'Description', 'Effects', 'Money', 'Requirements'],
    model.transitions.map((transition) => [
      cell(transition.event),
      fromTo(transition),
      transition.guard ? code(transition.guard) : '',
      cell(transition.description),
      transition.effects.map(code).join(', '),
      transition.money.map((mark) => `${moneyLabel(mark)} (${code(mark.endpoint)})`).join(', '),
      transition.requirements.join(', '),
    ]),
  )
}

function undrawnList(report: MachineReport): string {
  const lines = undrawnTransitions(report.entry, report.model).map((transition) => {
    const label = `**${transitionLabel(transition)}**`
    if (transition.source === rootSource) {
      return `- In any state, ${label} (the state stays): ${transition.description}`
    }
    return `- From any state of ${code(transition.source)}, ${label} → ${code(transition.targets.join(', '))}: ${transition.description}`
  })
  return lines.length === 0 ? '' : `Not drawn above:\n\n${lines.join('\n')}\n`
}

/** Where a machine emits each event toward the app: transitions and state entries or exits. */
export function effectSources(model: MachineModel): Map<string, string[]> {
  const sources = new Map<string, string[]>()
  const add = (type: string, where: string) =>
    sources.set(type, [...(sources.get(type) ?? []), where])
  for (const state of model.states) {
    for (const type of state.effects) add(type, `entering or leaving ${code(state.id)}`)
  }
  for (const transition of model.transitions) {
    for (const type of transition.effects) {
      add(
        type,
        `${transition.event}${transition.guard ? ` [${transition.guard}]` : ''}, ${fromTo(transition)}`,
      )
    }
  }
  return sources
}

function effectsSection(model: MachineModel): string {
  const sources = effectSources(model)
  const intro =
    'What the machine asks the app to do outside itself (a toast, a reload, a navigation): events it emits, which the app handles with `actor.on(type, ...)`.'
  if (sources.size === 0) return `${intro}\n\nThis machine emits none.`
  const rows = [...sources].map(([type, where]) => [code(type), where.map(cell).join('<br>')])
  return [intro, '', table(['Effect', 'Emitted when'], rows)].join('\n')
}

function requirementsSection(model: MachineModel, catalogue: readonly Requirement[]): string {
  const ids = requirementsOf(model)
  if (ids.length === 0) {
    return 'This machine cites no requirement of [requirements](../requirements.md).'
  }
  const byId = new Map(catalogue.map((requirement) => [requirement.id, requirement]))
  const rows = ids.map((id) => {
    const requirement = byId.get(id)
    const served = [
      ...model.states
        .filter((state) => state.requirements.includes(id))
        .map((state) => `state ${code(state.id)}`),
      ...model.transitions
        .filter((transition) => transition.requirements.includes(id))
        .map((transition) => `${transition.event} (${fromTo(transition)})`),
    ]
    return [
      id,
      cell(requirement?.text ?? ''),
      cell(requirement?.spec ?? ''),
      served.map(cell).join('<br>'),
    ]
  })
  return [
    'From [requirements](../requirements.md): what each requirement is, where the spec says it, and the states and transitions that serve it.',
    '',
    table(['Requirement', 'What', 'Spec', 'Served by'], rows),
  ].join('\n')
}

/**
 * The leaf states a step entered: where regions run side by side (at the root or deeper, as
 * signup's `filling`), only the regions that moved, so a step reads `code.editing` rather than
 * every region's leaf again.
 */
function stepTarget(
  before: MachinePath['steps'][number],
  after: MachinePath['steps'][number],
): string {
  if (stateLabel(after.state).split(', ').length === 1) return code(stateLabel(after.state))
  const previous = new Set(stateLabel(before.state).split(', '))
  const entered = stateLabel(after.state)
    .split(', ')
    .filter((leaf) => !previous.has(leaf))
  return entered.length === 0 ? '(no state changes)' : entered.map(code).join(', ')
}

/** Numbered steps, indented under their parent item by the width of its number. */
function pathSteps(
  entry: MachineEntry,
  model: MachineModel,
  machinePath: MachinePath,
  indent: string,
): string {
  const descriptions = new Map(
    model.transitions.map((transition) => [transition.key, transition.description]),
  )
  const events = new Map(model.transitions.map((transition) => [transition.key, transition.event]))
  const lines: string[] = []
  for (let index = 1; index < machinePath.steps.length; index++) {
    const before = machinePath.steps[index - 1]
    const step = machinePath.steps[index]
    if (!before || !step) continue
    const keys = transitionKeysOf(entry.machine, before.state, step.event)
    const said = keys
      .map((key) => descriptions.get(key) ?? '')
      .filter(Boolean)
      .join(' ')
    const event = events.get(keys[0] ?? '') ?? step.event.type
    lines.push(`${indent}${index}. **${event}**: ${said} → ${stepTarget(before, step)}`)
  }
  return lines.join('\n')
}

function coverPathsSection(report: MachineReport): string {
  const cover = report.suite.filter((test) => test.strategy === 'cover')
  const intro = `${cover.length === 1 ? 'This path takes' : `These ${cover.length} paths together take`} every transition the machine can reach. Each is a test in ${code(pathTestFile(report.entry))} ("cover path 1", ...); \`npm run paths -- ${report.entry.id} --strategy cover\` prints them with their data.`
  const items = cover.map((test) => {
    const marker = `${test.number}. `
    const target = stateChangeLabel(test.path.state)
    const reached =
      target === 'the initial state' ? 'goes back to the initial state' : `reaches ${code(target)}`
    const heading = `${marker}**Cover path ${test.number}** ${reached}:`
    return `${heading}\n${pathSteps(report.entry, report.model, test.path, ' '.repeat(marker.length))}`
  })
  // One tight list: a blank line per path and per heading made signup's page 391 lines long.
  return [intro, '', ...items].join('\n').trimEnd()
}

function summary(report: MachineReport): string {
  const { model, coverage, suite } = report
  const moving = model.transitions.filter((transition) => transition.money.length > 0)
  const effects = [...effectSources(model).keys()]
  return [
    `- **Generated path tests** (${suite.length} in ${code(pathTestFile(report.entry))}) take transitions ${formatCount(coverage.transitions)}, states ${formatCount(coverage.states)}, requirements ${formatCount(coverage.requirements)}.`,
    `- **Money:** ${moving.length === 0 ? 'no transition moves money.' : `${moving.length} ${moving.length === 1 ? 'transition moves' : 'transitions move'} money (${[...new Set(moving.flatMap((t) => t.money.map(moneyLabel)))].join(', ')}); see the Money column.`}`,
    `- **Effects outside the machine:** ${effects.length === 0 ? 'none.' : effects.map(code).join(', ')}`,
    `- Follow any path on the diagram in the [atlas](../atlas/index.html#${model.id}).`,
  ].join('\n')
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function headingAnchor(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-')
}

/**
 * A diagram at its own size: Mermaid otherwise shrinks a diagram to the page's width, and most
 * of ours are wider than a phone (ui's 3,258 px drew its 16 px text at 1.8 px on a 390 px
 * screen, coupon's parts at 5 px). Drawn at full size, the text stays readable and the diagram
 * scrolls sideways.
 *
 * Arrows drawn as straight segments: Mermaid (11.17) leaves a label where its layout made room
 * for it only when the arrow's path passes through that point, which a curved path does not; it
 * then puts the label halfway along the arrow, where the labels of two arrows between the same
 * boxes land on each other (37 of 101 diagrams, mine's `full` and `mining` among them; 5 of 101
 * drawn straight). State diagrams take their arrows' curve from the flowchart's setting.
 */
const mermaidConfig = [
  '---',
  'config:',
  '  flowchart:',
  '    curve: linear',
  '  state:',
  '    useMaxWidth: false',
  '---',
]

function mermaidBlock(diagram: string): string {
  return ['```mermaid', ...mermaidConfig, diagram, '```'].join('\n')
}

/**
 * The diagram, or for a machine whose samples split it into parts, an overview linking to one
 * diagram per part: drawn whole, such a machine is more than twice as wide as the docs (at
 * their width, 5 px text); a part is read with little or no scrolling.
 */
function diagramSection(report: MachineReport): string {
  const { entry, model } = report
  const parts = diagramParts(entry)
  if (parts.length === 0) return mermaidBlock(mermaidDiagram(entry, model))
  const headings = parts.map((part) => `Part: ${part.title}`)
  return [
    `Drawn in ${parts.length} ${parts.length === 1 ? 'part' : 'parts'}, so its text stays readable: the overview shows each part as one yellow box, the arrows that reach it unlabelled; each part's own diagram labels them in full, the states of other parts as dashed boxes.`,
    '',
    mermaidBlock(mermaidOverview(entry, model, parts)),
    '',
    ...parts.map(
      (part, index) =>
        `- [${part.title}](#${headingAnchor(headings[index] ?? '')}): ${part.nodes.map((node) => code(node.path.join('.'))).join(', ')}`,
    ),
    ...parts.flatMap((part, index) => [
      '',
      `### ${headings[index]}`,
      '',
      mermaidBlock(mermaidPart(entry, model, part)),
    ]),
  ].join('\n')
}

/** docs/machines/<id>.md: what a reviewer reads to sign off a machine. */
export function machinePage(report: MachineReport, catalogue: readonly Requirement[]): string {
  const { model } = report
  return document([
    `# ${model.id}`,
    '',
    '<!-- Generated by `npm run docs` from machines/. Do not edit by hand. -->',
    '',
    model.description,
    '',
    summary(report),
    '',
    '## Diagram',
    '',
    hasPlayerWords(model.id)
      ? 'Arrows read `event «words» [guard] / effects`: the event (or the actor answer, or the timer), in «» what the player reads there (the button they press, or what the answer shows them, from the app’s copy), the guard that must hold, then what the transition causes outside the machine and the money it moves (`+gems` to the player, `−gems` from them).'
      : 'Arrows read `event [guard] / effects`: the event (or the actor answer, or the timer), the guard that must hold, then what the transition causes outside the machine and the money it moves (`+gems` to the player, `−gems` from them).',
    '',
    diagramSection(report),
    '',
    undrawnList(report),
    '## States',
    '',
    statesTable(model),
    '',
    '## Transitions',
    '',
    'Every transition, in the order the machine declares them. "answers" and "fails" are the outcomes of a call to the server or the browser; "after" is a timer.',
    '',
    transitionsTable(model),
    '',
    '## Effects outside the machine',
    '',
    effectsSection(model),
    '',
    '## Requirements',
    '',
    requirementsSection(model, catalogue),
    '',
    '## Cover paths',
    '',
    coverPathsSection(report),
  ])
}
