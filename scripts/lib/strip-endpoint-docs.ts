import { parseAst } from 'vite'
import type { Plugin } from 'vite'
import { isNamed, isNode, type Node } from './strip-machine-descriptions.ts'

const endpointsFile = /[\\/]contract[\\/]endpoints[\\/][^\\/]+\.ts$/

/** What the browser's `call()` (src/api/http.ts) reads of a declaration outside development. */
export const CLIENT_FIELDS = ['method', 'path', 'policy'] as const

/** The declaration `defineEndpoint({ ... })` of an `export const`, or null for anything else. */
function declarationOf(statement: Node): { name: string; fields: Node[] } | null {
  const variable = statement.declaration
  if (statement.type !== 'ExportNamedDeclaration' || !isNode(variable)) return null
  const [declarator, ...others] = (variable.declarations ?? []) as Node[]
  const init = declarator?.init
  if (
    variable.type !== 'VariableDeclaration' ||
    others.length > 0 ||
    !isNode(declarator?.id) ||
    !isNode(init) ||
    init.type !== 'CallExpression' ||
    !isNode(init.callee) ||
    init.callee.name !== 'defineEndpoint'
  ) {
    return null
  }
  const [argument] = init.arguments as Node[]
  if (!isNode(argument) || argument.type !== 'ObjectExpression') return null
  return { name: String(declarator.id.name), fields: argument.properties as Node[] }
}

/**
 * The module as the browser's production build needs it: each exported declaration as a plain
 * object of its `method`, `path` and `policy`, and nothing else (no import, so no schema module
 * and no valibot is loaded with a page's calls). Null when the module declares no endpoint.
 * Throws when the module exports anything else, or a kept field is not written out as text.
 */
export function clientDeclarations(code: string, file = 'the module'): string | null {
  const program = parseAst(code) as unknown as Node
  const lines: string[] = []
  for (const statement of program.body as Node[]) {
    const declaration = declarationOf(statement)
    if (declaration === null) {
      if (statement.type.startsWith('Export')) {
        throw new Error(`${file}: contract/endpoints/ modules export endpoint declarations only`)
      }
      continue
    }
    const kept = declaration.fields.filter((field) =>
      CLIENT_FIELDS.some((name) => isNamed(field, name)),
    )
    for (const field of kept) {
      if (!isNode(field.value) || field.value.type !== 'Literal') {
        throw new Error(`${file}: ${declaration.name}'s ${CLIENT_FIELDS.join(', ')} must be text`)
      }
    }
    const fields = kept.map((field) => code.slice(field.start, field.end)).join(', ')
    lines.push(`export const ${declaration.name} = { ${fields} }`)
  }
  return lines.length === 0 ? null : `${lines.join('\n')}\n`
}

/**
 * An endpoint's declaration (contract/endpoints/) is what the server validates and documents,
 * and what development and tests check answers against; the player's browser only needs where
 * to send a call and how to read its failures. The production bundle gets only that, so the
 * schemas, the summaries and the refusals, and valibot with them, stay out of every page's chunk.
 * Dev, tests, the server and its bundle read the declarations whole.
 */
export function stripEndpointDocs(): Plugin {
  return {
    name: 'tery:strip-endpoint-docs',
    apply: 'build',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (!endpointsFile.test(id)) return null
      const stripped = clientDeclarations(code, id)
      return stripped === null ? null : { code: stripped, map: null }
    },
  }
}
