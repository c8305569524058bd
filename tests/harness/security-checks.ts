import { randomBytes } from 'node:crypto'
import type * as v from 'valibot'
import { createApp } from '../../server/app'
import type { Db } from '../../server/db/client'
import { listEndpoints, type Endpoint } from '../../server/http/endpoint'
import { SESSION_COOKIE } from '../../server/http/session-cookie'
import type { Api, CallResult } from './api'
import { changedTables, dbState, effectBetween, effectMark } from './db-state'
import { caseContext, caseKey, type EndpointCase, type SampleCall } from './endpoint-cases'

/**
 * The app's endpoints with their metadata, read from the route table of an app built without a
 * database (building it touches none): what the harnesses name their tests after.
 */
export function appEndpoints(): Endpoint[] {
  return listEndpoints(createApp({ db: null as unknown as Db, allowedOrigins: [] }).routes)
}

/** What a security check runs against: the app's API and its database. */
export type Target = { api: Api; db: Db }

function send(target: Target, call: SampleCall): Promise<CallResult> {
  const { path, ...options } = call
  return target.api(path, options)
}

function describeAnswer(result: CallResult): string {
  return `${result.status} ${JSON.stringify(result.body).slice(0, 300)}`
}

/** Runs `call` and returns the tables it changed (none is what a refusal must leave). */
async function changesOf(target: Target, call: () => Promise<CallResult>) {
  const before = await dbState(target.db)
  const result = await call()
  return { result, changed: changedTables(before, await dbState(target.db)) }
}

/**
 * Without a valid session every endpoint that needs one answers 401 and changes nothing: with a
 * made-up cookie, and with the cookie of a session that was ended by logging out.
 */
export async function checkDeadSessions(
  target: Target,
  endpoint: Endpoint,
  endpointCase: EndpointCase,
): Promise<string[]> {
  const problems: string[] = []
  const context = await caseContext(target)
  const sample = await endpointCase.sample(context)
  const forged = `${SESSION_COOKIE}=${randomBytes(32).toString('base64url')}`
  const madeUp = await changesOf(target, () => send(target, { ...sample, cookie: forged }))
  if (madeUp.result.status !== 401 || madeUp.changed.length > 0) {
    problems.push(
      `a made-up session cookie got ${describeAnswer(madeUp.result)}, changed [${madeUp.changed}]`,
    )
  }
  await target.api('/api/auth/logout', { body: {}, cookie: context.caller.cookie })
  const ended = await changesOf(target, () => send(target, sample))
  if (ended.result.status !== 401 || ended.changed.length > 0) {
    problems.push(
      `the cookie of an ended session got ${describeAnswer(ended.result)}, changed [${ended.changed}]`,
    )
  }
  return problems
}

/**
 * A GET changes nothing: its valid call, made as a signed-in player would, leaves every table as it
 * was (rate limits and idempotency keys aside, as for refusals: tests/harness/db-state.ts). A
 * cross-site link or a prefetch can make a signed-in browser send any GET.
 */
export async function checkReadOnly(target: Target, endpointCase: EndpointCase): Promise<string[]> {
  const sample = await endpointCase.sample(await caseContext(target))
  const { result, changed } = await changesOf(target, () => send(target, sample))
  if (result.status >= 400) return [`its valid call answered ${describeAnswer(result)}`]
  return changed.length === 0 ? [] : [`${sample.path} changed [${changed}]`]
}

/**
 * A call on another player's things (the case's `owned` inputs) answers 403 or 404 and changes
 * nothing: the case is built with `owner` a different player from `caller`.
 */
export async function checkForeignIds(
  target: Target,
  endpointCase: EndpointCase,
): Promise<string[]> {
  const context = await caseContext(target, { foreignOwner: true })
  const sample = await endpointCase.sample(context)
  const { result, changed } = await changesOf(target, () => send(target, sample))
  if ((result.status === 403 || result.status === 404) && changed.length === 0) return []
  return [
    `as ${context.caller.email} on the things of ${context.owner.email} (${String(endpointCase.owned)}): ${describeAnswer(result)}, changed [${changed}]`,
  ]
}

/**
 * Fields a client must never decide: balances and amounts credited, owners, prices, ranks, roles,
 * states. Each is added to a valid body when the body's schema does not declare it, with a value
 * that would help the caller if the server honoured it.
 */
export function privilegedFields(ownerId: string): Record<string, unknown> {
  const rich = 9_000_000_000
  return {
    balance: rich,
    balances: { terycarbons: rich, gems: rich, voltaCharge: rich, terydollars: rich },
    terycarbons: rich,
    gems: rich,
    voltaCharge: rich,
    terydollars: rich,
    reward: rich,
    price: 0,
    fee: 0,
    userId: ownerId,
    ownerId,
    owner: ownerId,
    playerId: ownerId,
    sellerId: ownerId,
    buyerId: ownerId,
    parentId: ownerId,
    id: ownerId,
    rank: 11,
    rankIndex: 11,
    role: 'admin',
    isAdmin: true,
    admin: true,
    termsAgree: true,
    shareEmail: true,
    state: 'claimed',
    status: 'verified',
    createdAt: '2000-01-01T00:00:00.000Z',
  }
}

function declaredKeys(schema: v.GenericSchema | undefined): Set<string> {
  if (schema && 'entries' in schema && typeof schema.entries === 'object' && schema.entries) {
    return new Set(Object.keys(schema.entries))
  }
  return new Set()
}

/**
 * Fields a client must not set are ignored or refused: the same valid call, once as it is and
 * once with every undeclared privileged field added (made by other fresh players), answers the
 * same status and has the same effect (rows added, every balance, amount, rank and flag, every
 * movement of value). A 4xx for the second is a refusal, which is fine if it changed nothing.
 */
export async function checkPrivilegedFields(
  target: Target,
  endpoint: Endpoint,
  endpointCase: EndpointCase,
): Promise<string[]> {
  const declared = declaredKeys(endpoint.inputs.json)
  const run = async (tamper: boolean) => {
    const context = await caseContext(target, { foreignOwner: true })
    const sample = await endpointCase.sample({ ...context, owner: context.caller })
    const extra = Object.entries(privilegedFields(context.owner.id)).filter(
      ([key]) => !declared.has(key),
    )
    const body =
      tamper && typeof sample.body === 'object' && sample.body !== null
        ? { ...sample.body, ...Object.fromEntries(extra) }
        : sample.body
    const before = await effectMark(target.db)
    const result = await send(target, { ...sample, body })
    return { result, effect: effectBetween(before, await effectMark(target.db)) }
  }
  const plain = await run(false)
  const tampered = await run(true)
  const refused = tampered.result.status >= 400 && tampered.result.status < 500
  if (refused) {
    const nothing = Object.keys(tampered.effect.changed).length === 0
    return nothing
      ? []
      : [`refused the extra fields but changed ${JSON.stringify(tampered.effect)}`]
  }
  const problems: string[] = []
  if (tampered.result.status !== plain.result.status) {
    problems.push(
      `with the extra fields it answered ${tampered.result.status}, without them ${plain.result.status}`,
    )
  }
  if (JSON.stringify(tampered.effect) !== JSON.stringify(plain.effect)) {
    problems.push(
      `the extra fields changed the effect: without ${JSON.stringify(plain.effect)}, with ${JSON.stringify(tampered.effect)}`,
    )
  }
  return problems
}

/**
 * Query parameters naming another player (`?userId=...`) that the endpoint does not declare are
 * ignored: the answer carries nothing of that player that the same call without them does not.
 */
export async function checkForeignQuery(
  target: Target,
  endpoint: Endpoint,
  endpointCase: EndpointCase,
): Promise<string[]> {
  const context = await caseContext(target, { foreignOwner: true })
  const { caller, owner } = context
  const sample = await endpointCase.sample({ ...context, owner: caller })
  const declared = declaredKeys(endpoint.inputs.query)
  const url = new URL(sample.path, 'http://tery.invalid')
  const foreign = {
    userId: owner.id,
    ownerId: owner.id,
    playerId: owner.id,
    id: owner.id,
    email: owner.email,
    code: owner.code,
  }
  for (const [name, value] of Object.entries(foreign)) {
    if (!declared.has(name)) url.searchParams.set(name, value)
  }
  const plain = JSON.stringify((await send(target, sample)).body)
  const tampered = await send(target, { ...sample, path: `${url.pathname}${url.search}` })
  const text = JSON.stringify(tampered.body)
  const leaked = [owner.id, owner.email, owner.code].filter(
    (value) => text.includes(value) && !plain.includes(value),
  )
  return leaked.length === 0
    ? []
    : [
        `?${url.searchParams} made it answer another player's ${leaked.join(', ')}: ${describeAnswer(tampered)}`,
      ]
}

/** The endpoints a check applies to, with their cases, named for the test titles. */
export function named(endpoints: readonly Endpoint[]): [string, Endpoint][] {
  return endpoints.map((endpoint) => [caseKey(endpoint), endpoint])
}
