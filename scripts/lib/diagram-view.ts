import type { AnyStateNode } from 'xstate'
import type { MachineEntry } from '../../machines/shared/machine-entry'
import { listStateNodes, nodePath } from './machine-graph'
import type { MachineModel, TransitionModel } from './machine-model'

/**
 * What one diagram of a machine shows, whoever draws it (the Markdown's Mermaid, the atlas's
 * SVG): the whole machine; the overview, each part collapsed into one box; or one part, its
 * states drawn whole and the states its arrows lead to or come from as dashed boxes, so a large
 * machine is read a part at a time at a readable size.
 */

/** Mermaid ids: the state's path, prefixed so no id collides with a Mermaid keyword. */
export function mermaidId(node: AnyStateNode): string {
  return `s_${node.path.join('__')}`
}

export function isInside(node: AnyStateNode, ancestor: AnyStateNode): boolean {
  return (
    node.path.length > ancestor.path.length &&
    ancestor.path.every((key, index) => node.path[index] === key)
  )
}

/**
 * The closest state holding both ends of an arrow ('' is the top level): Mermaid draws an edge
 * between states of one composite only inside that composite's block, and ELK lays it out there.
 */
export function blockOf(source: readonly string[], target: readonly string[]): string {
  const common: string[] = []
  for (let index = 0; index < Math.min(source.length, target.length); index++) {
    if (source[index] !== target[index]) break
    common.push(source[index] as string)
  }
  const isEnd = common.length === source.length || common.length === target.length
  return (isEnd ? common.slice(0, -1) : common).join('.')
}

/**
 * A part of a large machine drawn on its own: states drawn whole (siblings: top-level states,
 * or one region of a parallel state), named by `title`. Declared in the machine's samples
 * (`diagramParts`).
 */
export type DiagramPart = { title: string; nodes: AnyStateNode[] }

/**
 * Whether a part's title is the list of its states (mine's bonus): its box in the overview then
 * shows the title alone, not the same words twice.
 */
export function isTitledByStates(part: DiagramPart): boolean {
  return part.nodes.map((node) => node.key).join(', ') === part.title
}

/** The parts a machine's samples declare, their state paths resolved; throws on a wrong one. */
export function diagramParts(entry: MachineEntry): DiagramPart[] {
  const nodes = new Map(listStateNodes(entry.machine).map((node) => [nodePath(node), node]))
  return Object.entries(entry.diagramParts ?? {}).map(([title, paths]) => {
    const found = paths.map((statePath) => {
      const node = nodes.get(statePath)
      if (!node) throw new Error(`${entry.id}: diagram part ${title} names no state ${statePath}`)
      return node
    })
    if (new Set(found.map((node) => node.parent)).size !== 1) {
      throw new Error(`${entry.id}: the states of diagram part ${title} are not siblings`)
    }
    return { title, nodes: found }
  })
}

export type View =
  | { kind: 'whole' }
  | { kind: 'overview'; parts: DiagramPart[] }
  | { kind: 'part'; part: DiagramPart }

export const holds = (nodes: AnyStateNode[], node: AnyStateNode) =>
  nodes.some((own) => own === node || isInside(node, own))

/**
 * A part made of one compound state is drawn unwrapped: its children at the top level, and the
 * state itself as a box standing for "any of its states" (Mermaid garbles the labels of arrows
 * that leave or reach a composite box from outside it).
 */
export function unwrapped(view: View): AnyStateNode | null {
  if (view.kind !== 'part' || view.part.nodes.length !== 1) return null
  const [node] = view.part.nodes
  return node && node.type === 'compound' ? node : null
}

/**
 * Where a state, or an end of an arrow, is drawn: the state's own box; a part's box
 * (overview, id `p_<index>`); a state outside the part, as a dashed stub (`top: 'stub'`), or the
 * unwrapped part's own box (`top: 'box'`), both at the top level. `path` places the box.
 */
export type End = { id: string; path: readonly string[]; top?: 'stub' | 'box' }

export function endOf(view: View, node: AnyStateNode): End {
  const own = { id: mermaidId(node), path: node.path }
  if (view.kind === 'overview') {
    const index = view.parts.findIndex((part) => holds(part.nodes, node))
    const part = view.parts[index]
    if (!part) return own
    // The box stands among the part's states' siblings, in their parent's block.
    return { id: `p_${index}`, path: [...(part.nodes[0]?.path.slice(0, -1) ?? []), `p_${index}`] }
  }
  if (view.kind === 'part' && !holds(view.part.nodes, node)) {
    return { id: `o_${node.path.join('__')}`, path: [], top: 'stub' }
  }
  if (node === unwrapped(view)) return { id: `a_${node.path.join('__')}`, path: [], top: 'box' }
  return own
}

/** One transition's arrow in a view, between the boxes its ends are drawn as. */
export type ViewArrow = {
  /** The transition's index in the model. */
  index: number
  transition: TransitionModel
  source: AnyStateNode
  target: AnyStateNode
  from: End
  to: End
  /** To or from a part's box: it only says that the parts connect, its part's diagram says how. */
  collapsed: boolean
}

/**
 * The arrows a view draws: one per transition and target, a transition with no target looping
 * on its state. Left out: transitions the machine takes in any state, those a state takes into
 * its own children (both listed apart), arrows inside one box of the overview, and arrows
 * between two states outside the part.
 */
export function viewArrows(entry: MachineEntry, model: MachineModel, view: View): ViewArrow[] {
  const nodes = new Map(listStateNodes(entry.machine).map((node) => [nodePath(node), node]))
  const arrows: ViewArrow[] = []
  model.transitions.forEach((transition, index) => {
    const source = nodes.get(transition.source)
    if (!source) return
    const targets = transition.targets.length > 0 ? transition.targets : [transition.source]
    for (const targetPath of targets) {
      const target = nodes.get(targetPath)
      if (!target || isInside(target, source)) continue
      const from = endOf(view, source)
      const to = endOf(view, target)
      const withinBox = from.id === to.id && from.id.startsWith('p_')
      if (withinBox || (from.top === 'stub' && to.top === 'stub')) continue
      const collapsed = from.id.startsWith('p_') || to.id.startsWith('p_')
      arrows.push({ index, transition, source, target, from, to, collapsed })
    }
  })
  return arrows
}

/**
 * Whether a view is a fan-out best drawn left to right: one box with arrows to five boxes or
 * more, each of which leads nowhere but back to it. Drawn top to bottom, those boxes and their
 * labels stand side by side in one row (music-link's access part, 1,187 px wide); left to right
 * they stand in one column. Where the fan-out's boxes lead on (a chain after it), a column per
 * step makes the diagram wider instead.
 */
export function isFanOut(arrows: readonly ViewArrow[]): boolean {
  const targets = new Map<string, Set<string>>()
  for (const { from, to } of arrows) {
    if (from.id !== to.id) targets.set(from.id, (targets.get(from.id) ?? new Set()).add(to.id))
  }
  return [...targets].some(
    ([hub, ends]) =>
      ends.size >= 5 &&
      [...ends].every((end) => [...(targets.get(end) ?? [])].every((next) => next === hub)),
  )
}
