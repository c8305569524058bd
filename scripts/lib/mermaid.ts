import type { AnyStateNode } from 'xstate'
import type { MachineEntry } from '../../machines/shared/machine-entry'
import { listStateNodes, nodePath, rootSource } from './machine-graph'
import { moneyLabel } from './machine-meta'
import type { MachineModel, TransitionModel } from './machine-model'

/** Mermaid ids: the state's path, prefixed so no id collides with a Mermaid keyword. */
function mermaidId(node: AnyStateNode): string {
  return `s_${node.path.join('__')}`
}

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

function isInside(node: AnyStateNode, ancestor: AnyStateNode): boolean {
  return (
    node.path.length > ancestor.path.length &&
    ancestor.path.every((key, index) => node.path[index] === key)
  )
}

/**
 * Mermaid draws an edge between states of one composite only inside that composite's block, so
 * each edge goes in the block of the closest state holding both ends ('' is the top level).
 */
function blockOf(source: AnyStateNode, target: AnyStateNode): string {
  const common: string[] = []
  for (let index = 0; index < Math.min(source.path.length, target.path.length); index++) {
    if (source.path[index] !== target.path[index]) break
    common.push(source.path[index] as string)
  }
  const isEnd = common.length === source.path.length || common.length === target.path.length
  return (isEnd ? common.slice(0, -1) : common).join('.')
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

function collectEdges(entry: MachineEntry, model: MachineModel): EdgesByBlock {
  const edges: EdgesByBlock = new Map()
  const nodes = new Map(listStateNodes(entry.machine).map((node) => [nodePath(node), node]))
  for (const transition of model.transitions) {
    const source = nodes.get(transition.source)
    if (!source) continue
    const targets = transition.targets.length > 0 ? transition.targets : [transition.source]
    for (const target of targets) {
      const targetNode = nodes.get(target)
      // A state entering its own child is listed under the diagram: Mermaid draws it badly.
      if (!targetNode || isInside(targetNode, source)) continue
      const block = blockOf(source, targetNode)
      const list = edges.get(block) ?? []
      list.push(
        `${mermaidId(source)} --> ${mermaidId(targetNode)} : ${mermaidText(transitionLabel(transition))}`,
      )
      edges.set(block, list)
    }
  }
  return edges
}

function diagramStates(
  node: AnyStateNode,
  indent: string,
  lines: string[],
  edges: EdgesByBlock,
  model: MachineModel,
): void {
  const children = Object.values(node.states) as AnyStateNode[]
  children.forEach((child, index) => {
    const id = mermaidId(child)
    const grandChildren = Object.values(child.states) as AnyStateNode[]
    if (grandChildren.length === 0) {
      lines.push(`${indent}state "${mermaidText(child.key)}" as ${id}`)
    } else {
      lines.push(`${indent}state "${mermaidText(child.key)}" as ${id} {`)
      diagramChildren(child, `${indent}  `, lines, edges, model)
      lines.push(`${indent}}`)
    }
    // What the state causes outside the machine on entry or exit, written inside its box.
    const effects = model.states.find((state) => state.id === nodePath(child))?.effects ?? []
    if (effects.length > 0 && grandChildren.length === 0) {
      lines.push(`${indent}${id} : emits ${mermaidText(effects.join(', '))}`)
    }
    if (child.type === 'final') lines.push(`${indent}${id} --> [*]`)
    if (node.type === 'parallel' && index < children.length - 1) lines.push(`${indent}--`)
  })
}

function diagramChildren(
  node: AnyStateNode,
  indent: string,
  lines: string[],
  edges: EdgesByBlock,
  model: MachineModel,
): void {
  if (node.type !== 'parallel') {
    const initial = node.config.initial
    const initialNode = typeof initial === 'string' ? node.states[initial] : undefined
    if (initialNode) lines.push(`${indent}[*] --> ${mermaidId(initialNode)}`)
  }
  diagramStates(node, indent, lines, edges, model)
  if (node.type !== 'parallel') {
    for (const edge of edges.get(nodePath(node)) ?? []) lines.push(`${indent}${edge}`)
  }
}

/** The machine as a Mermaid state diagram: compound states nested, parallel regions split. */
export function mermaidDiagram(entry: MachineEntry, model: MachineModel): string {
  const { machine } = entry
  const edges = collectEdges(entry, model)
  const lines = ['stateDiagram-v2']
  if (machine.root.type === 'parallel') {
    // Mermaid draws parallel regions only inside a composite state.
    lines.push(`  state "${mermaidText(entry.id)} (independent regions)" as s_machine {`)
    diagramStates(machine.root, '    ', lines, edges, model)
    lines.push('  }')
    for (const edge of edges.get('') ?? []) lines.push(`  ${edge}`)
  } else {
    diagramChildren(machine.root, '  ', lines, edges, model)
  }
  return lines.join('\n')
}
