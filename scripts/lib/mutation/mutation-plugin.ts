import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { parseAst } from 'vite'
import type { Plugin } from 'vite'
import type { MachineMutant } from './machine-mutants'

type Node = { type: string; start: number; end: number; [key: string]: unknown }

const machineFile = /[\\/]machines[\\/].+\.machine\.ts$/
const root = fileURLToPath(new URL('../../..', import.meta.url))
const runtime = fileURLToPath(new URL('./active-mutant.ts', import.meta.url))

/** Each comparison's boundary moved: `<=` becomes `<`, `>` becomes `>=`, and so on. */
const boundary: Record<string, string> = { '<': '<=', '<=': '<', '>': '>=', '>=': '>' }

function isNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as Node).type === 'string'
}

/** The comparisons of a module, outermost first, with the name of the property holding each. */
function comparisons(node: Node, owner: string, found: Array<{ node: Node; owner: string }>) {
  if (node.type === 'BinaryExpression' && String(node.operator) in boundary) {
    found.push({ node, owner })
    return
  }
  const name =
    node.type === 'Property' && isNode(node.key) && node.key.type === 'Identifier'
      ? String(node.key.name)
      : owner
  for (const child of Object.values(node)) {
    for (const item of Array.isArray(child) ? child : [child]) {
      if (isNode(item)) comparisons(item, name, found)
    }
  }
}

/**
 * The source-level mutants of each machine file the plugin transformed, by file (from the
 * repository's root): filled as Vitest transforms the files, read by `npm run mutate`.
 */
export const sourceMutants = new Map<string, MachineMutant[]>()

/**
 * `npm run mutate`'s transform of every `*.machine.ts`: each exported value passes through
 * `mutatedExport` (which applies the active machine-level mutant to its machine), and each
 * comparison carries its boundary mutant, switched on by `isSourceMutant` (a mutant schema, as
 * StrykerJS does it: one transform, every mutant in it, one switch per run).
 */
export function mutationPlugin(): Plugin {
  return {
    name: 'tery:mutation',
    enforce: 'post',
    transform(code, id) {
      if (!machineFile.test(id)) return null
      const file = path
        .relative(root, id.split('?')[0] ?? id)
        .split(path.sep)
        .join('/')
      const ast = parseAst(code) as unknown as Node
      const edits: Array<{ start: number; end: number; text: string }> = []
      const found: Array<{ node: Node; owner: string }> = []
      comparisons(ast, 'the module', found)
      const mutants: MachineMutant[] = []
      found.forEach(({ node, owner }, index) => {
        const left = node.left as Node
        const right = node.right as Node
        const operator = String(node.operator)
        const original = code.slice(node.start, node.end)
        const changed = `${code.slice(left.start, left.end)} ${boundary[operator]} ${code.slice(right.start, right.end)}`
        mutants.push({
          id: `boundary \`${original}\` → \`${changed}\` in ${owner}`,
          operator: 'boundary',
        })
        edits.push({
          start: node.start,
          end: node.end,
          text: `(__teryIsSourceMutant(${JSON.stringify(file)}, ${index}) ? ${changed} : ${original})`,
        })
      })
      sourceMutants.set(file, mutants)
      const exported: string[] = []
      for (const statement of ast.body as Node[]) {
        const declaration = statement.declaration
        if (statement.type !== 'ExportNamedDeclaration' || !isNode(declaration)) continue
        if (declaration.type !== 'VariableDeclaration' || declaration.kind !== 'const') continue
        for (const declarator of declaration.declarations as Node[]) {
          if (isNode(declarator.id) && declarator.id.type === 'Identifier') {
            exported.push(String(declarator.id.name))
          }
        }
        edits.push({ start: declaration.start, end: declaration.start + 5, text: 'let' })
      }
      let result = code
      for (const edit of edits.sort((a, b) => b.start - a.start)) {
        result = result.slice(0, edit.start) + edit.text + result.slice(edit.end)
      }
      const imports = `import { isSourceMutant as __teryIsSourceMutant, mutatedExport as __teryMutatedExport } from ${JSON.stringify(runtime)};`
      const wraps = exported.map((name) => `${name} = __teryMutatedExport(${name});`)
      return { code: [imports, result, ...wraps].join('\n'), map: null }
    },
  }
}
