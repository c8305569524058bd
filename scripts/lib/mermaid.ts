import type { AnyStateNode } from 'xstate'
import type { MachineEntry } from '../../machines/shared/machine-entry'
import {
  blockOf,
  type DiagramPart,
  type End,
  endOf,
  holds,
  isFanOut,
  isInside,
  isTitledByStates,
  mermaidId,
  unwrapped,
  type View,
  type ViewArrow,
  viewArrows,
} from './diagram-view'
import { listStateNodes, nodePath, rootSource } from './machine-graph'
import { moneyLabel } from './machine-meta'
import type { MachineModel, TransitionModel } from './machine-model'
import { playerWordsOf, quotedWords } from './player-words'

/** Mermaid label text cannot hold some characters; plain words never need them. */
function mermaidText(text: string): string {
  return text
    .replace(/[:;#"]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * A transition's label, as statecharts write it: `event [guard] / effects and money`, e.g.
 * `logOut fails [hasAgreedTerms] / toast.show` or `claim answers / +gems`.
 */
export function transitionLabel(transition: TransitionModel): string {
  const guard = transition.guard ? ` [${transition.guard}]` : ''
  const outcomes = [...transition.effects, ...transition.money.map(moneyLabel)]
  return `${transition.event}${guard}${outcomes.length > 0 ? ` / ${outcomes.join(', ')}` : ''}`
}

/**
 * The widest line of the player's words on an arrow, in characters: about as wide as the event
 * and guard lines beside it, so the words make a label taller, not the diagram wider.
 */
const wordsLineWidth = 18

/**
 * An arrow's label in lines (event, the player's words, guard, what it causes): on one line, the
 * labels of a large machine made its diagram twice as wide as the docs.
 */
function edgeText(transition: TransitionModel, words: string | null): string {
  const said = words ? `<br>${quotedWords(words, wordsLineWidth, mermaidText).join('<br>')}` : ''
  const guard = transition.guard ? `<br>[${mermaidText(transition.guard)}]` : ''
  const outcomes = [...transition.effects, ...transition.money.map(moneyLabel)]
  const after = outcomes.length > 0 ? `<br>/ ${outcomes.map(mermaidText).join(',<br>')}` : ''
  return `${mermaidText(transition.event)}${said}${guard}${after}`
}

/**
 * Transitions the diagram cannot draw as arrows: those the machine takes in any state, and
 * those a compound state takes into its own children. Listed under the diagram.
 */
export function undrawnTransitions(entry: MachineEntry, model: MachineModel): TransitionModel[] {
  const nodes = new Map(listStateNodes(entry.machine).map((node) => [nodePath(node), node]))
  return model.transitions.filter((transition) => {
    if (transition.source === rootSource) return true
    const source = nodes.get(transition.source)
    const target = nodes.get(transition.targets[0] ?? '')
    return source !== undefined && target !== undefined && isInside(target, source)
  })
}

type EdgesByBlock = Map<string, string[]>

/**
 * One arrow per pair of boxes, its label listing every transition between them: drawn one
 * arrow each, resource's five events from `loaded` back to `loading` laid out side by side made
 * its diagram three times the docs' width.
 */
function mergedArrows(arrows: Map<string, { block: string; ends: string; labels: string[] }>) {
  const edges: EdgesByBlock = new Map()
  for (const { block, ends, labels } of arrows.values()) {
    const edge = labels.length === 0 ? ends : `${ends} : ${labels.join('<br>')}`
    edges.set(block, [...(edges.get(block) ?? []), edge])
  }
  return edges
}

/**
 * Whether an arrow leaves or enters a composite box below the block holding both its ends. An
 * overview's such arrow to or from a part's box is declared at the top level: in that block,
 * Mermaid drew the box outside its composite (mine's overview, the part of mining's states beside
 * an empty mining box). Arrows between states keep their block: at the top level, live's
 * backingOff and offline labels overlapped.
 */
function crossesBorder(source: readonly string[], target: readonly string[]): boolean {
  const block = blockOf(source, target)
  const depth = block === '' ? 0 : block.split('.').length
  return source.length > depth + 1 || target.length > depth + 1
}

/** Whether a state is drawn as a composite box holding its children (not a part's box). */
const isComposite = (node: AnyStateNode, end: End) =>
  end.id === mermaidId(node) && Object.keys(node.states).length > 0

/** The state a compound state enters first, down to a simple one (or the state itself). */
function enteredState(node: AnyStateNode): AnyStateNode {
  let entered = node
  while (entered.type === 'compound' && typeof entered.config.initial === 'string') {
    const next = entered.states[entered.config.initial]
    if (!next) break
    entered = next
  }
  return entered
}

/** The id of the box standing for "any state of" a composite, drawn inside it. */
const anyStateId = (node: AnyStateNode) => `a_${node.path.join('__')}`

/**
 * The composite boxes joined by labelled arrows both ways to a box declared after them, with the
 * ids of those boxes (video-mission's playing and restarting). Mermaid lays an arrow to or from a
 * composite out from a point inside it (its first child) and cuts it at the border: reached from
 * there first, the other box is ranked among the composite's own rows, beside its border, both
 * arrows are the same short stretch, and Mermaid puts both labels halfway along it, one on the
 * other. A box declared before the composite (loading-bar's idle above busy) is ranked above it
 * and its arrows stay apart. Arrows to or from a part's box carry no label; stubs are declared
 * last.
 */
function twoWayComposites(arrows: readonly ViewArrow[]): Map<string, Set<string>> {
  const labelled = arrows.filter((arrow) => !arrow.collapsed)
  const ends = new Set(labelled.map(({ from, to }) => `${from.id} ${to.id}`))
  const found = new Map<string, Set<string>>()
  for (const { source, target, from, to } of labelled) {
    const declaredAfter = to.top === 'stub' || target.order > source.order
    if (
      isComposite(source, from) &&
      from.id !== to.id &&
      declaredAfter &&
      ends.has(`${to.id} ${from.id}`)
    ) {
      found.set(from.id, (found.get(from.id) ?? new Set()).add(to.id))
    }
  }
  return found
}

/**
 * Where an arrow is drawn where Mermaid, cutting it at a composite's border, would lay its label on
 * another:
 *  - from one composite box to another, it ends on the box of the state the target enters first
 *    (Mermaid put its label where another arrow into the same composite has its own: session's
 *    overview, `session.expired` from authenticated over `fetchSession answers` into anonymous);
 *  - between a composite and a box it has arrows both ways with (`twoWayComposites`), the
 *    composite's arrows leave from its "any state of" box and those into it end on the state it
 *    enters.
 */
function drawnEnds(
  view: View,
  arrow: ViewArrow,
  twoWay: Map<string, Set<string>>,
): { from: End; to: End } {
  const { source, target, from, to } = arrow
  const sourceTwoWay = twoWay.get(from.id)?.has(to.id) === true
  const targetTwoWay = twoWay.get(to.id)?.has(from.id) === true
  const drawnFrom = sourceTwoWay
    ? { id: anyStateId(source), path: [...source.path, anyStateId(source)] }
    : from
  const intoComposite =
    isComposite(target, to) &&
    (targetTwoWay || isComposite(source, from)) &&
    source !== target &&
    !isInside(source, target)
  const entered = intoComposite ? enteredState(target) : target
  return { from: drawnFrom, to: entered === target ? to : endOf(view, entered) }
}

function collectEdges(
  entry: MachineEntry,
  model: MachineModel,
  view: View,
): {
  edges: EdgesByBlock
  stubs: Map<string, AnyStateNode>
  loops: Map<string, string[]>
  anyStates: Set<AnyStateNode>
} {
  const wordsOf = playerWordsOf(entry.id, model.transitions)
  const arrows = new Map<string, { block: string; ends: string; labels: string[] }>()
  const stubs = new Map<string, AnyStateNode>()
  const loops = new Map<string, string[]>()
  const anyStates = new Set<AnyStateNode>()
  const drawn = viewArrows(entry, model, view)
  const twoWay = twoWayComposites(drawn)
  for (const viewArrow of drawn) {
    const { transition, source, target, collapsed } = viewArrow
    const { from, to } = drawnEnds(view, viewArrow, twoWay)
    if (from.id !== viewArrow.from.id) anyStates.add(source)
    // A simple state's transitions to itself are written in its box (as the atlas does): Mermaid
    // draws such a loop just below the state, its label over those of the state's other arrows
    // (reactivation's required: code.change over code.submit [isWellFormedCode]).
    if (from.id === to.id && from.id === mermaidId(source) && source.type === 'atomic') {
      const label = edgeText(transition, wordsOf(transition))
      const list = loops.get(from.id) ?? []
      if (!list.includes(label)) loops.set(from.id, [...list, label])
      continue
    }
    const stubbed = from.top !== undefined || to.top !== undefined
    if (from.top === 'stub') stubs.set(from.id, source)
    if (to.top === 'stub') stubs.set(to.id, target)
    const ends = `${from.id} --> ${to.id}`
    const arrow = arrows.get(ends) ?? {
      block:
        stubbed || (collapsed && crossesBorder(from.path, to.path))
          ? ''
          : blockOf(from.path, to.path),
      ends,
      labels: [],
    }
    arrows.set(ends, arrow)
    // Arrows to or from a part's box only say that the parts connect: its diagram says how.
    const label = collapsed ? null : edgeText(transition, wordsOf(transition))
    if (label !== null && !arrow.labels.includes(label)) arrow.labels.push(label)
  }
  return { edges: mergedArrows(arrows), stubs, loops, anyStates }
}

/** What every function drawing one diagram shares: its lines so far, its arrows and its view. */
type Drawing = {
  lines: string[]
  edges: EdgesByBlock
  model: MachineModel
  view: View
  /** The transitions of a simple state to itself, by its id: written in its box. */
  loops: Map<string, string[]>
  /** The root's regions drawn one under the other (see `diagram`). */
  stacked: boolean
  /** The composites whose arrows leave from an "any state of" box inside them (`drawnEnds`). */
  anyStates: Set<AnyStateNode>
}

/** One state: a box, or a composite box holding its children. */
function drawState(child: AnyStateNode, indent: string, drawing: Drawing): void {
  const { lines, model } = drawing
  const id = mermaidId(child)
  const grandChildren = Object.values(child.states) as AnyStateNode[]
  if (grandChildren.length === 0) {
    lines.push(`${indent}state "${mermaidText(child.key)}" as ${id}`)
  } else {
    lines.push(`${indent}state "${mermaidText(child.key)}" as ${id} {`)
    // Inside a stack of regions (below), each region's states still flow downwards.
    if (drawing.stacked) lines.push(`${indent}  direction TB`)
    if (drawing.anyStates.has(child)) {
      lines.push(
        `${indent}  state "any state of ${mermaidText(child.key)}" as ${anyStateId(child)}`,
      )
    }
    diagramChildren(child, `${indent}  `, drawing)
    lines.push(`${indent}}`)
  }
  // What the state causes outside the machine on entry or exit, written inside its box.
  const effects = model.states.find((state) => state.id === nodePath(child))?.effects ?? []
  if (effects.length > 0 && grandChildren.length === 0) {
    lines.push(`${indent}${id} : emits ${mermaidText(effects.join(', '))}`)
  }
  for (const label of drawing.loops.get(id) ?? []) lines.push(`${indent}${id} : ↻ ${label}`)
  if (child.type === 'final') lines.push(`${indent}${id} --> [*]`)
}

function diagramStates(node: AnyStateNode, indent: string, drawing: Drawing): void {
  const { lines, view } = drawing
  const children = Object.values(node.states) as AnyStateNode[]
  const drawn = new Set<number>()
  children.forEach((child, index) => {
    const partIndex =
      view.kind === 'overview' ? view.parts.findIndex((part) => part.nodes.includes(child)) : -1
    const part = view.kind === 'overview' ? view.parts[partIndex] : undefined
    if (part) {
      // A part's states are drawn as one box, where its first state stands.
      if (drawn.has(partIndex)) return
      drawn.add(partIndex)
      const id = `p_${partIndex}`
      lines.push(`${indent}state "${lineBroken(part.title.split(' '), ' ')}" as ${id}`)
      const held = lineBroken(
        part.nodes.map((inner) => inner.key),
        ', ',
      )
      if (!isTitledByStates(part)) lines.push(`${indent}${id} : ${held}`)
    } else {
      drawState(child, indent, drawing)
    }
    if (node.type === 'parallel' && !drawing.stacked && index < children.length - 1) {
      lines.push(`${indent}--`)
    }
  })
}

function initialMarker(node: AnyStateNode, indent: string, view: View): string[] {
  if (node.type === 'parallel') return []
  const initial = node.config.initial
  const initialNode = typeof initial === 'string' ? node.states[initial] : undefined
  if (!initialNode) return []
  const end = endOf(view, initialNode)
  return end.top === 'stub' ? [] : [`${indent}[*] --> ${end.id}`]
}

function diagramChildren(node: AnyStateNode, indent: string, drawing: Drawing): void {
  const { lines, edges, view } = drawing
  lines.push(...initialMarker(node, indent, view))
  diagramStates(node, indent, drawing)
  if (node.type !== 'parallel') {
    for (const edge of edges.get(nodePath(node)) ?? []) lines.push(`${indent}${edge}`)
  }
}

/**
 * Items joined by `separator`, broken after a separator into lines of at most `wordsLineWidth`
 * characters where they are longer: a dashed box's path (`ready.backpack.` over `collecting`),
 * the states an overview's box for a part holds.
 */
function lineBroken(items: string[], separator: string): string {
  const lines: string[] = []
  for (const item of items.map(mermaidText)) {
    const last = lines.at(-1)
    if (last !== undefined && last.length + separator.length + item.length <= wordsLineWidth) {
      lines[lines.length - 1] = `${last}${separator}${item}`
    } else lines.push(item)
  }
  return lines.join(`${separator.trimEnd()}<br>`)
}

const styles = [
  // The overview's boxes that stand for a part, and a part's boxes for the states of others.
  '  classDef part fill:#fff8c5,stroke:#9a6700,font-weight:bold',
  '  classDef outside fill:#ffffff,stroke:#8c959f,stroke-dasharray:4 3,color:#57606a',
]

/** The "any state of" boxes are drawn as an overview draws a part's box: they stand for several. */
function anyStateClass(anyStates: Set<AnyStateNode>): string[] {
  return anyStates.size === 0 ? [] : [`  class ${[...anyStates].map(anyStateId).join(', ')} part`]
}

/** The machine, or one view of it, as a Mermaid state diagram. */
function diagram(entry: MachineEntry, model: MachineModel, view: View): string {
  const { machine } = entry
  const { edges, stubs, loops, anyStates } = collectEdges(entry, model, view)
  const lines = ['stateDiagram-v2']
  if (view.kind === 'part' && isFanOut(viewArrows(entry, model, view))) {
    lines.push('  direction LR')
  }
  // Mermaid lays parallel regions side by side: ui's seven collapsed regions made an overview
  // 1,600 px wide. Regions share no arrow, so the overview stacks them (`direction LR` puts
  // boxes with no arrow between them in one column).
  const stacked = view.kind === 'overview' && machine.root.type === 'parallel'
  const drawing: Drawing = { lines, edges, loops, model, view, stacked, anyStates }
  if (view.kind !== 'whole' || anyStates.size > 0) lines.push(...styles)
  if (view.kind === 'part') {
    const { nodes } = view.part
    const parent = nodes[0]?.parent
    const whole = unwrapped(view)
    if (whole) {
      const box = anyStateId(whole)
      lines.push(
        `  state "any state of ${mermaidText(whole.key)}" as ${box}`,
        `  class ${box} part`,
      )
      diagramChildren(whole, '  ', drawing)
    } else {
      // Where the part holds its parent's initial state, the diagram says so.
      if (parent) lines.push(...initialMarker(parent, '  ', view))
      for (const node of nodes) drawState(node, '  ', drawing)
    }
    for (const [id, node] of stubs) {
      lines.push(`  state "${lineBroken(nodePath(node).split('.'), '.')}" as ${id}`)
    }
    if (stubs.size > 0) lines.push(`  class ${[...stubs.keys()].join(', ')} outside`)
    // Arrows between the part's states whose common block lies above them go at the top.
    const inside = new Set(
      listStateNodes(machine)
        .filter((node) => holds(nodes, node))
        .map(nodePath),
    )
    for (const [block, list] of edges) {
      if (!inside.has(block)) for (const edge of list) lines.push(`  ${edge}`)
    }
    lines.push(...anyStateClass(anyStates))
    return lines.join('\n')
  }
  if (stacked) {
    lines.push('  direction LR')
    diagramStates(machine.root, '  ', drawing)
    for (const edge of edges.get('') ?? []) lines.push(`  ${edge}`)
  } else if (machine.root.type === 'parallel') {
    // Mermaid draws parallel regions only inside a composite state.
    lines.push(`  state "${mermaidText(entry.id)} (independent regions)" as s_machine {`)
    diagramStates(machine.root, '    ', drawing)
    lines.push('  }')
    for (const edge of edges.get('') ?? []) lines.push(`  ${edge}`)
  } else {
    diagramChildren(machine.root, '  ', drawing)
  }
  if (view.kind === 'overview') {
    lines.push(`  class ${view.parts.map((_, index) => `p_${index}`).join(', ')} part`)
  }
  lines.push(...anyStateClass(anyStates))
  return lines.join('\n')
}

/** The machine as a Mermaid state diagram: compound states nested, parallel regions split. */
export function mermaidDiagram(entry: MachineEntry, model: MachineModel): string {
  return diagram(entry, model, { kind: 'whole' })
}

/** A large machine's overview: each part of `parts` one box, arrows naming only their events. */
export function mermaidOverview(
  entry: MachineEntry,
  model: MachineModel,
  parts: DiagramPart[],
): string {
  return diagram(entry, model, { kind: 'overview', parts })
}

/** One part of a large machine, with the states of other parts it links to as dashed boxes. */
export function mermaidPart(entry: MachineEntry, model: MachineModel, part: DiagramPart): string {
  return diagram(entry, model, { kind: 'part', part })
}
