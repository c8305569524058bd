import { createHash } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { ElkExtendedEdge, ElkNode } from 'elkjs/lib/elk.bundled.js'
import type { MachineEntry } from '../../../machines/shared/machine-entry'
import {
  blockOf,
  type DiagramPart,
  endOf,
  isInside,
  isTitledByStates,
  unwrapped,
  type View,
  viewArrows,
} from '../diagram-view'
import { listStateNodes, nodePath, rootSource } from '../machine-graph'
import { moneyLabel } from '../machine-meta'
import type { MachineModel, StateModel, TransitionModel } from '../machine-model'
import { playerWordsOf, quotedWords } from '../player-words'

/**
 * A machine's statechart, or one view of it (diagram-view.ts: the overview of a machine drawn by
 * part, or one part, as the Markdown draws it), as an SVG laid out at build time with ELK's
 * layered algorithm:
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
/** The space between the labels of transitions that share one arrow. */
const labelGap = 4

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
  // One effect a line, as the Markdown writes them: on one, `/ balances.changed, offers.changed`
  // was an arrow's widest line.
  transition.effects.forEach((effect, index, effects) => {
    const text = `${index === 0 ? '/ ' : ''}${effect}${index < effects.length - 1 ? ',' : ''}`
    lines.push({ text, kind: 'effect' })
  })
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

/** A row inside a state's box: its transition, its text, its lines and the line it starts on. */
type Row = { index: number; text: string; lines: string[]; at: number }

/**
 * The widest line of a row in a box laid out narrow, in characters: on one line, training's
 * reading ("section.previous [hasPreviousSection] → reading") made its part 435 px wide, its text
 * drawn at 10 px on a phone.
 */
const narrowRowWidth = 28

/** A row's text in lines: one, or laid out narrow, broken at spaces, the rest indented. */
function rowLines(text: string, drawn: Layout): string[] {
  if (drawn === 'wide') return [text]
  const lines: string[] = []
  // An arrow and the state it leads to stay on one line: `→ reading`.
  for (const word of text.split(/(?<!→) /)) {
    const last = lines.at(-1)
    if (last !== undefined && last.length + 1 + word.length <= narrowRowWidth) {
      lines[lines.length - 1] = `${last} ${word}`
    } else lines.push(last === undefined ? word : `  ${word}`)
  }
  return lines
}

/** Rows written inside a state's box: its transitions that are not arrows. */
function rowsOf(model: MachineModel, state: StateModel, drawn: Layout): Row[] {
  const rows: Array<{ index: number; text: string }> = []
  model.transitions.forEach((transition, index) => {
    if (transition.source !== state.id) return
    const label = labelLines(model, transition)
      .map((line) => line.text)
      .join(' ')
    if (transition.targets.length === 0) rows.push({ index, text: label })
    for (const target of transition.targets) {
      if (isArrow(transition, target)) continue
      // Into the state itself, its own key: in its own box, the full path only widened the row
      // (training's reading, "→ playing.reading", made its part wider than a phone).
      const relative =
        target === state.id
          ? (state.id.split('.').at(-1) ?? target)
          : target.startsWith(`${state.id}.`)
            ? target.slice(state.id.length + 1)
            : target
      rows.push({ index, text: `${label} → ${relative}` })
    }
  })
  let at = 0
  return rows.map((row) => {
    const lines = rowLines(row.text, drawn)
    at += lines.length
    return { ...row, lines, at: at - lines.length }
  })
}

/** How many lines a box's rows take. */
const rowLineCount = (rows: readonly Row[]) => rows.reduce((sum, row) => sum + row.lines.length, 0)

/** The widest line of a box's rows, with the box's padding. */
const rowsWidth = (rows: readonly Row[]) =>
  rows.flatMap((row) => row.lines).map((line) => textWidth(line) + 2 * padding)

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

/**
 * How a diagram is laid out: `wide` as above, states that follow one another side by side in a
 * row; `narrow` for a phone, one box per row (Coffman-Graham layering bounded to one node), each
 * arrow's label a box of its own just above the state it leads to, a state's rows broken into
 * short lines, nodes placed without straightening the arrows (straightened, they spread the rows
 * sideways again), regions stacked.
 */
type Layout = 'wide' | 'narrow'

const layoutOptions = {
  wide: { layered, packed },
  narrow: {
    layered: {
      ...layered,
      'elk.layered.layering.strategy': 'COFFMAN_GRAHAM',
      'elk.layered.layering.coffmanGraham.layerBound': '1',
      'elk.layered.nodePlacement.strategy': 'SIMPLE',
      // Arrows that go round the column run side by side: at the wide layout's spacing, their
      // gaps made 48 of 100 diagrams scroll sideways on a phone, at these 35.
      'elk.spacing.nodeNode': '12',
      'elk.spacing.edgeEdge': '6',
      'elk.spacing.edgeNode': '8',
      // Laid out upwards, every arrow given to ELK backwards (`buildGraph`, `turnedBack`): ELK's
      // Coffman-Graham puts a box in the first row it may take, so laid out downwards a label's
      // box stood just under the state its arrow leaves, rows away from the one it leads to.
      'elk.direction': 'UP',
    },
    packed: { ...packed, 'elk.aspectRatio': '0.2' },
  },
}

/**
 * The widest diagram a 390 px phone shows whole with its 12 px text drawn at 11 px: its frame
 * there is about 350 px wide. A wider one also gets the narrow layout (at 420, signup's tab, 418
 * px, was drawn at 10.3 px text).
 */
const phoneWidth = 380

/** The id prefix of a label laid out as a box of its own (`narrow` layout). */
const labelBoxPrefix = 'lb:'

/** Boxes in the opposite order, at every depth. */
function reversedDeep(nodes: readonly ElkNode[]): ElkNode[] {
  return [...nodes]
    .reverse()
    .map((node) => (node.children ? { ...node, children: reversedDeep(node.children) } : node))
}

function findBox(nodes: readonly ElkNode[], id: string): ElkNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node
    const inner = findBox(node.children ?? [], id)
    if (inner) return inner
  }
  return undefined
}

/** A box standing for a part in the overview, or for a state outside the part on show. */
type ExtraBox =
  | { kind: 'part'; index: number; part: DiagramPart; holds: string[] }
  | { kind: 'stub'; state: StateModel; drawnIn: string }
  | { kind: 'any'; state: StateModel }

/** The arrow between one pair of boxes: where it is laid out, its ends, its transitions. */
type ArrowPair = {
  container: string
  ends: Pick<ElkExtendedEdge, 'sources' | 'targets'>
  id: string
  members: number[]
}

/** What one view's graph carries beside ELK's: the extra boxes and the collapsed arrows. */
type ViewGraph = {
  graph: ElkNode
  extras: Map<string, ExtraBox>
  /** Per collapsed arrow (overview, to or from a part's box): the transitions it stands for. */
  collapsed: Map<string, number[]>
  /** Per arrow shared by several transitions between one pair of boxes: those transitions. */
  shared: Map<string, number[]>
}

const partBoxText = (part: DiagramPart) => part.nodes.map((node) => node.key).join(', ')

/**
 * The states a part's box lists, on one line, or laid out narrow on lines of at most
 * `wordsLineWidth` characters (social-account's checking box was 362 px wide on one line).
 */
function partBoxLines(part: DiagramPart, drawn: Layout): string[] {
  if (isTitledByStates(part)) return []
  if (drawn === 'wide') return [partBoxText(part)]
  const lines: string[] = []
  for (const key of part.nodes.map((node) => node.key)) {
    const last = lines.at(-1)
    if (last !== undefined && last.length + 2 + key.length <= wordsLineWidth) {
      lines[lines.length - 1] = `${last}, ${key}`
    } else lines.push(key)
  }
  return lines.map((line, index) => (index < lines.length - 1 ? `${line},` : line))
}

/**
 * One view of the machine (diagram-view.ts: the whole machine, the overview of its parts, or
 * one part) as an ELK graph: which state is drawn as what, and which arrows are drawn, is the
 * view's, as in the Markdown's Mermaid diagrams.
 */
function buildGraph(
  entry: MachineEntry,
  model: MachineModel,
  view: View,
  partOf: (state: string) => string,
  drawn: Layout,
): ViewGraph {
  const chosen = layoutOptions[drawn]
  const childrenOf = new Map<string, StateModel[]>()
  for (const state of model.states) {
    childrenOf.set(state.parent, [...(childrenOf.get(state.parent) ?? []), state])
  }
  const stateOf = new Map(model.states.map((state) => [state.id, state]))
  const nodeOf = new Map(listStateNodes(entry.machine).map((node) => [nodePath(node), node]))
  const extras = new Map<string, ExtraBox>()
  /** The states drawn as boxes that hold others: where an edge may be laid out. */
  const containers = new Set<string>()

  /** The ELK id of the box a state is drawn as in this view. */
  const boxOf = (state: StateModel): string => {
    const node = nodeOf.get(state.id)
    if (!node) return nodeId(state.id)
    const end = endOf(view, node)
    if (end.top === 'stub') {
      const id = `o:${state.id}`
      extras.set(id, { kind: 'stub', state, drawnIn: partOf(state.id) })
      return id
    }
    if (end.top === 'box') {
      extras.set(`a:${state.id}`, { kind: 'any', state })
      return `a:${state.id}`
    }
    if (end.id.startsWith('p_') && view.kind === 'overview') {
      const index = Number(end.id.slice(2))
      const part = view.parts[index]
      if (part) {
        extras.set(`p:${index}`, { kind: 'part', index, part, holds: partBoxLines(part, drawn) })
      }
      return `p:${index}`
    }
    return nodeId(state.id)
  }
  /** Where a box sits: its state's path, or for a part's box, beside the part's states. */
  const pathOf = (state: StateModel): readonly string[] => {
    const node = nodeOf.get(state.id)
    return node ? endOf(view, node).path : state.id.split('.')
  }

  const kindOf = new Map(model.states.map((state) => [state.id, state.kind]))
  /**
   * A parallel state lays its regions out on their own, so an edge from outside cannot reach a
   * state inside one: it ends on the outermost parallel state drawn below its container instead.
   */
  const visibleEnd = (box: string, parts: readonly string[], container: string): string => {
    const depth = container === '' ? 0 : container.split('.').length
    for (let length = depth + 1; length < parts.length; length++) {
      const ancestor = parts.slice(0, length).join('.')
      if (kindOf.get(ancestor) === 'parallel' && containers.has(ancestor)) return nodeId(ancestor)
    }
    return box
  }
  const edgesIn = new Map<string, ElkExtendedEdge[]>()
  const addEdge = (container: string, edge: ElkExtendedEdge) =>
    edgesIn.set(container, [...(edgesIn.get(container) ?? []), edge])
  /** The initial arrows, laid out after the transitions' (ELK's order changes its layout). */
  const initialEdges = new Map<string, ElkExtendedEdge>()

  const initialNode = (parent: string, children: StateModel[]): ElkNode[] => {
    const initial = children.find((child) => child.isInitial)
    if (!initial) return []
    const target = boxOf(initial)
    if (target.startsWith('o:')) return []
    initialEdges.set(parent, {
      id: `init:${parent}`,
      sources: [initialId(parent)],
      targets: [target],
    })
    return [{ id: initialId(parent), width: 12, height: 12 }]
  }

  const options = (kind: StateModel['kind'], parentKind: StateModel['kind'] | 'root') =>
    kind === 'parallel' ? chosen.packed : parentKind === 'parallel' ? chosen.layered : {}

  const leafBox = (id: string, width: number, height: number, layoutOptions = {}): ElkNode => ({
    id,
    width,
    height,
    layoutOptions,
  })

  /** A state's box, holding its children's boxes. */
  const node = (state: StateModel, parentKind: StateModel['kind']): ElkNode => {
    const rows = rowsOf(model, state, drawn)
    const children = childrenOf.get(state.id) ?? []
    const width = Math.max(textWidth(state.key) + 2 * padding + 8, ...rowsWidth(rows), 72)
    const header = lineHeight + 12 + rowLineCount(rows) * rowHeight
    if (children.length === 0) {
      return leafBox(nodeId(state.id), width, header + 4, options(state.kind, parentKind))
    }
    containers.add(state.id)
    const inner = [
      ...(state.kind === 'parallel' ? [] : initialNode(state.id, children)),
      ...childBoxes(children, state.kind),
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
    }
  }

  /** Sibling states' boxes: each its own, or (overview) a part's states as the part's one box. */
  const childBoxes = (children: StateModel[], parentKind: StateModel['kind']): ElkNode[] => {
    const boxes: ElkNode[] = []
    for (const child of children) {
      const box = boxOf(child)
      if (box === nodeId(child.id)) boxes.push(node(child, parentKind))
      else if (!boxes.some((drawn) => drawn.id === box)) {
        const extra = extras.get(box)
        const lines = extra?.kind === 'part' ? [extra.part.title, ...extra.holds] : ['']
        const width = Math.max(...lines.map(textWidth), 72) + 2 * padding
        const height = lines.length * lineHeight + 16
        boxes.push(leafBox(box, width, height, options(child.kind, parentKind)))
      }
    }
    return boxes
  }

  const top: ElkNode[] = []
  const unwrappedNode = unwrapped(view)
  if (view.kind === 'part') {
    const whole = unwrappedNode ? stateOf.get(nodePath(unwrappedNode)) : undefined
    if (whole) {
      // The part's one compound state, unwrapped: a box for "any of its states", its children.
      const any = boxOf(whole)
      const rows = rowsOf(model, whole, drawn)
      const width = Math.max(
        textWidth(`any state of ${whole.key}`) + 2 * padding + 8,
        ...rowsWidth(rows),
      )
      top.push(leafBox(any, width, lineHeight + 16 + rowLineCount(rows) * rowHeight))
      const children = childrenOf.get(whole.id) ?? []
      if (whole.kind !== 'parallel') top.push(...initialNode('', children))
      top.push(...childBoxes(children, whole.kind))
    } else {
      const states = view.part.nodes.flatMap((part) => stateOf.get(nodePath(part)) ?? [])
      const parent = states[0]?.parent ?? ''
      // Where the part holds its parent's initial state, the diagram says so.
      if (kindOf.get(parent) !== 'parallel' && states.some((state) => state.isInitial)) {
        top.push(...initialNode('', states))
      }
      top.push(...states.map((state) => node(state, kindOf.get(parent) ?? model.rootKind)))
    }
  } else {
    const states = childrenOf.get('') ?? []
    if (model.rootKind !== 'parallel') top.push(...initialNode('', states))
    top.push(...childBoxes(states, model.rootKind))
  }

  const collapsed = new Map<string, number[]>()
  const pairs = new Map<string, ArrowPair>()
  const arrows = viewArrows(entry, model, view)
  /**
   * Laid out `narrow`, every arrow runs down, so that its label, just above the state it leads
   * to, is read with it: an arrow back up ran round the column, its label rows away from its
   * end (music-link's linking, 491 px wide; session's submitting, 480). A state outside the part
   * that the part leads to and that leads back is drawn twice, above as where its arrows start
   * and below as where the part's end; an arrow between the part's states back to one declared
   * before its source ends on a dashed box of that state (`o:`), as an arrow out of the part does.
   */
  const ledTo = new Set(arrows.flatMap((arrow) => (arrow.to.top === 'stub' ? [arrow.target] : [])))
  for (const arrow of arrows) {
    const targetPath = nodePath(arrow.target)
    if (!isArrow(arrow.transition, targetPath)) continue
    const source = stateOf.get(arrow.transition.source)
    const target = stateOf.get(targetPath)
    if (!source || !target) continue
    const twice = drawn === 'narrow' && arrow.from.top === 'stub' && ledTo.has(arrow.source)
    if (twice) {
      extras.set(`f:${source.id}`, { kind: 'stub', state: source, drawnIn: partOf(source.id) })
    }
    const from = twice ? `f:${source.id}` : boxOf(source)
    const back =
      drawn === 'narrow' &&
      !arrow.collapsed &&
      arrow.from.top === undefined &&
      arrow.to.top === undefined &&
      !containers.has(blockOf(pathOf(source), pathOf(target))) &&
      arrow.target.order < arrow.source.order &&
      !isInside(arrow.source, arrow.target)
    if (back)
      extras.set(`o:${target.id}`, { kind: 'stub', state: target, drawnIn: partOf(target.id) })
    const to = back ? `o:${target.id}` : boxOf(target)
    const outside = back || arrow.from.top !== undefined || arrow.to.top !== undefined
    const block = outside ? '' : blockOf(pathOf(source), pathOf(target))
    // An arrow whose common state is not drawn (a part's states' parent) goes at the top.
    const container = containers.has(block) ? block : ''
    const ends = {
      sources: [visibleEnd(from, pathOf(source), container)],
      targets: [back ? to : visibleEnd(to, pathOf(target), container)],
    }
    if (arrow.collapsed) {
      // Arrows to or from a part's box only say that the parts connect: its diagram says how.
      const id = `c:${ends.sources[0]}>${ends.targets[0]}`
      const taken = collapsed.get(id)
      if (taken) {
        if (!taken.includes(arrow.index)) taken.push(arrow.index)
        continue
      }
      collapsed.set(id, [arrow.index])
      addEdge(container, { id, ...ends })
      continue
    }
    // The transitions between one pair of boxes share one arrow, their labels stacked: drawn one
    // arrow each, coupon's activating part laid nine labels side by side, 1,789 px wide.
    const key = `${container}|${ends.sources[0]}>${ends.targets[0]}`
    const pair = pairs.get(key)
    if (pair) {
      if (!pair.members.includes(arrow.index)) pair.members.push(arrow.index)
      continue
    }
    const targetIndex = arrow.transition.targets.indexOf(targetPath)
    pairs.set(key, { container, ends, id: `${arrow.index}:${targetIndex}`, members: [arrow.index] })
  }
  const shared = new Map<string, number[]>()
  for (const { container, ends, id, members } of pairs.values()) {
    if (members.length > 1) shared.set(`t:${id}`, members)
    const lines = members.flatMap((index) => {
      const transition = model.transitions[index]
      return transition ? labelLines(model, transition) : []
    })
    const label =
      lines.length === 0
        ? null
        : {
            id: `l:${id}`,
            text: lines.map((line) => line.text).join('\n'),
            width: Math.max(...lines.map((line) => textWidth(line.text))) + 8,
            // As drawn: each transition's label 4 px taller than its lines, a gap between.
            height: lines.length * lineHeight + (members.length - 1) * (4 + labelGap) + 4,
          }
    if (label && drawn === 'narrow') {
      // The label is a box in a row of its own, the arrow running through it (`joinedLabels`
      // makes it one arrow again). As ELK's label, in the row of the box above the state it
      // leads to, beside that box: session's submitting, its five answers' labels beside the
      // five states they lead to, was 480 px wide.
      const box = leafBox(`${labelBoxPrefix}${id}`, label.width, label.height)
      const siblings = container === '' ? top : findBox(top, nodeId(container))?.children
      // Declared just before the box it leads to, so an order read by ELK (an overview's
      // cycle breaking) puts the label where the arrow goes.
      const at = (siblings ?? []).findIndex((sibling) => findBox([sibling], ends.targets[0] ?? ''))
      siblings?.splice(at < 0 ? siblings.length : at, 0, box)
      addEdge(container, { id: `t:${id}`, sources: ends.sources, targets: [box.id] })
      addEdge(container, {
        id: `t:${id}${labelBoxPrefix}`,
        sources: [box.id],
        targets: ends.targets,
      })
    } else addEdge(container, { id: `t:${id}`, ...ends, labels: label ? [label] : [] })
  }
  // Stubs are known once the arrows have named them: they stand at the top.
  for (const [id, extra] of extras) {
    if (extra.kind !== 'stub') continue
    top.push(leafBox(id, textWidth(extra.state.id) + 2 * padding, lineHeight + 16))
  }
  const edgesOf = (container: string) =>
    [...(edgesIn.get(container) ?? []), ...[initialEdges.get(container) ?? []].flat()].map(
      (edge) =>
        drawn === 'narrow' ? { ...edge, sources: edge.targets, targets: edge.sources } : edge,
    )
  // The arrows are known once the boxes are: each box gets its own.
  const withEdges = (box: ElkNode): ElkNode => ({
    ...box,
    ...(box.children
      ? { children: box.children.map(withEdges), edges: edgesOf(box.id.slice(2)) }
      : {}),
  })
  const parallelTop =
    view.kind === 'part' ? unwrappedNode?.type === 'parallel' : model.rootKind === 'parallel'
  return {
    graph: {
      id: 'root',
      layoutOptions: {
        ...(parallelTop ? chosen.packed : chosen.layered),
        // An overview reads from the machine's first state down: ELK's default cycle breaking
        // reversed mine's loading -> ready -> loading cycle the other way, loading under ready.
        // Broken in the machine's order, the arrows that go back are those to earlier states.
        ...(view.kind === 'overview'
          ? { 'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER' }
          : {}),
        'elk.padding': '[top=12,left=12,bottom=12,right=12]',
        'elk.json.shapeCoords': 'ROOT',
        'elk.json.edgeCoords': 'ROOT',
      },
      // Given backwards, an overview's arrows are broken in the machine's order read backwards
      // (drawn upwards in its own order, coupon's overview stood on its head).
      children: (drawn === 'narrow' && view.kind === 'overview' ? reversedDeep(top) : top).map(
        withEdges,
      ),
      edges: edgesOf(''),
    },
    extras,
    collapsed,
    shared,
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

/** An arrow ELK laid out backwards (`narrow`), the way it goes. */
function turnedBack(edge: ElkExtendedEdge): ElkExtendedEdge {
  return {
    ...edge,
    sections: [...(edge.sections ?? [])].reverse().map((section) => ({
      ...section,
      startPoint: section.endPoint,
      endPoint: section.startPoint,
      bendPoints: [...(section.bendPoints ?? [])].reverse(),
    })),
  }
}

/**
 * The arrows whose label was laid out as a box of its own (`narrow`), one arrow again: the way
 * into the label's box, then the way out of it, the label where its box stood.
 */
function joinedLabels(edges: ElkExtendedEdge[], nodes: Map<string, ElkNode>): ElkExtendedEdge[] {
  const byId = new Map(edges.map((edge) => [edge.id, edge]))
  return edges.flatMap((edge) => {
    if (edge.id.endsWith(labelBoxPrefix)) return []
    const rest = byId.get(`${edge.id}${labelBoxPrefix}`)
    const box = nodes.get(`${labelBoxPrefix}${edge.id.slice(2)}`)
    if (!rest || !box) return [edge]
    const { x = 0, y = 0, width = 0, height = 0 } = box
    return [
      {
        ...edge,
        sections: [...(edge.sections ?? []), ...(rest.sections ?? [])],
        labels: [{ id: `l:${edge.id.slice(2)}`, x, y, width, height }],
      },
    ]
  })
}

const round = (value: number | undefined) => Math.round((value ?? 0) * 10) / 10

function stateSvg(model: MachineModel, state: StateModel, box: ElkNode, drawn: Layout): string {
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
  for (const row of rowsOf(model, state, drawn)) parts.push(rowSvg(model, row, x, y, width))
  return parts.join('\n')
}

/** A transition written as a row inside its state's box, from its line under the name. */
function rowSvg(model: MachineModel, row: Row, x: number, y: number, width: number): string {
  const transition = model.transitions[row.index]
  if (!transition) return ''
  const rowY = y + lineHeight + 10 + row.at * rowHeight
  const lines = row.lines.map(
    (line, index) =>
      `<tspan x="${x + padding}" y="${rowY + 12 + index * rowHeight}">${escapeXml(line)}</tspan>`,
  )
  return [
    `<g class="transition row${transition.money.length > 0 ? ' money' : ''}" data-transition="${row.index}" tabindex="0" role="button" aria-label="${escapeXml(transitionName(transition, row.text))}">`,
    `<rect x="${x + 4}" y="${rowY}" width="${width - 8}" height="${row.lines.length * rowHeight - 1}" rx="3"/>`,
    `<text>${lines.join('')}</text>`,
    '</g>',
  ].join('\n')
}

function pathData(edge: ElkExtendedEdge): string {
  const points = (edge.sections ?? []).flatMap((section) => [
    section.startPoint,
    ...(section.bendPoints ?? []),
    section.endPoint,
  ])
  return points
    .map((point, index) => `${index === 0 ? 'M' : 'L'}${round(point.x)} ${round(point.y)}`)
    .join(' ')
}

/** A transition's label lines as SVG text, from the top left corner of its label. */
function labelText(lines: Array<{ text: string; kind: string }>, x: number, y: number): string {
  return lines
    .map(
      (line, lineIndex) =>
        `<tspan class="${line.kind}" x="${x + 4}" y="${y + lineHeight * (lineIndex + 1) - 1}">${escapeXml(line.text)}</tspan>`,
    )
    .join(' ')
}

function transitionLabelSvg(
  model: MachineModel,
  index: number,
  box: { x: number; y: number; width: number; height: number },
  line: string[],
): string {
  const transition = model.transitions[index]
  if (!transition) return ''
  const lines = labelLines(model, transition)
  const visible = lines.map((entry) => entry.text).join(' ')
  return [
    `<g class="transition arrow${transition.money.length > 0 ? ' money' : ''}" data-transition="${index}" tabindex="0" role="button" aria-label="${escapeXml(transitionName(transition, visible))}">`,
    ...line,
    `<rect class="label" x="${box.x}" y="${box.y}" width="${box.width}" height="${box.height}" rx="3"/>`,
    `<text>${labelText(lines, box.x, box.y)}</text>`,
    '</g>',
  ].join('\n')
}

function edgeSvg(
  model: MachineModel,
  edge: ElkExtendedEdge,
  markerId: string,
  members: number[] | undefined,
): string {
  const d = pathData(edge)
  if (edge.id.startsWith('init:')) {
    return `<path class="initial-arrow" d="${d}" marker-end="url(#${markerId})"/>`
  }
  const label = edge.labels?.[0]
  const x = round(label?.x)
  const width = round(label?.width)
  const line = `<path class="line" d="${d}" marker-end="url(#${markerId})"/>`
  if (!members) {
    const [, indexText = ''] = edge.id.split(':')
    return transitionLabelSvg(
      model,
      Number(indexText),
      { x, y: round(label?.y), width, height: round(label?.height) },
      [`<path class="hit" d="${d}"/>`, line],
    )
  }
  // One line for the transitions between one pair of boxes, then the labels it carries, stacked.
  const money = members.some((index) => (model.transitions[index]?.money.length ?? 0) > 0)
  let y = round(label?.y)
  const labels = members.map((index) => {
    const transition = model.transitions[index]
    const height = (transition ? labelLines(model, transition).length : 0) * lineHeight + 4
    const drawn = transitionLabelSvg(model, index, { x, y, width, height }, [])
    y += height + labelGap
    return drawn
  })
  return [
    `<path class="line shared${money ? ' money' : ''}" data-transitions="${members.join(' ')}" d="${d}" marker-end="url(#${markerId})"/>`,
    ...labels,
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

function extraSvg(extra: ExtraBox, box: ElkNode, model: MachineModel, drawn: Layout): string {
  const x = round(box.x)
  const y = round(box.y)
  const rect = `<rect x="${x}" y="${y}" width="${round(box.width)}" height="${round(box.height)}" rx="8"/>`
  const text = (line: string, index: number, className = 'name') =>
    `<text class="${className}" x="${x + padding}" y="${y + lineHeight + 2 + index * lineHeight}">${escapeXml(line)}</text>`
  if (extra.kind === 'part') {
    const { part, index } = extra
    const states = part.nodes.map(nodePath)
    return [
      `<g class="state part" data-part="${index}" data-holds="${escapeXml(states.join(' '))}" tabindex="0" role="button" aria-label="${escapeXml(`Part ${part.title}: ${partBoxText(part)}. Go to its diagram`)}">`,
      rect,
      text(part.title, 0),
      ...extra.holds.map((line, at) => text(line, at + 1, 'holds')),
      '</g>',
    ].join('\n')
  }
  if (extra.kind === 'stub') {
    const { state, drawnIn } = extra
    return [
      `<g class="state outside" data-state="${escapeXml(state.id)}" tabindex="0" role="button" aria-label="${escapeXml(`${stateName(state)}, drawn in ${drawnIn}`)}">`,
      rect,
      text(state.id, 0),
      '</g>',
    ].join('\n')
  }
  // The unwrapped part's own state: its rows are the transitions it takes in any of its states.
  const rows = rowsOf(model, extra.state, drawn)
  return [
    `<g class="state composite any" data-state="${escapeXml(extra.state.id)}" tabindex="0" role="button" aria-label="${escapeXml(`${stateName(extra.state)}: any state of ${extra.state.key}`)}">`,
    rect,
    text(`any state of ${extra.state.key}`, 0),
    '</g>',
    ...rows.map((row) => rowSvg(model, row, x, y, round(box.width))),
  ].join('\n')
}

function collapsedSvg(edge: ElkExtendedEdge, taken: number[], markerId: string): string {
  return `<path class="initial-arrow collapsed" data-transitions="${taken.join(' ')}" d="${pathData(edge)}" marker-end="url(#${markerId})"/>`
}

/**
 * One view of the machine (its whole, the overview of its parts, or a part) as an SVG element
 * (a string), the same for the same machine. `key` tells the views of a machine apart, and
 * `partOf` names where a state is drawn whole (for the dashed boxes of states outside a part).
 * A view wider than a phone shows is also laid out narrow, as a second SVG (class `narrow`) the
 * atlas shows instead at a phone's width, or in any frame too narrow for the wide one, when it is
 * narrower: drawn wide only, 82 of the 94 diagrams scrolled sideways on a 390 px phone.
 */
export async function machineSvg(
  entry: MachineEntry,
  model: MachineModel,
  view: View,
  key: string,
  partOf: (state: string) => string = () => '',
): Promise<string> {
  const wide = await drawnSvg(entry, model, view, key, partOf, 'wide')
  if (wide.width <= phoneWidth) return wide.svg
  const narrow = await drawnSvg(entry, model, view, key, partOf, 'narrow')
  if (narrow.width >= wide.width) return wide.svg
  return [wide.svg.replace('class="diagram"', 'class="diagram has-narrow"'), narrow.svg].join('\n')
}

async function drawnSvg(
  entry: MachineEntry,
  model: MachineModel,
  view: View,
  key: string,
  partOf: (state: string) => string,
  drawn: Layout,
): Promise<{ svg: string; width: number }> {
  const { graph, extras, collapsed, shared } = buildGraph(entry, model, view, partOf, drawn)
  const laidOut = await layout(graph)
  const nodes = collectNodes(laidOut, new Map())
  const markerId = `arrow-${model.id}${key ? `-${key}` : ''}${drawn === 'wide' ? '' : '-narrow'}`
  const states = model.states
    .map((state) => {
      const box = nodes.get(nodeId(state.id))
      return box ? stateSvg(model, state, box, drawn) : ''
    })
    .join('\n')
  const extraBoxes = [...extras]
    .map(([id, extra]) => {
      const box = nodes.get(id)
      return box ? extraSvg(extra, box, model, drawn) : ''
    })
    .join('\n')
  const initials = [...nodes.values()]
    .filter((node) => node.id.startsWith('i:'))
    .map(
      (node) =>
        `<circle class="initial" cx="${round((node.x ?? 0) + 6)}" cy="${round((node.y ?? 0) + 6)}" r="6"/>`,
    )
    .join('\n')
  const laidEdges = collectEdges(laidOut, [])
  const edges = joinedLabels(drawn === 'narrow' ? laidEdges.map(turnedBack) : laidEdges, nodes)
    .map((edge) => {
      const taken = collapsed.get(edge.id)
      return taken
        ? collapsedSvg(edge, taken, markerId)
        : edgeSvg(model, edge, markerId, shared.get(edge.id))
    })
    .join('\n')
  const width = Math.ceil(laidOut.width ?? 0)
  const height = Math.ceil(laidOut.height ?? 0)
  const svg = [
    `<svg xmlns="http://www.w3.org/2000/svg" class="${drawn === 'wide' ? 'diagram' : 'diagram narrow'}" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}" font-size="${fontSize}">`,
    `<defs><marker id="${markerId}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="9" markerHeight="9" markerUnits="userSpaceOnUse" orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 z"/></marker></defs>`,
    states,
    extraBoxes,
    initials,
    edges,
    '</svg>',
  ].join('\n')
  return { svg, width }
}
