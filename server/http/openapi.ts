import { toJsonSchema, type JsonSchema } from '@valibot/to-json-schema'
import type { RouterRoute } from 'hono/types'
import * as v from 'valibot'
import packageJson from '../../package.json' with { type: 'json' }
import { apiMessages, validationMessages } from '../../contract/messages'
import { listEndpoints, type Endpoint, type InputTarget } from './endpoint'
import { MAX_BODY_BYTES, STATE_CHANGING } from './security'
import { SESSION_COOKIE, SECURE_SESSION_COOKIE } from './session-cookie'

/**
 * The OpenAPI 3.1 document of the API, built from the route table (`app.routes`) and the metadata
 * every route declares with `endpoint()` and `validate()`: what `GET /api/openapi.json` serves and
 * `npm run docs` renders into docs/api.md.
 *
 * Extensions on schemas: `x-error-messages` lists the Spanish messages a field's rules answer,
 * in the order they are checked; `x-transforms` lists what the server does to a value before
 * checking the rules after it (trim, toLowerCase, toUpperCase).
 */
export type OpenApiDocument = {
  openapi: '3.1.0'
  info: { title: string; version: string; description: string }
  tags: { name: string }[]
  paths: Record<string, Record<string, Operation>>
  components: {
    securitySchemes: Record<string, SecurityScheme>
    responses: Record<string, ResponseObject>
  }
}

type SecurityScheme = { type: 'apiKey'; in: 'cookie'; name: string; description: string }

export type Operation = {
  operationId: string
  summary: string
  description?: string
  tags: string[]
  security: Record<string, string[]>[]
  parameters?: Parameter[]
  requestBody?: { required: true; content: { 'application/json': { schema: JsonSchema } } }
  responses: Record<string, ResponseObject>
}

export type Parameter = {
  name: string
  in: 'path' | 'query'
  required: boolean
  schema: JsonSchema
}

export type ResponseObject = {
  description: string
  content: {
    'application/json': {
      schema: JsonSchema
      examples?: Record<string, { summary: string; value: unknown }>
    }
  }
}

/** The name of the session cookie scheme in `components.securitySchemes`. */
export const SESSION_SCHEME = 'session'

/** A valibot schema of the document's outline, for `endpoint()` of the route that serves it. */
export const openApiDocumentShape = v.looseObject({
  openapi: v.literal('3.1.0'),
  info: v.looseObject({ title: v.string(), version: v.string() }),
  paths: v.record(v.string(), v.record(v.string(), v.looseObject({ operationId: v.string() }))),
})

/** An answer an endpoint can give besides success, with the condition under which it does. */
type Answer = {
  /** Key of the example in the document; the component name for common answers. */
  key: string
  status: number
  messages: readonly string[]
  when: string
  data: JsonSchema
  example: unknown
}

const NULL_DATA: JsonSchema = { type: 'null' }

/** `data` of a 400 or 409 about input fields: the first message per field. */
const FIELDS_DATA: JsonSchema = {
  type: 'object',
  properties: { fields: { type: 'object', additionalProperties: { type: 'string' } } },
  required: ['fields'],
}

/**
 * Answers the app's middleware gives to any endpoint of a kind, whatever its handler does. They
 * mirror server/http/security.ts, server/app.ts and `endpoint()`; tests/server/openapi.test.ts
 * provokes each on every endpoint it applies to, so a change there that is not made here fails.
 */
const COMMON_ANSWERS: readonly (Omit<Answer, 'messages' | 'example'> & {
  message: string
  appliesTo: (endpoint: Endpoint) => boolean
})[] = [
  {
    key: 'MalformedJson',
    status: 400,
    message: apiMessages.malformedJson,
    when: 'The body is not valid JSON.',
    data: NULL_DATA,
    appliesTo: (endpoint) => endpoint.inputs.json !== undefined,
  },
  {
    key: 'TooLarge',
    status: 400,
    message: apiMessages.tooLarge,
    when: `The body is larger than ${MAX_BODY_BYTES / 1024} KB.`,
    data: NULL_DATA,
    appliesTo: isStateChanging,
  },
  {
    key: 'SessionEnded',
    status: 401,
    message: apiMessages.sessionEnded,
    when: 'No valid session cookie was sent (the endpoint needs a signed-in player).',
    data: NULL_DATA,
    appliesTo: (endpoint) => endpoint.spec.auth === 'session',
  },
  {
    key: 'ForbiddenOrigin',
    status: 403,
    message: apiMessages.forbiddenOrigin,
    when: 'A POST, PUT, PATCH or DELETE sent `Sec-Fetch-Site: cross-site`, or an `Origin` not in `APP_ORIGIN`.',
    data: NULL_DATA,
    appliesTo: isStateChanging,
  },
  {
    key: 'NotJson',
    status: 415,
    message: apiMessages.notJson,
    when: 'A POST, PUT, PATCH or DELETE without `Content-Type: application/json`.',
    data: NULL_DATA,
    appliesTo: isStateChanging,
  },
  {
    key: 'Internal',
    status: 500,
    message: apiMessages.internal,
    when: 'An unexpected failure; the details are only in the server log.',
    data: NULL_DATA,
    appliesTo: () => true,
  },
]

function isStateChanging(endpoint: Endpoint): boolean {
  return STATE_CHANGING.has(endpoint.method)
}

const INPUT_NAMES: Record<InputTarget, string> = {
  param: 'path parameter',
  query: 'query parameter',
  json: 'body field',
}

type JsonObject = JsonSchema & Record<`x-${string}`, unknown>

function withList(schema: JsonSchema, key: string, value: string, first = false): JsonSchema {
  const list = ((schema as JsonObject)[key as `x-${string}`] as string[] | undefined) ?? []
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
function convert(schema: v.GenericSchema, direction: 'request' | 'response', where: string) {
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
      // The top-level object's own failure (not an object at all) is answered by validate().
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
const UNMESSAGED = 'x-unmessaged'

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
function errorMessagesOf(schema: unknown, found = new Set<string>()): Set<string> {
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

function envelopeSchema(status: number, messages: readonly string[], data: JsonSchema): JsonSchema {
  const [only] = messages
  return {
    type: 'object',
    properties: {
      status: { const: status },
      message:
        messages.length === 1 && only !== undefined ? { const: only } : { enum: [...messages] },
      data,
    },
    required: ['status', 'message', 'data'],
  }
}

/** The first field of a converted input that has a message, to illustrate a 400. */
function sampleInvalidField(inputs: JsonSchema[]): { field: string; message: string } | null {
  for (const input of inputs) {
    for (const [field, property] of Object.entries(input.properties ?? {})) {
      const [message] = errorMessagesOf(property)
      if (message) return { field, message }
    }
  }
  return null
}

function answersOf(endpoint: Endpoint, inputs: Partial<Record<InputTarget, JsonSchema>>): Answer[] {
  const answers: Answer[] = []
  const converted = Object.values(inputs)
  if (converted.length > 0) {
    const messages = new Set<string>()
    for (const input of converted) errorMessagesOf(input, messages)
    if (inputs.json) messages.add(apiMessages.invalidBody)
    const sample = sampleInvalidField(converted)
    const targets = (Object.keys(inputs) as InputTarget[]).map((target) => INPUT_NAMES[target])
    answers.push({
      key: 'InvalidInput',
      status: 400,
      messages: [...messages],
      when: `A ${targets.join(' or ')} breaks its rules${inputs.json ? `, or the body is not a JSON object ('${apiMessages.invalidBody}')` : ''}.`,
      data: FIELDS_DATA,
      example: sample ? { fields: { [sample.field]: sample.message } } : { fields: {} },
    })
  }
  ;(endpoint.spec.errors ?? []).forEach((error, index) => {
    answers.push({
      key: `Refusal${index + 1}`,
      status: error.status,
      messages: [error.message],
      when: error.when,
      data: error.field ? FIELDS_DATA : NULL_DATA,
      example: error.field ? { fields: { [error.field]: error.message } } : null,
    })
  })
  for (const common of COMMON_ANSWERS) {
    if (!common.appliesTo(endpoint)) continue
    answers.push({ ...common, messages: [common.message], example: null })
  }
  return answers
}

function exampleMessage(answer: Answer): string {
  const data = answer.example as { fields?: Record<string, string> } | null
  return Object.values(data?.fields ?? {})[0] ?? answer.messages[0] ?? ''
}

/** One response per status: answers that share a status are merged, each kept as an example. */
function errorResponses(answers: Answer[]): Record<string, ResponseObject> {
  const byStatus = new Map<number, Answer[]>()
  for (const answer of answers)
    byStatus.set(answer.status, [...(byStatus.get(answer.status) ?? []), answer])
  const responses: Record<string, ResponseObject> = {}
  for (const status of [...byStatus.keys()].sort((a, b) => a - b)) {
    const group = byStatus.get(status) ?? []
    const messages = [...new Set(group.flatMap((answer) => answer.messages))]
    const dataSchemas = [
      ...new Map(group.map((answer) => [JSON.stringify(answer.data), answer.data])).values(),
    ]
    const [onlyData] = dataSchemas
    responses[String(status)] = {
      description: group.map((answer) => answer.when).join(' '),
      content: {
        'application/json': {
          schema: envelopeSchema(
            status,
            messages,
            dataSchemas.length === 1 && onlyData ? onlyData : { anyOf: dataSchemas },
          ),
          examples: Object.fromEntries(
            group.map((answer) => [
              answer.key,
              {
                summary: answer.when,
                value: { status, message: exampleMessage(answer), data: answer.example },
              },
            ]),
          ),
        },
      },
    }
  }
  return responses
}

function operationId(endpoint: Endpoint): string {
  const words = endpoint.openApiPath
    .replace(/^\/api\//, '')
    .split(/[/._-]+/)
    .filter(Boolean)
    .map((word) => {
      const param = /^\{(.+)\}$/.exec(word)?.[1]
      const name = param ? `by-${param}` : word
      return name
        .split('-')
        .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
        .join('')
    })
  return endpoint.method.toLowerCase() + words.join('')
}

function tagsOf(endpoint: Endpoint): string[] {
  if (endpoint.spec.tags) return [...endpoint.spec.tags]
  const group = endpoint.path.split('/')[2]
  return group ? [group] : []
}

function parametersOf(
  endpoint: Endpoint,
  inputs: Partial<Record<InputTarget, JsonSchema>>,
): Parameter[] {
  const parameters: Parameter[] = []
  for (const target of ['param', 'query'] as const) {
    const input = inputs[target]
    if (!input) continue
    if (input.type !== 'object' || !input.properties) {
      throw new Error(`${endpoint.method} ${endpoint.path}: ${target} schemas must be objects`)
    }
    const required = new Set(input.required ?? [])
    for (const [name, schema] of Object.entries(input.properties)) {
      if (typeof schema !== 'object') continue
      parameters.push({
        name,
        in: target === 'param' ? 'path' : 'query',
        required: target === 'param' || required.has(name),
        schema,
      })
    }
  }
  return parameters
}

function operationOf(endpoint: Endpoint): Operation {
  const { spec } = endpoint
  const where = `${endpoint.method} ${endpoint.path}`
  const inputs: Partial<Record<InputTarget, JsonSchema>> = {}
  for (const [target, schema] of Object.entries(endpoint.inputs) as [
    InputTarget,
    v.GenericSchema,
  ][]) {
    inputs[target] = convert(schema, 'request', `${where} (${target})`)
  }
  const data = convert(spec.response, 'response', `${where} (response)`)
  const status = spec.status ?? 200
  const message = spec.message ?? apiMessages.ok
  const parameters = parametersOf(endpoint, inputs)
  return {
    operationId: operationId(endpoint),
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: tagsOf(endpoint),
    security: spec.auth === 'session' ? [{ [SESSION_SCHEME]: [] }] : [],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(inputs.json
      ? {
          requestBody: { required: true, content: { 'application/json': { schema: inputs.json } } },
        }
      : {}),
    responses: {
      [String(status)]: {
        description: spec.envelope === false ? spec.summary : `Success: '${message}'.`,
        content: {
          'application/json': {
            schema: spec.envelope === false ? data : envelopeSchema(status, [message], data),
          },
        },
      },
      ...errorResponses(answersOf(endpoint, inputs)),
    },
  }
}

const DESCRIPTION = `The reference API of Tery. Every answer is the envelope \`{ status, message, data }\` with the HTTP status equal to \`status\` and a Spanish (es-CO) \`message\`. Endpoints marked with the \`${SESSION_SCHEME}\` security need the session cookie that \`POST /api/auth/login\` sets.`

/** Builds the document from a Hono route table; throws when a route lacks its metadata. */
export function buildOpenApiDocument(routes: readonly RouterRoute[]): OpenApiDocument {
  const paths: OpenApiDocument['paths'] = {}
  const tags: string[] = []
  for (const endpoint of listEndpoints(routes)) {
    const operation = operationOf(endpoint)
    for (const tag of operation.tags) if (!tags.includes(tag)) tags.push(tag)
    const byMethod = (paths[endpoint.openApiPath] ??= {})
    byMethod[endpoint.method.toLowerCase()] = operation
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Tery API', version: packageJson.version, description: DESCRIPTION },
    tags: tags.map((name) => ({ name })),
    paths,
    components: {
      securitySchemes: {
        [SESSION_SCHEME]: {
          type: 'apiKey',
          in: 'cookie',
          name: SESSION_COOKIE,
          description: `Set by \`POST /api/auth/login\`, HttpOnly and SameSite=Lax. Over HTTPS it is named \`${SECURE_SESSION_COOKIE}\` and is Secure.`,
        },
      },
      responses: Object.fromEntries(
        COMMON_ANSWERS.map((answer) => [
          answer.key,
          {
            description: answer.when,
            content: {
              'application/json': {
                schema: envelopeSchema(answer.status, [answer.message], answer.data),
              },
            },
          },
        ]),
      ),
    },
  }
}
