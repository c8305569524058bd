import { parseAst } from 'vite'
import type { Plugin } from 'vite'

/** A node of the ESTree that `parseAst` gives. */
export type Node = { type: string; start: number; end: number; [key: string]: unknown }

const machineFile = /[\\/]machines[\\/].+\.machine\.ts$/

export function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'
}

function isPlainString(node: Node): boolean {
  if (node.type === 'Literal') return typeof node.value === 'string'
  if (node.type === 'TemplateLiteral') return (node.expressions as unknown[]).length === 0
  return false
}

/** Data written out in full: literals, and arrays and objects of them (a `meta` of ids and marks). */
function isStaticData(node: Node): boolean {
  if (node.type === 'Literal' || isPlainString(node)) return true
  if (node.type === 'ArrayExpression') {
    return (node.elements as unknown[]).every((element) => isNode(element) && isStaticData(element))
  }
  if (node.type === 'ObjectExpression') {
    return (node.properties as unknown[]).every(
      (property) =>
        isNode(property) &&
        property.type === 'Property' &&
        !property.computed &&
        isNode(property.value) &&
        isStaticData(property.value),
    )
  }
  return false
}

/** Whether `node` is an object property written with this plain name. */
export function isNamed(node: Node, name: string): boolean {
  return (
    node.type === 'Property' &&
    !node.computed &&
    isNode(node.key) &&
    node.key.type === 'Identifier' &&
    node.key.name === name
  )
}

/** Plain-string `description` properties and static `meta` properties, outermost first. */
function descriptionsOf(node: Node, found: Node[]): Node[] {
  if (
    isNode(node.value) &&
    ((isNamed(node, 'description') && isPlainString(node.value)) ||
      (isNamed(node, 'meta') && node.value.type === 'ObjectExpression' && isStaticData(node.value)))
  ) {
    found.push(node)
    return found
  }
  for (const child of Object.values(node)) {
    for (const item of Array.isArray(child) ? child : [child]) {
      if (isNode(item)) descriptionsOf(item, found)
    }
  }
  return found
}

/** The span to cut for one property: the property and the comma that separates it from the next. */
function cutSpan(code: string, property: Node): [number, number] {
  let after = property.end
  while (/\s/.test(code[after] ?? '')) after += 1
  if (code[after] === ',') return [property.start, after + 1]
  let before = property.start - 1
  while (/\s/.test(code[before] ?? '')) before -= 1
  return code[before] === ',' ? [before, property.end] : [property.start, property.end]
}

/**
 * The module without its plain-string `description` properties and its static `meta` (the
 * requirements and money marks of machines/shared/meta.ts), or null when it has none.
 */
export function stripDescriptions(code: string): string | null {
  const properties = descriptionsOf(parseAst(code) as unknown as Node, [])
  if (properties.length === 0) return null
  let stripped = code
  for (const property of properties.sort((a, b) => b.start - a.start)) {
    const [start, end] = cutSpan(stripped, property)
    stripped = stripped.slice(0, start) + stripped.slice(end)
  }
  return stripped
}

/**
 * Machine descriptions and `meta` are documentation: `npm run docs` turns them into docs/machines
 * and the atlas, and the Stately inspector shows them, but the player's browser never reads them.
 * Dropping them from the production bundle keeps about 3 KB gzip off the critical path of /
 * (scripts/bench.ts measures it). Dev, tests and the docs generator still see the machines
 * exactly as written.
 */
export function stripMachineDescriptions(): Plugin {
  return {
    name: 'tery:strip-machine-descriptions',
    apply: 'build',
    enforce: 'post',
    transform(code, id) {
      if (!machineFile.test(id)) return null
      const stripped = stripDescriptions(code)
      return stripped === null ? null : { code: stripped, map: null }
    },
  }
}
