import type { Context, MiddlewareHandler, Next } from 'hono'
import { matchedRoutes } from 'hono/route'
import type { RouterRoute } from 'hono/types'
import type * as v from 'valibot'
import type {
  Auth,
  BoundSchema,
  EndpointDeclaration,
  EndpointError,
  RulesOf,
  UploadSpec,
} from '../../contract/endpoint'
import { apiMessages } from '../../contract/messages'
import type { SessionPlayer, SessionRead } from '../services/auth'
import { DomainError } from '../services/errors'
import type { AppEnv } from './request-context'
import { inputValidator, type InputTarget } from './validate'

export type { Auth, EndpointError, InputTarget, UploadSpec }

/**
 * What the server knows of an endpoint once its route has given the rules: its declaration in
 * contract/endpoints/ with the upload's rules resolved. The OpenAPI document, docs/api.md, the
 * session check, the success status and message of `reply()`, and the tests that walk every
 * endpoint all read it.
 */
export type EndpointSpec<S extends v.GenericSchema = v.GenericSchema, A extends Auth = Auth> = Omit<
  EndpointDeclaration,
  'auth' | 'response' | 'params' | 'query' | 'body' | 'upload' | 'errors'
> & {
  auth: A
  errors?: readonly EndpointError[]
  response: S
  /** The body is a file of these types and size, not JSON (`readUpload()` reads it). */
  upload?: UploadSpec
}

/** What handlers behind `endpoint()` can rely on: the spec, and the player for 'session'. */
export type EndpointEnv<S extends v.GenericSchema, A extends Auth> = {
  Variables: { endpoint: EndpointSpec<S, A> } & (A extends 'session'
    ? { user: SessionPlayer }
    : object)
}

type Handler = RouterRoute['handler']
/** A validator as `endpoint()` runs it: it answers a refusal itself, or calls `next`. */
type Check = (c: Context, next: Next) => Promise<unknown>

const endpoints = new WeakMap<Handler, EndpointSpec>()
const idempotencyMiddleware = new WeakSet<Handler>()
/** The inputs each endpoint() validates, by target. */
const declaredInputs = new WeakMap<Handler, Partial<Record<InputTarget, v.GenericSchema>>>()

/** A declaration's request schemas by Hono's target, with the rules given. */
type Targets<D extends EndpointDeclaration> = {
  param: D['params']
  query: D['query']
  json: BoundSchema<D['body']>
}
type Present<T> = { [K in keyof T as T[K] extends v.GenericSchema ? K : never]: T[K] }
type Checked<D extends EndpointDeclaration> = Present<Targets<D>>

/** The input types Hono gives `c.req.valid(target)` in the handler, as its validator would. */
export type DeclaredInput<D extends EndpointDeclaration> = {
  in: { [K in keyof Checked<D>]: v.InferInput<Checked<D>[K] & v.GenericSchema> }
  out: { [K in keyof Checked<D>]: v.InferOutput<Checked<D>[K] & v.GenericSchema> }
}

/** The route's first handlers, spread after its method: its path and its `endpoint()` middleware. */
export type DeclaredRoute<D extends EndpointDeclaration> = [
  D['path'],
  MiddlewareHandler<EndpointEnv<D['response'], D['auth']>, D['path'], DeclaredInput<D>>,
]

/**
 * The session check of `auth: 'session'`, then `validation` in order: a validator that refuses
 * the input answers, and its answer is this middleware's.
 */
function checks(spec: EndpointSpec, validation: readonly Check[]) {
  const middleware: MiddlewareHandler<AppEnv & { Variables: { endpoint: EndpointSpec } }> = async (
    c,
    next,
  ) => {
    if (spec.auth === 'session' && !c.get('user')) {
      throw new DomainError(401, apiMessages.sessionEnded)
    }
    c.set('endpoint', spec)
    const run = validation.reduceRight<Next>(
      (then, validator) => async () => {
        const refusal = await validator(c, then)
        if (refusal instanceof Response) c.res = refusal
      },
      next,
    )
    await run()
  }
  return middleware
}

/**
 * The route of an endpoint declared in contract/endpoints/, spread after the route's method with
 * its handler inline, so Hono types `c.req.valid()` and `c.var.user`:
 *
 *     .get(...endpoint(user.getProfile), (c) => reply(c, ...))
 *     .post(...endpoint(trading.createOffer, TRADING_RULES), idempotent(db), async (c) => ...)
 *
 * It gives Hono the declared path and one middleware that, in order, answers 401 without a
 * signed-in player for `auth: 'session'`, then validates the declared params, query and body
 * (with the rules the declaration's body or upload is built from, when it needs them) before
 * the handler runs. `listEndpoints()` checks the route's method and path are the declaration's.
 */
export function endpoint<D extends EndpointDeclaration>(
  declaration: D,
  ...rules: [RulesOf<D>] extends [never] ? [] : [rules: RulesOf<D>]
): DeclaredRoute<D>
export function endpoint(
  declaration: EndpointDeclaration,
  ...rules: unknown[]
): DeclaredRoute<EndpointDeclaration> {
  const { params, query, body, upload, errors } = declaration
  /** A part the declaration builds from the server's rules, built with the route's. */
  const built = <T>(part: T | ((rules: never) => T)): T =>
    typeof part === 'function' ? (part as (rules: unknown) => T)(rules[0]) : part
  const inputs: Partial<Record<InputTarget, v.GenericSchema>> = {}
  if (params) inputs.param = params
  if (query) inputs.query = query
  if (body) inputs.json = built(body)
  const spec: EndpointSpec = {
    ...declaration,
    upload: upload && built(upload),
    errors: errors && built(errors),
  }
  const middleware = checks(
    spec,
    Object.entries(inputs).map(([target, schema]) => inputValidator(target as InputTarget, schema)),
  ) as Handler
  endpoints.set(middleware, spec)
  declaredInputs.set(middleware, inputs)
  return [declaration.path, middleware]
}

/**
 * The endpoint an incoming request's route declares, or null (no route). Read by the app-wide
 * middleware that runs before the route's own handlers: Hono has matched every handler of the
 * request already, `endpoint()` among them.
 */
export function endpointOf(c: Context): EndpointSpec | null {
  for (const route of matchedRoutes(c)) {
    const spec = endpoints.get(route.handler)
    if (spec) return spec
  }
  return null
}

/** The upload an incoming request's route declares, or null for a JSON route (or no route). */
export function uploadOf(c: Context): UploadSpec | null {
  return endpointOf(c)?.upload ?? null
}

/** What routes read with the session (`readingWithSession`), by their `endpoint()` middleware. */
const sessionReads = new WeakMap<Handler, SessionRead<unknown>>()

/** The route of `endpoint()` whose handler finds `read`'s answer in `c.var.read`. */
export type ReadingRoute<D extends EndpointDeclaration, T> = [
  D['path'],
  MiddlewareHandler<
    EndpointEnv<D['response'], D['auth']> & {
      Variables: { read: D['auth'] extends 'session' ? T : T | null }
    },
    D['path'],
    DeclaredInput<D>
  >,
]

/**
 * The route of `endpoint()` whose answer is made of the player's row: the session middleware
 * reads `read`'s columns in the session lookup's own statement (decision 013), and the handler
 * finds what `read` made of them in `c.var.read` (null for a visitor, on a public route):
 *
 *     .get(...readingWithSession(endpoint(user.getProfile), profileRead), (c) => reply(c, c.var.read))
 */
export function readingWithSession<D extends EndpointDeclaration, T>(
  route: DeclaredRoute<D>,
  read: SessionRead<T>,
): ReadingRoute<D, T> {
  const [path, middleware] = route
  // Read before the handler runs: a call that changes the player would answer what it changed.
  if (endpoints.get(middleware as Handler)?.method !== 'GET') {
    throw new Error(`${path}: only a GET route can answer what it read with the session`)
  }
  sessionReads.set(middleware as Handler, read)
  return route as unknown as ReadingRoute<D, T>
}

/** What an incoming request's route reads with the session, or null (see `endpointOf`). */
export function sessionReadOf(c: Context): SessionRead<unknown> | null {
  for (const route of matchedRoutes(c)) {
    const read = sessionReads.get(route.handler)
    if (read) return read
  }
  return null
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
  /** The schemas `endpoint()` validates the input with, by target. */
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
      `${method} ${path} has no endpoint() metadata as its first handler; declare it (docs/adding.md, "An endpoint")`,
    )
  }
  if (spec.method !== method || spec.path !== path) {
    throw new Error(
      `${method} ${path} is routed with the declaration of ${spec.method} ${spec.path}: spread endpoint(declaration) after the declaration's own method`,
    )
  }
  const inputs = declaredInputs.get(first) ?? {}
  const idempotent = rest.some((handler) => idempotencyMiddleware.has(handler))
  if (rest.some((handler) => endpoints.has(handler))) {
    throw new Error(`${method} ${path} declares endpoint() twice`)
  }
  const { openApiPath, pathParams } = parsePath(method, path)
  const paramKeys = inputs.param ? Object.keys(objectEntries(inputs.param, method, path)) : []
  if (paramKeys.sort().join() !== [...pathParams].sort().join()) {
    throw new Error(
      `${method} ${path}: its params schema must check exactly the path's parameters (${pathParams.join(', ') || 'none'})`,
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
