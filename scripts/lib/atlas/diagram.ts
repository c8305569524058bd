import { createHash } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ElkExtendedEdge, ElkLabel, ElkNode } from 'elkjs/lib/elk.bundled.js'
import { rootSource } from '../machine-graph'
import { moneyLabel } from '../machine-meta'
import type { MachineModel, StateModel, TransitionModel } from '../machine-model'
import { playerWordsOf, quotedWords } from '../player-words'

/**
 * A machine's statechart as an SVG laid out at build time with ELK's layered algorithm:
 * compound states are boxes holding their children, parallel regions dashed boxes side by side,
 * transitions labelled arrows. Transitions that stay in their state, and those a compound state
 * takes into its own children, are written as rows inside the state's box (as UML does).
 *
 * Every state and transition is a focusable button (`data-state`, `data-transition` holding the
 * transition's index in the model) that the atlas's script highlights and explains.
 */

/** The SVG is drawn in a monospace font, so text widths are known without a browser. */
const charWidth = 7.3
const fontSize = 12
const lineHeight = 15
const rowHeight = 16
const padding = 10

function textWidth(text: string): number {
  return Math.ceil(text.length * charWidth)
}

function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
}

/** The widest line of the player's words on an arrow, in characters (as wide as an event). */
const wordsLineWidth = 24

const wordsOfModel = new WeakMap<MachineModel, (transition: TransitionModel) => string | null>()

/** The player's words of a transition of the model's machine (player-words.ts), if it has any. */
function playerWords(model: MachineModel, transition: TransitionModel): string | null {
  let wordsOf = wordsOfModel.get(model)
  if (!wordsOf) {
    wordsOf = playerWordsOf(model.id, model.transitions)
    wordsOfModel.set(model, wordsOf)
  }
  return wordsOf(transition)
}

/**
 * A transition's label in lines: the event, the player's words (the button, or what the answer
 * shows), the guard, then what it causes and the money.
 */
function labelLines(
  model: MachineModel,
  transition: TransitionModel,
): Array<{ text: string; kind: string }> {
  const lines = [{ text: transition.event, kind: 'event' }]
  const words = playerWords(model, transition)
  if (words) {
    lines.push(...quotedWords(words, wordsLineWidth).map((text) => ({ text, kind: 'words' })))
  }
  if (transition.guard) lines.push({ text: `[${transition.guard}]`, kind: 'guard' })
  if (transition.effects.length > 0) {
    lines.push({ text: `/ ${transition.effects.join(', ')}`, kind: 'effect' })
  }
  if (transition.money.length > 0) {
    lines.push({ text: transition.money.map(moneyLabel).join(' '), kind: 'money' })
  }
  return lines
}

/**
 * A transition's accessible name: the text drawn for it, then where it goes, so the name a
 * screen reader says holds what a sighted reviewer reads (WCAG 2.5.3).
 */
function transitionName(transition: TransitionModel, visible: string): string {
  const to = transition.targets.length > 0 ? transition.targets.join(', ') : 'the same state'
  return `Transition ${visible}, from ${transition.source} to ${to}`
}

/** A state's accessible name: its path (which ends with the drawn key), its effects, its kind. */
function stateName(state: StateModel): string {
  const effects = state.effects.length > 0 ? ` emits ${state.effects.join(', ')}` : ''
  const kind = state.kind === 'atomic' ? '' : ` (${state.isRegion ? 'region' : state.kind})`
  return `State ${state.id}${effects}${kind}`
}

function isWithin(inner: string, outer: string): boolean {
  return outer === '' || inner === outer || inner.startsWith(`${outer}.`)
}

/** Whether a transition is drawn as an arrow (else as a row in its source's box). */
function isArrow(transition: TransitionModel, target: string): boolean {
  if (transition.source === rootSource) return false
  return !isWithin(target, transition.source) && !isWithin(transition.source, target)
}

/** Rows written inside a state's box: its transitions that are not arrows. */
function rowsOf(model: MachineModel, state: StateModel): Array<{ index: number; text: string }> {
  const rows: Array<{ index: number; text: string }> = []
  model.transitions.forEach((transition, index) => {
    if (transition.source !== state.id) return
    const label = labelLines(model, transition)
      .map((line) => line.text)
      .join(' ')
    if (transition.targets.length === 0) rows.push({ index, text: label })
    for (const target of transition.targets) {
      if (isArrow(transition, target)) continue
      const relative = target.startsWith(`${state.id}.`)
        ? target.slice(state.id.length + 1)
        : target
      rows.push({ index, text: `${label} → ${relative}` })
    }
  })
  return rows
}

const nodeId = (state: string) => `s:${state}`
const initialId = (parent: string) => `i:${parent}`

/** The layered layout every box of states uses; parallel regions are packed side by side. */
const layered = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.spacing.nodeNode': '28',
  'elk.layered.spacing.nodeNodeBetweenLayers': '36',
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.edgeNode': '14',
  'elk.layered.spacing.edgeNodeBetweenLayers': '14',
  'elk.edgeLabels.inline': 'false',
  'elk.randomSeed': '1',
}

/**
 * Regions never share a transition, so a parallel state lays its regions out on their own (each
 * with the layered algorithm) and packs them in rows instead of one long line.
 */
const packed = {
  'elk.algorithm': 'rectpacking',
  'elk.hierarchyHandling': 'SEPARATE_CHILDREN',
  'elk.aspectRatio': '1.6',
  'elk.spacing.nodeNode': '16',
}

/** The closest state holding both ends of a transition: the ELK node its edge belongs to. */
function containerOf(source: string, target: string): string {
  const a = source.split('.')
  const b = target.split('.')
  const common: string[] = []
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    if (a[index] !== b[index]) break
    common.push(a[index] as string)
  }
  if (common.length === a.length || common.length === b.length) common.pop()
  return common.join('.')
}

function buildGraph(model: MachineModel): ElkNode {
  const childrenOf = new Map<string, StateModel[]>()
  for (const state of model.states) {
    childrenOf.set(state.parent, [...(childrenOf.get(state.parent) ?? []), state])
  }
  const kindOf = new Map(model.states.map((state) => [state.id, state.kind]))
  /**
   * A parallel state lays its regions out on their own, so an edge from outside cannot reach a
   * state inside one: it ends on the outermost parallel state below its container instead.
   */
  const visibleEnd = (state: string, container: string): string => {
    const parts = state.split('.')
    const depth = container === '' ? 0 : container.split('.').length
    for (let length = depth + 1; length < parts.length; length++) {
      const ancestor = parts.slice(0, length).join('.')
      if (kindOf.get(ancestor) === 'parallel') return ancestor
    }
    return state
  }
  const edgesIn = new Map<string, ElkExtendedEdge[]>()
  const addEdge = (container: string, edge: ElkExtendedEdge) =>
    edgesIn.set(container, [...(edgesIn.get(container) ?? []), edge])

  model.transitions.forEach((transition, index) => {
    transition.targets.forEach((target, targetIndex) => {
      if (!isArrow(transition, target)) return
      const lines = labelLines(model, transition)
      const label: ElkLabel = {
        id: `l:${index}:${targetIndex}`,
        text: lines.map((line) => line.text).join('\n'),
        width: Math.max(...lines.map((line) => textWidth(line.text))) + 8,
        height: lines.length * lineHeight + 4,
      }
      const container = containerOf(transition.source, target)
      addEdge(container, {
        id: `t:${index}:${targetIndex}`,
        sources: [nodeId(visibleEnd(transition.source, container))],
        targets: [nodeId(visibleEnd(target, container))],
        labels: [label],
      })
    })
  })

  const initialNode = (parent: string, children: StateModel[]): ElkNode[] => {
    const initial = children.find((child) => child.isInitial)
    if (!initial) return []
    addEdge(parent, {
      id: `init:${parent}`,
      sources: [initialId(parent)],
      targets: [nodeId(initial.id)],
    })
    return [{ id: initialId(parent), width: 12, height: 12 }]
  }

  const options = (kind: StateModel['kind'], parentKind: StateModel['kind'] | 'root') =>
    kind === 'parallel' ? packed : parentKind === 'parallel' ? layered : {}

  const node = (state: StateModel, parentKind: StateModel['kind']): ElkNode => {
    const rows = rowsOf(model, state)
    const children = childrenOf.get(state.id) ?? []
    const width = Math.max(
      textWidth(state.key) + 2 * padding + 8,
      ...rows.map((row) => textWidth(row.text) + 2 * padding),
      72,
    )
    const header = lineHeight + 12 + rows.length * rowHeight
    if (children.length === 0) {
      return {
        id: nodeId(state.id),
        width,
        height: header + 4,
        layoutOptions: options(state.kind, parentKind),
      }
    }
    const inner = [
      ...(state.kind === 'parallel' ? [] : initialNode(state.id, children)),
      ...children.map((child) => node(child, state.kind)),
    ]
    return {
      id: nodeId(state.id),
      layoutOptions: {
        ...options(state.kind, parentKind),
        'elk.padding': `[top=${header + 8},left=${padding + 4},bottom=${padding + 4},right=${padding + 4}]`,
        'elk.nodeSize.constraints': 'MINIMUM_SIZE',
        'elk.nodeSize.minimum': `(${width},${header + 40})`,
      },
      children: inner,
      edges: edgesIn.get(state.id) ?? [],
    }
  }

  const top = childrenOf.get('') ?? []
  const children = [
    ...(model.rootKind === 'parallel' ? [] : initialNode('', top)),
    ...top.map((state) => node(state, model.rootKind)),
  ]
  return {
    id: 'root',
    layoutOptions: {
      ...(model.rootKind === 'parallel' ? packed : layered),
      'elk.padding': '[top=12,left=12,bottom=12,right=12]',
      'elk.json.shapeCoords': 'ROOT',
      'elk.json.edgeCoords': 'ROOT',
    },
    children,
    edges: edgesIn.get('') ?? [],
  }
}

function collectNodes(node: ElkNode, into: Map<string, ElkNode>): Map<string, ElkNode> {
  for (const child of node.children ?? []) {
    into.set(child.id, child)
    collectNodes(child, into)
  }
  return into
}

function collectEdges(node: ElkNode, into: ElkExtendedEdge[]): ElkExtendedEdge[] {
  into.push(...(node.edges ?? []))
  for (const child of node.children ?? []) collectEdges(child, into)
  return into
}

const round = (value: number | undefined) => Math.round((value ?? 0) * 10) / 10

function stateSvg(model: MachineModel, state: StateModel, box: ElkNode): string {
  const x = round(box.x)
  const y = round(box.y)
  const width = round(box.width)
  const height = round(box.height)
  const classes = ['state', state.kind === 'atomic' ? 'leaf' : 'composite']
  if (state.isRegion) classes.push('region')
  if (state.kind === 'final') classes.push('final')
  if (state.kind === 'parallel') classes.push('parallel')
  const parts = [
    `<g class="${classes.join(' ')}" data-state="${escapeXml(state.id)}" tabindex="0" role="button" aria-label="${escapeXml(stateName(state))}">`,
    `<rect x="${x}" y="${y}" width="${width}" height="${height}" rx="8"/>`,
  ]
  if (state.kind === 'final') {
    parts.push(
      `<rect class="inner" x="${x + 3}" y="${y + 3}" width="${width - 6}" height="${height - 6}" rx="6"/>`,
    )
  }
  parts.push(
    `<text class="name" x="${x + padding}" y="${y + lineHeight + 2}">${escapeXml(state.key)}</text>`,
  )
  if (state.effects.length > 0) {
    parts.push(
      `<text class="effect" x="${x + width - padding}" y="${y + lineHeight + 2}" text-anchor="end">emits ${escapeXml(state.effects.join(', '))}</text>`,
    )
  }
  parts.push('</g>')
  rowsOf(model, state).forEach((row, index) => {
    const transition = model.transitions[row.index]
    if (!transition) return
    const rowY = y + lineHeight + 10 + index * rowHeight
    parts.push(
      `<g class="transition row${transition.money.length > 0 ? ' money' : ''}" data-transition="${row.index}" tabindex="0" role="button" aria-label="${escapeXml(transitionName(transition, row.text))}">`,
      `<rect x="${x + 4}" y="${rowY}" width="${width - 8}" height="${rowHeight - 1}" rx="3"/>`,
      `<text x="${x + padding}" y="${rowY + 12}">${escapeXml(row.text)}</text>`,
      '</g>',
    )
  })
  return parts.join('\n')
}

function edgeSvg(model: MachineModel, edge: ElkExtendedEdge, markerId: string): string {
  const points = (edge.sections ?? []).flatMap((section) => [
    section.startPoint,
    ...(section.bendPoints ?? []),
    section.endPoint,
  ])
  const d = points
    .map((point, index) => `${index === 0 ? 'M' : 'L'}${round(point.x)} ${round(point.y)}`)
    .join(' ')
  if (edge.id.startsWith('init:')) {
    return `<path class="initial-arrow" d="${d}" marker-end="url(#${markerId})"/>`
  }
  const [, indexText = ''] = edge.id.split(':')
  const index = Number(indexText)
  const transition = model.transitions[index]
  if (!transition) return ''
  const label = edge.labels?.[0]
  const lines = labelLines(model, transition)
  const labelX = round(label?.x)
  const labelY = round(label?.y)
  const text = lines
    .map(
      (line, lineIndex) =>
        `<tspan class="${line.kind}" x="${labelX + 4}" y="${labelY + lineHeight * (lineIndex + 1) - 1}">${escapeXml(line.text)}</tspan>`,
    )
    .join(' ')
  const visible = lines.map((line) => line.text).join(' ')
  return [
    `<g class="transition arrow${transition.money.length > 0 ? ' money' : ''}" data-transition="${index}" tabindex="0" role="button" aria-label="${escapeXml(transitionName(transition, visible))}">`,
    `<path class="hit" d="${d}"/>`,
    `<path class="line" d="${d}" marker-end="url(#${markerId})"/>`,
    `<rect class="label" x="${labelX}" y="${labelY}" width="${round(label?.width)}" height="${round(label?.height)}" rx="3"/>`,
    `<text>${text}</text>`,
    '</g>',
  ].join('\n')
}

const cacheDir = fileURLToPath(new URL('../../../node_modules/.cache/tery-atlas/', import.meta.url))
const elkVersion = (createRequire(import.meta.url)('elkjs/package.json') as { version: string })
  .version

/**
 * ELK's layout of a graph. ELK is deterministic, so a layout is kept under node_modules/.cache,
 * keyed by the graph and ELK's version: `npm run docs -- --check` on unchanged machines loads
 * and runs no layout engine.
 */
async function layout(graph: ElkNode): Promise<ElkNode> {
  const input = JSON.stringify(graph)
  const key = createHash('sha256').update(`${elkVersion}\n${input}`).digest('hex')
  const file = path.join(cacheDir, `${key}.json`)
  const cached = await readFile(file, 'utf8').catch(() => null)
  if (cached !== null) return JSON.parse(cached) as ElkNode
  const { default: ELK } = await import('elkjs/lib/elk.bundled.js')
  const laidOut = await new ELK().layout(JSON.parse(input) as ElkNode)
  await mkdir(cacheDir, { recursive: true })
  await writeFile(file, JSON.stringify(laidOut))
  return laidOut
}

/** The machine's diagram as an SVG element (a string), the same for the same machine. */
export async function machineSvg(model: MachineModel): Promise<string> {
  const laidOut = await layout(buildGraph(model))
  const nodes = collectNodes(laidOut, new Map())
  const markerId = `arrow-${model.id}`
  const states = model.states
    .map((state) => {
      const box = nodes.get(nodeId(state.id))
      return box ? stateSvg(model, state, box) : ''
    })
    .join('\n')
  const initials = [...nodes.values()]
    .filter((node) => node.id.startsWith('i:'))
    .map(
      (node) =>
        `<circle class="initial" cx="${round((node.x ?? 0) + 6)}" cy="${round((node.y ?? 0) + 6)}" r="6"/>`,
    )
    .join('\n')
  const edges = collectEdges(laidOut, [])
    .map((edge) => edgeSvg(model, edge, markerId))
    .join('\n')
  const width = Math.ceil(laidOut.width ?? 0)
  const height = Math.ceil(laidOut.height ?? 0)
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" class="diagram" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-size="${fontSize}">`,
    `<defs><marker id="${markerId}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="9" markerHeight="9" markerUnits="userSpaceOnUse" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z"/></marker></defs>`,
    states,
    initials,
    edges,
    '</svg>',
  ].join('\n')
}
