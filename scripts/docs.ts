/**
 * Writes docs/machines/<id>.md for every registered machine (diagram, states, events, shortest
 * paths), docs/machines/README.md as the index, and docs/api.md from the API's OpenAPI document.
 * `--check` writes nothing and exits 1 listing the files that differ, so `npm test` fails on
 * stale docs.
 */
import { mkdir, readFile, readdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { format, resolveConfig } from 'prettier'
import type { AnyStateNode } from 'xstate'
import { machines } from '../machines/index'
import type { MachineEntry } from '../machines/shared/machine-entry'
import { renderApiReference, servedApiDocument } from './lib/api-reference'
import {
  describeEventType,
  listStateNodes,
  listTransitions,
  nodePath,
  shortestPaths,
  stateChangeLabel,
  stateLabel,
  transitionKeysOf,
} from './lib/machine-graph'
import type { MachinePath, TransitionInfo } from './lib/machine-graph'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const outDir = path.join(root, 'docs', 'machines')

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

function cell(text: string): string {
  return text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
}

function transitionLabel(entry: MachineEntry, transition: TransitionInfo): string {
  const event = describeEventType(entry, transition.eventType)
  return transition.guard ? `${event} [${transition.guard}]` : event
}

/** Edges grouped by the state block they are drawn in ('' is the top level). */
type EdgesByBlock = Map<string, string[]>

/**
 * Mermaid draws an edge between states of one composite only inside that composite's block, so
 * each edge goes in the block of the closest state holding both ends.
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

function isInside(node: AnyStateNode, ancestor: AnyStateNode): boolean {
  return (
    node.path.length > ancestor.path.length &&
    ancestor.path.every((key, index) => node.path[index] === key)
  )
}

/** Transitions a compound state takes into its own children, from whichever child is active. */
function inwardTransitions(entry: MachineEntry): string {
  const nodes = new Map(listStateNodes(entry.machine).map((node) => [nodePath(node), node]))
  const lines: string[] = []
  for (const transition of listTransitions(entry.machine)) {
    const guard = transition.guard ? ` [${transition.guard}]` : ''
    if (transition.source === '(machine)') {
      lines.push(
        `- In any state, **${describeEventType(entry, transition.eventType)}**${guard} (the state stays): ${transition.description}`,
      )
      continue
    }
    const source = nodes.get(transition.source)
    const target = nodes.get(transition.targets[0] ?? '')
    if (!source || !target || !isInside(target, source)) continue
    lines.push(
      `- From any state of \`${transition.source}\`, **${describeEventType(entry, transition.eventType)}**${guard} → \`${transition.targets.join(', ')}\`: ${transition.description}`,
    )
  }
  return lines.length === 0 ? '' : `Not drawn above:\n\n${lines.join('\n')}\n`
}

function collectEdges(entry: MachineEntry): EdgesByBlock {
  const { machine } = entry
  const edges: EdgesByBlock = new Map()
  const nodes = new Map(listStateNodes(machine).map((node) => [nodePath(node), node]))
  for (const transition of listTransitions(machine)) {
    const source = nodes.get(transition.source)
    if (!source) continue
    const targets = transition.targets.length > 0 ? transition.targets : [transition.source]
    for (const target of targets) {
      const targetNode = nodes.get(target)
      // A state entering its own child is listed under the diagram: Mermaid draws it badly.
      if (!targetNode || isInside(targetNode, source)) continue
      const block = blockOf(source, targetNode)
      const label = mermaidText(transitionLabel(entry, transition))
      const list = edges.get(block) ?? []
      list.push(`${mermaidId(source)} --> ${mermaidId(targetNode)} : ${label}`)
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
): void {
  const children = Object.values(node.states) as AnyStateNode[]
  children.forEach((child, index) => {
    const id = mermaidId(child)
    const grandChildren = Object.values(child.states) as AnyStateNode[]
    if (grandChildren.length === 0) {
      lines.push(`${indent}state "${mermaidText(child.key)}" as ${id}`)
    } else {
      lines.push(`${indent}state "${mermaidText(child.key)}" as ${id} {`)
      diagramChildren(child, `${indent}  `, lines, edges)
      lines.push(`${indent}}`)
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
): void {
  if (node.type !== 'parallel') {
    const initial = node.config.initial
    const initialNode = typeof initial === 'string' ? node.states[initial] : undefined
    if (initialNode) lines.push(`${indent}[*] --> ${mermaidId(initialNode)}`)
  }
  diagramStates(node, indent, lines, edges)
  if (node.type !== 'parallel') {
    for (const edge of edges.get(nodePath(node)) ?? []) lines.push(`${indent}${edge}`)
  }
}

function diagram(entry: MachineEntry): string {
  const { machine } = entry
  const edges = collectEdges(entry)
  const lines = ['stateDiagram-v2']
  if (machine.root.type === 'parallel') {
    // Mermaid draws parallel regions only inside a composite state.
    lines.push(`  state "${mermaidText(entry.id)} (independent regions)" as s_machine {`)
    diagramStates(machine.root, '    ', lines, edges)
    lines.push('  }')
    for (const edge of edges.get('') ?? []) lines.push(`  ${edge}`)
  } else {
    diagramChildren(machine.root, '  ', lines, edges)
  }
  return lines.join('\n')
}

function statesTable(entry: MachineEntry): string {
  const rows = listStateNodes(entry.machine).map((node) => {
    const kind =
      node.type === 'final'
        ? 'final'
        : node.type === 'parallel'
          ? 'parallel'
          : Object.keys(node.states).length > 0
            ? 'compound'
            : node.parent?.type === 'parallel'
              ? 'region'
              : ''
    const initial =
      node.parent && node.parent.type !== 'parallel' && node.parent.config.initial === node.key
        ? 'initial'
        : ''
    const notes = [initial, kind].filter(Boolean).join(', ')
    return `| \`${nodePath(node)}\` | ${notes} | ${cell(node.description ?? '')} |`
  })
  return ['| State | Kind | Description |', '| --- | --- | --- |', ...rows].join('\n')
}

function eventsTable(entry: MachineEntry): string {
  const rows = listTransitions(entry.machine).map((transition) => {
    const to = transition.targets.length > 0 ? transition.targets.join(', ') : '(stays)'
    return `| ${cell(describeEventType(entry, transition.eventType))} | \`${transition.source}\` → \`${to}\` | ${transition.guard ? `\`${transition.guard}\`` : ''} | ${cell(transition.description)} |`
  })
  return ['| Event | From → to | Guard | Description |', '| --- | --- | --- | --- |', ...rows].join(
    '\n',
  )
}

/** How many parallel regions differ from the initial state (0 for other machines). */
function regionsAway(entry: MachineEntry, label: string): number {
  if (entry.machine.root.type !== 'parallel') return 0
  return label === 'the initial state' ? 0 : label.split(', ').length
}

/**
 * The shortest path to each distinct state (value), shortest first. For parallel machines only
 * states where at most two regions moved: regions are independent, pairs show how they meet.
 */
function documentedPaths(entry: MachineEntry): MachinePath[] {
  const byValue = new Map<string, MachinePath>()
  for (const candidate of shortestPaths(entry)) {
    const key = JSON.stringify(candidate.state.value)
    const known = byValue.get(key)
    if (!known || candidate.steps.length < known.steps.length) byValue.set(key, candidate)
  }
  return [...byValue.values()]
    .filter((candidate) => regionsAway(entry, stateChangeLabel(candidate.state)) <= 2)
    .sort((a, b) => a.steps.length - b.steps.length)
}

function pathSteps(entry: MachineEntry, machinePath: MachinePath): string {
  const descriptions = new Map(
    listTransitions(entry.machine).map((transition) => [transition.key, transition.description]),
  )
  const lines: string[] = []
  for (let index = 1; index < machinePath.steps.length; index++) {
    const before = machinePath.steps[index - 1]
    const step = machinePath.steps[index]
    if (!before || !step) continue
    const said = transitionKeysOf(entry.machine, before.state, step.event)
      .map((key) => descriptions.get(key) ?? '')
      .filter(Boolean)
      .join(' ')
    const event = describeEventType(entry, step.event.type)
    lines.push(`   ${index}. **${event}**: ${said} → \`${stateLabel(step.state)}\``)
  }
  return lines.join('\n')
}

function pathsSection(entry: MachineEntry): string {
  const paths = documentedPaths(entry)
  return paths
    .map((machinePath, index) => {
      const target = stateChangeLabel(machinePath.state)
      const heading = `${index + 1}. To reach \`${target}\``
      if (machinePath.steps.length <= 1) return `${heading}: it is where the machine starts.`
      return `${heading}:\n\n${pathSteps(entry, machinePath)}`
    })
    .join('\n\n')
}

function machineDoc(entry: MachineEntry): string {
  return [
    `# ${entry.id}`,
    '',
    '<!-- Generated by `npm run docs` from machines/. Do not edit by hand. -->',
    '',
    entry.description,
    '',
    '## Diagram',
    '',
    'Arrows are labelled with the event (or the actor answer, or the delay) and, in brackets, the guard that must hold.',
    '',
    '```mermaid',
    diagram(entry),
    '```',
    '',
    inwardTransitions(entry),
    '## States',
    '',
    statesTable(entry),
    '',
    '## Events',
    '',
    'Every transition, in the order the machine declares them. "answers" and "fails" are the outcomes of a call to the server or the browser; "after" is a timer.',
    '',
    eventsTable(entry),
    '',
    '## Shortest paths',
    '',
    'How to reach each state in the fewest steps. `npm run paths -- ' +
      entry.id +
      '` prints these and other paths for testers.',
    '',
    pathsSection(entry),
    '',
  ].join('\n')
}

function indexDoc(): string {
  const rows = machines.map((entry) => {
    const states = listStateNodes(entry.machine).length
    const transitions = listTransitions(entry.machine).length
    return `| [${entry.id}](./${entry.id}.md) | ${cell(entry.description)} | ${states} | ${transitions} |`
  })
  return [
    '# Machines',
    '',
    '<!-- Generated by `npm run docs` from machines/index.ts. Do not edit by hand. -->',
    '',
    'The behaviour of the app, one statechart each. Every page shows a diagram, the states and events with their descriptions, and the shortest way to reach each state.',
    '',
    '| Machine | What it models | States | Transitions |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n')
}

async function render(): Promise<Map<string, string>> {
  const config = (await resolveConfig(path.join(outDir, 'README.md'))) ?? {}
  const files = new Map<string, string>()
  const put = async (name: string, markdown: string) => {
    files.set(name, await format(markdown, { ...config, parser: 'markdown' }))
  }
  await put('README.md', indexDoc())
  for (const entry of machines) await put(`${entry.id}.md`, machineDoc(entry))
  const apiTemplate = await readFile(path.join(root, 'docs', 'api.template.md'), 'utf8')
  await put('../api.md', renderApiReference(await servedApiDocument(), apiTemplate))
  return files
}

async function readOrNull(file: string): Promise<string | null> {
  try {
    return await readFile(file, 'utf8')
  } catch {
    return null
  }
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check')
  const files = await render()
  if (check) {
    const stale: string[] = []
    for (const [name, content] of files) {
      if ((await readOrNull(path.join(outDir, name))) !== content) stale.push(name)
    }
    const existing = await readdir(outDir).catch(() => [] as string[])
    for (const name of existing) {
      if (name.endsWith('.md') && !files.has(name)) stale.push(`${name} (no such machine)`)
    }
    if (stale.length > 0) {
      console.error(
        `docs are stale; run \`npm run docs\`:\n${stale.map((n) => `  ${n}`).join('\n')}`,
      )
      process.exit(1)
    }
    console.info(`docs/machines and docs/api.md are up to date (${files.size} files).`)
    return
  }
  await mkdir(outDir, { recursive: true })
  for (const [name, content] of files) await writeFile(path.join(outDir, name), content)
  console.info(`Wrote ${files.size} files to docs/machines and docs/api.md.`)
}

await main()
