import type * as v from 'valibot'
import type { MoneyMovement } from './currencies'

/*
 * An endpoint declared once, here, and read by both sides: the server's `endpoint()` (session
 * check, input validation, success status and message, the OpenAPI document and docs/api.md) and
 * the browser's `call()` in src/api/http.ts (method, path, the types of what it sends and of the
 * answer, checked against `response` in development and tests). The declarations live in
 * contract/endpoints/, one module per API group, as the server's routes do.
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

/** Who may call an endpoint: anyone, or only a signed-in player (401 otherwise). */
export type Auth = 'public' | 'session'

/** The statuses a refusal can have (the server's `DomainError`). */
export type RefusalStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 503

/** A refusal an endpoint answers besides the ones every endpoint of its kind can give. */
export type EndpointError = {
  status: RefusalStatus
  /** The envelope's Spanish message, from contract/messages.ts. */
  message: string
  /** When it is answered, in plain English words. */
  when: string
  /** The input field the refusal is about: the message is also under `data.fields[field]`. */
  field?: string
}

/** A body whose file types and size the server takes (its rules, served by GET /api/config). */
export type UploadSpec = {
  /** Accepted media types; each needs a signature in server/http/upload.ts. */
  types: readonly string[]
  maxBytes: number
}

/**
 * How the browser's client treats a 401 and a call without an answer, as the spec's error
 * catalogue (section 8) says; `default` unless the declaration names another.
 * - `default`: a 401 outside '/' ends the session ('La sesión ha terminado'); on '/' it is an
 *   error with the server's message.
 * - `missionSummary`: the mission summary calls: a 401 always ends the session, and no answer
 *   reads 'Ocurrio en error al procesar la solicitud'.
 * - `anonymous`: a 401 is an answer rather than an expired session (checking the session, logging
 *   in, logging out): it comes back with the server's message and the caller decides.
 */
export type ErrorPolicy = 'default' | 'missionSummary' | 'anonymous'

/**
 * A request schema, or a function building it from the server's rules (bounds that GET
 * /api/config serves, such as an order's minimum): the route gives the rules to `endpoint()`.
 */
export type RequestSchema = v.GenericSchema | ((rules: never) => v.GenericSchema)

/** What one endpoint is. */
export type EndpointDeclaration = {
  method: HttpMethod
  /** Hono's path, `:name` for a parameter, as the spec writes it. */
  path: `/api/${string}`
  /** One line saying what the endpoint does. */
  summary: string
  /** More words, when the summary is not enough (Markdown). */
  description?: string
  /** 'session' answers 401 'La sesión ha terminado' before anything else runs without a session. */
  auth: Auth
  /** The path's parameters: a valibot object with exactly the path's `:name`s. */
  params?: v.GenericSchema
  /** The query: a valibot object. */
  query?: v.GenericSchema
  /** The JSON body. A POST, PATCH, PUT or DELETE without one is sent `{}`. */
  body?: RequestSchema
  /** The body is a file instead of JSON, of the types and size these rules allow. */
  upload?: (rules: never) => UploadSpec
  /** Schema of the envelope's `data` on success (of the whole body when `envelope` is false). */
  response: v.GenericSchema
  /** Success status; 200 unless the endpoint creates something. */
  status?: 200 | 201
  /** Success message; 'Operación exitosa' unless given. */
  message?: string
  /**
   * Refusals this endpoint adds to the common ones (see server/http/openapi.ts); built from the
   * server's rules when their messages name a bound.
   */
  errors?: readonly EndpointError[] | ((rules: never) => readonly EndpointError[])
  /**
   * The money a successful call moves for the calling player (`x-money` in the document): the
   * machine transitions that make the call mark the same, and `npm run docs` checks they agree.
   */
  money?: readonly MoneyMovement[]
  /** Groups in the reference; by default the path segment after /api. */
  tags?: readonly string[]
  /** False only for answers other tools read as they are (the OpenAPI document itself). */
  envelope?: false
  /** The success's media type when it is not JSON (GET /api/live: Server-Sent Events). */
  contentType?: 'text/event-stream'
  /** How the browser's client reads a 401 and a missing answer from this endpoint. */
  policy?: ErrorPolicy
}

/**
 * Declares an endpoint. The production build of the browser app keeps only `method`, `path` and
 * `policy` of each declaration (scripts/lib/strip-endpoint-docs.ts), so its schemas and words
 * never reach the player's browser; development and tests keep it whole.
 */
export function defineEndpoint<const D extends EndpointDeclaration>(declaration: D): D {
  return declaration
}

/** The schema a request part is checked with, once the server's rules are given. */
export type BoundSchema<S> = S extends (rules: never) => infer Bound ? Bound : S

/** A part of a declaration the server's rules build. */
type BuiltFrom<T> = T extends (rules: infer R) => unknown ? R : never

/**
 * The rules an endpoint's body, upload or refusals are built from (one object, given by the
 * route), or never when it needs none.
 */
export type RulesOf<D extends EndpointDeclaration> =
  BuiltFrom<D['body']> | BuiltFrom<D['upload']> | BuiltFrom<D['errors']>

/** The answer's `data` as it arrives: the response schema's type (answers carry no transforms). */
export type AnswerOf<D extends EndpointDeclaration> = v.InferOutput<D['response']>
