import type { Context, MiddlewareHandler } from 'hono'
import { matchedRoutes } from 'hono/route'
import type { RouterRoute } from 'hono/types'
import type * as v from 'valibot'
import type { MoneyMovement } from '../../contract/currencies'
import { apiMessages } from '../../contract/messages'
import type { Currency } from '../../contract/currencies'
import type { SessionPlayer } from '../services/auth'
import { DomainError } from '../services/errors'
import type { AppEnv } from './request-context'

/** Who may call an endpoint: anyone, or only a signed-in player (401 otherwise). */
export type Auth = 'public' | 'session'

/** Where `validate()` reads its input from; the names are Hono's validation targets. */
export type InputTarget = 'json' | 'param' | 'query'

/**
 * A route whose body is a file instead of JSON: the request guard accepts exactly these content
 * types on it, and the body limit is `maxBytes` instead of 16 KB (server/http/security.ts); the
 * handler reads the bytes with `readUpload()` (server/http/upload.ts), which checks they really
 * are of the declared type.
 */
export type UploadSpec = {
  /** Accepted media types; each needs a signature in server/http/upload.ts. */
  types: readonly string[]
  maxBytes: number
}

/** A refusal an endpoint answers besides the ones every endpoint of its kind can give. */
export type EndpointError = {
  status: DomainError['status']
  /** The envelope's Spanish message, from contract/messages.ts. */
  message: string
  /** When it is answered, in plain English words. */
  when: string
  /** The input field the refusal is about: the message is also under `data.fields[field]`. */
  field?: string
}

/**
 * What an endpoint is, declared once next to its path: the OpenAPI document, docs/api.md, the
 * session check, the success status and message of `reply()`, and the tests that walk every
 * endpoint all read it.
 */
export type EndpointSpec<S extends v.GenericSchema = v.GenericSchema, A extends Auth = Auth> = {
  /** One line saying what the endpoint does. */
  summary: string
  /** More words, when the summary is not enough (Markdown). */
  description?: string
  /** 'session' answers 401 'La sesión ha terminado' before anything else runs without a session. */
  auth: A
  /** Schema of the envelope's `data` on success (of the whole body when `envelope` is false). */
  response: S
  /** Success status; 200 unless the endpoint creates something. */
  status?: 200 | 201
  /** Success message; 'Operación exitosa' unless given. */
  message?: string
  /** Refusals this endpoint adds to the common ones (see server/http/openapi.ts). */
  errors?: readonly EndpointError[]
  /**
   * The money a successful call moves for the calling player (`x-money` in the document): the
   * machine transitions that make the call mark the same, and `npm run docs` checks they agree.
   */
  money?: readonly MoneyMovement[]
  /** The body is a file of these types and size, not JSON (`readUpload()` reads it). */
  upload?: UploadSpec
  /** Groups in the reference; by default the path segment after /api. */
  tags?: readonly string[]
  /** False only for answers other tools read as they are (the OpenAPI document itself). */
  envelope?: false
}

/** What handlers behind `endpoint()` can rely on: the spec, and the player for 'session'. */
export type EndpointEnv<S extends v.GenericSchema, A extends Auth> = {
  Variables: { endpoint: EndpointSpec<S, A> } & (A extends 'session'
    ? { user: SessionPlayer; sessionBalances: Record<Currency, number> }
    : object)
}

type Handler = RouterRoute['handler']

const endpoints = new WeakMap<Handler, EndpointSpec>()
const idempotencyMiddleware = new WeakSet<Handler>()
const validators = new WeakMap<Handler, { target: InputTarget; schema: v.GenericSchema }>()

/**
 * Declares an endpoint; goes first after the path, before `validate()` and the handler:
 *
 *     .get('/profile', endpoint({ summary: '...', auth: 'session', response: profile }), (c) => ...)
 *
 * For `auth: 'session'` it answers 401 without a signed-in player, so an endpoint documented as
 * needing a session always checks it, and `c.var.user` is typed non-null in the handler.
 */
export function endpoint<S extends v.GenericSchema, A extends Auth>(
  spec: EndpointSpec<S, A>,
): MiddlewareHandler<EndpointEnv<S, A>> {
  const middleware: MiddlewareHandler<AppEnv & { Variables: { endpoint: EndpointSpec } }> = async (
    c,
    next,
  ) => {
    if (spec.auth === 'session' && !c.get('user')) {
      throw new DomainError(401, apiMessages.sessionEnded)
    }
    c.set('endpoint', spec)
    await next()
  }
  endpoints.set(middleware as Handler, spec)
  return middleware as unknown as MiddlewareHandler<EndpointEnv<S, A>>
}

/**
 * The upload an incoming request's route declares, or null for a JSON route (or no route). Read
 * by the app-wide middleware that runs before the route's own handlers: Hono has matched every
 * handler of the request already, `endpoint()` among them.
 */
export function uploadOf(c: Context): UploadSpec | null {
  for (const route of matchedRoutes(c)) {
    const spec = endpoints.get(route.handler)
    if (spec) return spec.upload ?? null
  }
  return null
}

/** Records what a `validate()` middleware checks, so the route table can say it. */
export function recordValidator(
  middleware: Handler,
  target: InputTarget,
  schema: v.GenericSchema,
): void {
  validators.set(middleware, { target, schema })
}

/** Records that a middleware makes its route honour `Idempotency-Key` (server/http/idempotency.ts). */
export function recordIdempotency(middleware: Handler): void {
  idempotencyMiddleware.add(middleware)
}

/** The context of a handler behind `endpoint()`, as `reply()` needs it. */
export type EndpointContext<S extends v.GenericSchema> = Pick<Context, 'body'> & {
  var: { readonly endpoint: EndpointSpec<S> }
}

/** One endpoint of the app, found in its route table. */
export type Endpoint = {
  method: string
  /** Hono's path, e.g. `/api/rank/:id`. */
  path: string
  /** The same path as OpenAPI writes it, e.g. `/api/rank/{id}`. */
  openApiPath: string
  /** Names of the path parameters, in order. */
  pathParams: string[]
  spec: EndpointSpec
  /** The schemas `validate()` applies, by target. */
  inputs: Partial<Record<InputTarget, v.GenericSchema>>
  /** Whether the route honours an `Idempotency-Key` header (mounts `idempotent()`). */
  idempotent: boolean
}

const PATH_PARAM = /^:([A-Za-z_][A-Za-z0-9_]*)$/

function parsePath(method: string, path: string) {
  const pathParams: string[] = []
  const segments = path.split('/').map((segment) => {
    if (!segment.startsWith(':') && !segment.includes('*')) return segment
    const name = PATH_PARAM.exec(segment)?.[1]
    if (!name) {
      throw new Error(
        `${method} ${path}: only plain :name parameters can be documented (no optional, regex or wildcard segments)`,
      )
    }
    pathParams.push(name)
    return `{${name}}`
  })
  return { openApiPath: segments.join('/'), pathParams }
}

function describeEndpoint(method: string, path: string, handlers: Handler[]): Endpoint {
  const [first, ...rest] = handlers
  const spec = first && endpoints.get(first)
  if (!spec) {
    throw new Error(
      `${method} ${path} has no endpoint() metadata as its first handler; declare it (docs/architecture.md, "Adding an endpoint")`,
    )
  }
  const inputs: Endpoint['inputs'] = {}
  const idempotent = rest.some((handler) => idempotencyMiddleware.has(handler))
  for (const handler of rest) {
    if (endpoints.has(handler)) throw new Error(`${method} ${path} declares endpoint() twice`)
    const validator = validators.get(handler)
    if (!validator) continue
    if (inputs[validator.target]) {
      throw new Error(`${method} ${path} validates its ${validator.target} twice`)
    }
    inputs[validator.target] = validator.schema
  }
  const { openApiPath, pathParams } = parsePath(method, path)
  const paramKeys = inputs.param ? Object.keys(objectEntries(inputs.param, method, path)) : []
  if (paramKeys.sort().join() !== [...pathParams].sort().join()) {
    throw new Error(
      `${method} ${path}: validate('param', ...) must check exactly the path's parameters (${pathParams.join(', ') || 'none'})`,
    )
  }
  return { method, path, openApiPath, pathParams, spec, inputs, idempotent }
}

function objectEntries(schema: v.GenericSchema, method: string, path: string) {
  if ('entries' in schema && typeof schema.entries === 'object' && schema.entries !== null) {
    return schema.entries as Record<string, v.GenericSchema>
  }
  throw new Error(`${method} ${path}: param and query schemas must be valibot objects`)
}

/**
 * Every endpoint in a Hono route table (`app.routes`), in registration order, with its metadata.
 * `.use()` middleware (method ALL) is not an endpoint. Throws when a route lacks `endpoint()`,
 * so no route can be served without being documented.
 */
export function listEndpoints(routes: readonly RouterRoute[]): Endpoint[] {
  const grouped = new Map<string, { method: string; path: string; handlers: Handler[] }>()
  for (const route of routes) {
    if (route.method === 'ALL') {
      if (endpoints.has(route.handler)) {
        throw new Error(`${route.path}: endpoint() needs an HTTP method, not all()/use()`)
      }
      continue
    }
    const key = `${route.method} ${route.path}`
    const group = grouped.get(key) ?? { method: route.method, path: route.path, handlers: [] }
    group.handlers.push(route.handler)
    grouped.set(key, group)
  }
  return [...grouped.values()].map(({ method, path, handlers }) =>
    describeEndpoint(method, path, handlers),
  )
}
