import { toJsonSchema, type JsonSchema } from '@valibot/to-json-schema'
import type * as v from 'valibot'
import { validationMessages } from '../../contract/messages'

/**
 * Valibot schemas as the OpenAPI document shows them: JSON Schema draft 2020-12 (the dialect of
 * OpenAPI 3.1) from the official converter, with two extensions on request fields:
 * `x-error-messages`, the Spanish messages its rules answer in the order they are checked, and
 * `x-transforms`, what the server does to the value before the rules after it (trim,
 * toLowerCase, toUpperCase).
 */

/** A copy of the schema with `value` added once to its list extension `key`. */
function withList(schema: JsonSchema, key: `x-${string}`, value: string, first = false) {
  const list = ((schema as Record<string, unknown>)[key] as string[] | undefined) ?? []
  if (list.includes(value)) return schema
  return { ...schema, [key]: first ? [value, ...list] : [...list, value] }
}

/** Valibot actions that change a value before the rules after them check it. */
const TRANSFORMS: Record<string, string> = {
  trim: 'trim',
  to_lower_case: 'toLowerCase',
  to_upper_case: 'toUpperCase',
}

/** Schema types that only wrap or group others: their own failure is reported another way. */
const WRAPPERS = new Set(['optional', 'exact_optional', 'nullable', 'nullish', 'undefinedable'])

/**
 * Converts a valibot schema to JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1) with the
 * official converter. Anything it cannot express throws, so the document never claims less than
 * the server checks. For requests, every rule must carry a Spanish message: valibot's own
 * messages are English, and the player would read them.
 */
export function toOpenApiSchema(
  schema: v.GenericSchema,
  direction: 'request' | 'response',
  where: string,
) {
  const request = direction === 'request'
  const converted = toJsonSchemaAt(where, schema, {
    target: 'draft-2020-12',
    typeMode: request ? 'input' : 'output',
    errorMode: 'throw',
    overrideAction: ({ valibotAction, jsonSchema, errors }) => {
      const transform = TRANSFORMS[valibotAction.type]
      if (transform) return withList(jsonSchema, 'x-transforms', transform)
      // JSON Schema patterns are ECMA-262 regular expressions with Unicode semantics, as with /u.
      const unicodeOnly =
        valibotAction.type === 'regex' &&
        (valibotAction as v.RegexAction<string, string>).requirement.flags === 'u'
      if (errors && !(unicodeOnly && errors.length === 1)) return undefined
      if (!request || valibotAction.kind !== 'validation')
        return unicodeOnly ? jsonSchema : undefined
      const { message } = valibotAction as { message?: unknown }
      if (typeof message !== 'string') return withList(jsonSchema, UNMESSAGED, valibotAction.type)
      return withList(jsonSchema, 'x-error-messages', message)
    },
    overrideSchema: ({ valibotSchema, jsonSchema, errors }) => {
      if (errors || !request) return undefined
      let result = jsonSchema
      if (jsonSchema.type === 'object' && jsonSchema.properties) {
        // A missing field is answered 'El campo es requerido' (server/http/validate.ts).
        const properties = { ...jsonSchema.properties }
        for (const key of jsonSchema.required ?? []) {
          const property = properties[key]
          if (property && typeof property === 'object') {
            properties[key] = withList(
              property,
              'x-error-messages',
              validationMessages.required,
              true,
            )
          }
        }
        result = { ...jsonSchema, properties }
      }
      // The top-level object's own failure (not an object at all) is answered by the input validator (server/http/validate.ts).
      if (valibotSchema === schema || WRAPPERS.has(valibotSchema.type)) return result
      const { message } = valibotSchema as { message?: unknown }
      if (typeof message !== 'string') return withList(result, UNMESSAGED, valibotSchema.type)
      return withList(result, 'x-error-messages', message)
    },
  })
  if (converted.$defs) throw new Error(`${where}: recursive schemas are not supported yet`)
  const unmessaged: string[] = []
  const jsonSchema = finishSchema(converted, '', unmessaged)
  if (unmessaged.length > 0) {
    throw new Error(
      `${where}: ${unmessaged.join('; ')}: no Spanish message. Give every rule of a request schema one from contract/messages.ts.`,
    )
  }
  return jsonSchema
}

function toJsonSchemaAt(where: string, ...args: Parameters<typeof toJsonSchema>): JsonSchema {
  try {
    return toJsonSchema(...args)
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new Error(`${where}: ${reason}`, { cause: error })
  }
}

/** Marks, while converting, the rules that lack a message; `finishSchema` takes them out. */
const UNMESSAGED = 'x-unmessaged' as const

function isSchemaObject(value: unknown): value is JsonSchema {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/**
 * A converted schema as the document shows it: without the dialect (the document declares it)
 * and the marks of rules without a message (reported into `unmessaged` as `field: rule`), with
 * every schema's extensions after its standard keywords, for readers.
 */
function finishSchema(schema: JsonSchema, path: string, unmessaged: string[]): JsonSchema {
  const standard: Record<string, unknown> = {}
  const extensions: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema') continue
    if (key === UNMESSAGED) {
      unmessaged.push(`${path || 'the value'}: ${(value as string[]).join(', ')}`)
      continue
    }
    const nested = (child: unknown, childPath: string) =>
      isSchemaObject(child) ? finishSchema(child, childPath, unmessaged) : child
    const finished =
      key === 'properties' && isSchemaObject(value)
        ? Object.fromEntries(
            Object.entries(value).map(([name, child]) => [
              name,
              nested(child, path ? `${path}.${name}` : name),
            ]),
          )
        : key === 'items'
          ? nested(value, `${path}[]`)
          : key === 'additionalProperties'
            ? nested(value, `${path}.*`)
            : (key === 'anyOf' || key === 'oneOf' || key === 'allOf') && Array.isArray(value)
              ? value.map((child) => nested(child, path))
              : value
    if (key.startsWith('x-')) extensions[key] = finished
    else standard[key] = finished
  }
  return { ...standard, ...extensions } as JsonSchema
}

/** The Spanish messages a converted schema's rules can answer, in document order. */
export function errorMessagesOf(schema: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(schema)) {
    for (const item of schema) errorMessagesOf(item, found)
  } else if (schema && typeof schema === 'object') {
    for (const [key, value] of Object.entries(schema)) {
      if (key === 'x-error-messages') for (const message of value as string[]) found.add(message)
      else errorMessagesOf(value, found)
    }
  }
  return found
}
