import { parseAst } from 'vite'
import type { Plugin } from 'vite'
import { isNamed, isNode, withoutProperties, type Node } from './strip-machine-descriptions'

const endpointsFile = /[\\/]contract[\\/]endpoints[\\/][^\\/]+\.ts$/

/** What the browser's `call()` (src/api/http.ts) reads of a declaration outside development. */
export const CLIENT_FIELDS = ['method', 'path', 'policy'] as const

/** The properties of every `defineEndpoint({ ... })` argument that the client does not read. */
function documentationOf(node: Node, found: Node[]): Node[] {
  const [argument] = (node.arguments ?? []) as unknown[]
  if (
    node.type === 'CallExpression' &&
    isNode(node.callee) &&
    node.callee.type === 'Identifier' &&
    node.callee.name === 'defineEndpoint' &&
    isNode(argument) &&
    argument.type === 'ObjectExpression'
  ) {
    for (const property of argument.properties as Node[]) {
      if (!CLIENT_FIELDS.some((name) => isNamed(property, name))) found.push(property)
    }
    return found
  }
  for (const child of Object.values(node)) {
    for (const item of Array.isArray(child) ? child : [child]) {
      if (isNode(item)) documentationOf(item, found)
    }
  }
  return found
}

/**
 * The module with each endpoint declaration cut down to `method`, `path` and `policy`, or null
 * when it declares none.
 */
export function clientDeclarations(code: string): string | null {
  const properties = documentationOf(parseAst(code) as unknown as Node, [])
  return properties.length === 0 ? null : withoutProperties(code, properties)
}

/**
 * An endpoint's declaration (contract/endpoints/) is what the server validates and documents,
 * and what development and tests check answers against; the player's browser only needs where
 * to send a call and how to read its failures. Cutting the rest from the production bundle
 * leaves the schemas, the summaries and the refusals unreferenced, so they, and valibot with
 * them, stay out of every page's chunk. Dev, tests, the server and its bundle read the
 * declarations whole.
 */
export function stripEndpointDocs(): Plugin {
  return {
    name: 'tery:strip-endpoint-docs',
    apply: 'build',
    enforce: 'post',
    applyToEnvironment: (environment) => environment.name === 'client',
    transform(code, id) {
      if (!endpointsFile.test(id)) return null
      const stripped = clientDeclarations(code)
      return stripped === null ? null : { code: stripped, map: null }
    },
  }
}
