import type { JsonSchema } from '@valibot/to-json-schema'
import type { RouterRoute } from 'hono/types'
import * as v from 'valibot'
import packageJson from '../../package.json' with { type: 'json' }
import type { MoneyMovement } from '../../contract/currencies'
import { apiMessages, validationMessages } from '../../contract/messages'
import { listEndpoints, type Endpoint, type InputTarget } from './endpoint'
import { errorMessagesOf, toOpenApiSchema } from './json-schema'
import { MAX_BODY_BYTES, STATE_CHANGING } from './security'
import { isCheckableType } from './upload'
import { SESSION_COOKIE, SECURE_SESSION_COOKIE } from './session-cookie'

/**
 * The OpenAPI 3.1 document of the API, built from the route table (`app.routes`) and the metadata
 * every route declares with `endpoint()` (contract/endpoints/): what `GET /api/openapi.json` serves and
 * `npm run docs` renders into docs/api.md.
 * Schemas are inlined, with the extensions of ./json-schema.ts.
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
  requestBody?: {
    required: true
    description?: string
    /** `application/json`, or on an upload route each file type it takes. */
    content: Record<string, { schema: JsonSchema }>
  }
  responses: Record<string, ResponseObject>
  /** The money the call moves for the calling player (endpoint({ money })). */
  'x-money'?: readonly MoneyMovement[]
}

export type Parameter = {
  name: string
  in: 'path' | 'query' | 'header'
  required: boolean
  description?: string
  schema: JsonSchema
}

export type MediaObject = {
  schema: JsonSchema
  examples?: Record<string, { summary: string; value: unknown }>
}

/** An answer: JSON, or for GET /api/live a stream of Server-Sent Events. */
export type ResponseObject = {
  description: string
  content: Partial<Record<'application/json' | 'text/event-stream', MediaObject>>
}

/** The media of an answer of this document: each has exactly one. */
export function mediaOf(response: ResponseObject): MediaObject {
  const [media] = Object.values(response.content)
  if (!media) throw new Error(`The answer "${response.description}" has no content`)
  return media
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
  /** One concrete answer, for readers and for tests that provoke it. */
  example: { message: string; data: unknown }
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
    status: 413,
    message: apiMessages.tooLarge,
    when: `The body is larger than ${MAX_BODY_BYTES / 1024} KB.`,
    data: NULL_DATA,
    appliesTo: takesJson,
  },
  {
    key: 'UploadTooLarge',
    status: 413,
    message: apiMessages.uploadTooLarge,
    when: 'The file is larger than the size the endpoint takes (see its body).',
    data: NULL_DATA,
    appliesTo: isUpload,
  },
  {
    key: 'UploadInvalid',
    status: 400,
    message: apiMessages.uploadInvalid,
    when: 'The bytes do not begin as a file of the declared Content-Type does (PNG, JPEG and WEBP signatures are checked).',
    data: NULL_DATA,
    appliesTo: isUpload,
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
    appliesTo: takesJson,
  },
  {
    key: 'UploadType',
    status: 415,
    message: apiMessages.uploadType,
    when: 'An upload whose `Content-Type` is not one of the types the endpoint takes.',
    data: NULL_DATA,
    appliesTo: isUpload,
  },
  {
    key: 'IdempotencyKeyInvalid',
    status: 400,
    message: apiMessages.invalidIdempotencyKey,
    when: 'The `Idempotency-Key` header is not 1 to 128 visible ASCII characters.',
    data: NULL_DATA,
    appliesTo: (endpoint) => endpoint.idempotent,
  },
  {
    key: 'IdempotencyKeyInProgress',
    status: 409,
    message: apiMessages.idempotencyKeyInProgress,
    when: 'The first request with this `Idempotency-Key` is still running after 10 s (`Retry-After: 1`).',
    data: NULL_DATA,
    appliesTo: (endpoint) => endpoint.idempotent,
  },
  {
    key: 'IdempotencyKeyReused',
    status: 422,
    message: apiMessages.idempotencyKeyReused,
    when: 'This `Idempotency-Key` was used with another method, path or body.',
    data: NULL_DATA,
    appliesTo: (endpoint) => endpoint.idempotent,
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

function isUpload(endpoint: Endpoint): boolean {
  return isStateChanging(endpoint) && endpoint.spec.upload !== undefined
}

/** A state-changing endpoint whose body is JSON (every one but the uploads). */
function takesJson(endpoint: Endpoint): boolean {
  return isStateChanging(endpoint) && endpoint.spec.upload === undefined
}

/** The body of an upload route: the raw file, one entry per type it takes. */
function uploadBody(endpoint: Endpoint): Operation['requestBody'] {
  const { upload } = endpoint.spec
  if (!upload) return undefined
  const where = `${endpoint.method} ${endpoint.path}`
  if (endpoint.inputs.json)
    throw new Error(`${where}: an upload route has no JSON body to validate`)
  for (const type of upload.types) {
    if (!isCheckableType(type)) {
      throw new Error(`${where}: upload type ${type} has no signature in server/http/upload.ts`)
    }
  }
  return {
    required: true,
    description: `The file itself as the body (not JSON, not multipart), with its type as \`Content-Type\`: ${upload.types.join(', ')}; at most ${upload.maxBytes.toLocaleString('en-US')} bytes.`,
    content: Object.fromEntries(
      upload.types.map((type) => [
        type,
        { schema: { type: 'string', contentMediaType: type, maxLength: upload.maxBytes } },
      ]),
    ),
  }
}

const INPUT_NAMES: Record<InputTarget, string> = {
  param: 'path parameter',
  query: 'query parameter',
  json: 'body field',
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
    // The input validator refuses a NUL character in any string of any input, before the schema's rules.
    messages.add(validationMessages.characters)
    if (inputs.json) messages.add(apiMessages.invalidBody)
    const sample = sampleInvalidField(converted)
    const targets = (Object.keys(inputs) as InputTarget[]).map((target) => INPUT_NAMES[target])
    answers.push({
      key: 'InvalidInput',
      status: 400,
      messages: [...messages],
      when: `A ${targets.join(' or ')} breaks its rules${inputs.json ? `, or the body is not a JSON object ('${apiMessages.invalidBody}')` : ''}.`,
      data: FIELDS_DATA,
      example: sample
        ? { message: sample.message, data: { fields: { [sample.field]: sample.message } } }
        : { message: apiMessages.invalidBody, data: { fields: {} } },
    })
  }
  for (const [index, error] of (endpoint.spec.errors ?? []).entries()) {
    answers.push({
      key: `Refusal${index + 1}`,
      status: error.status,
      messages: [error.message],
      when: error.when,
      data: error.field ? FIELDS_DATA : NULL_DATA,
      example: {
        message: error.message,
        data: error.field ? { fields: { [error.field]: error.message } } : null,
      },
    })
  }
  for (const common of COMMON_ANSWERS) {
    if (!common.appliesTo(endpoint)) continue
    const example = { message: common.message, data: null }
    answers.push({ ...common, messages: [common.message], example })
  }
  return answers
}

/** One response per status: answers that share a status are merged, each kept as an example. */
function errorResponses(answers: Answer[]): Record<string, ResponseObject> {
  const byStatus = new Map<number, Answer[]>()
  for (const answer of answers) {
    byStatus.set(answer.status, [...(byStatus.get(answer.status) ?? []), answer])
  }
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
                value: { status, ...answer.example },
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
  if (endpoint.idempotent) {
    parameters.push({
      name: 'Idempotency-Key',
      in: 'header',
      required: false,
      description:
        'Makes a retry safe: a replay with the same key (1 to 128 visible ASCII characters) gets the first answer, with `Idempotent-Replayed: true`, and moves nothing again (docs/api.md, Idempotency-Key).',
      schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,128}$' },
    })
  }
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
    inputs[target] = toOpenApiSchema(schema, 'request', `${where} (${target})`)
  }
  const data = toOpenApiSchema(spec.response, 'response', `${where} (response)`)
  const status = spec.status ?? 200
  const message = spec.message ?? apiMessages.ok
  const parameters = parametersOf(endpoint, inputs)
  const upload = uploadBody(endpoint)
  return {
    operationId: operationId(endpoint),
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    tags: tagsOf(endpoint),
    security: spec.auth === 'session' ? [{ [SESSION_SCHEME]: [] }] : [],
    ...(spec.money ? { 'x-money': spec.money } : {}),
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(inputs.json
      ? {
          requestBody: { required: true, content: { 'application/json': { schema: inputs.json } } },
        }
      : {}),
    ...(upload ? { requestBody: upload } : {}),
    responses: {
      [String(status)]: {
        description: spec.envelope === false ? spec.summary : `Success: '${message}'.`,
        content: {
          [spec.contentType ?? 'application/json']: {
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
