import { and, count, eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { apiMessages, validationMessages } from '../../contract/messages'
import { accounts, idempotencyKeys, ledgerTransfers } from '../../server/db/schema'
import { DEMO_CODE } from '../../server/db/seed/players'
import { reply } from '../../server/http/envelope'
import { idempotent } from '../../server/http/idempotency'
import type { AppEnv } from '../../server/http/request-context'
import { endpoint, listEndpoints } from '../../server/http/endpoint'
import { defineEndpoint } from '../../contract/endpoint'
import { getBalances, transfer } from '../../server/services/ledger'
import { serverBusy } from '../../server/services/passwords'
import { inTransaction } from '../../server/services/atomic'
import { DomainError } from '../../server/services/errors'
import { caseContext, caseKey, caseOf } from '../harness/endpoint-cases'
import { signupFor, startTestServer, type CallResult, type TestServer } from './support/test-server'

let server: TestServer
let refuseNextForLoad = false
/** The next request fails after its movement, as a defect or a lost connection would. */
let failNextAfterPaying = false
/** The next request refuses with 429 after its movement (a limit taken and refused). */
let limitNextAfterPaying = false

/**
 * A money-moving POST that exists only in this test: it pays the player gems from the supply, with
 * no idempotency of its own, so every run it makes is one more movement.
 */
const payGems = defineEndpoint({
  method: 'POST',
  path: '/api/test/pay',
  summary: 'Pays the player gems (test only).',
  auth: 'session',
  body: v.object({
    gems: v.pipe(
      v.number(validationMessages.digits),
      v.integer(validationMessages.digits),
      v.minValue(1, validationMessages.digits),
    ),
  }),
  response: v.object({ gems: v.number(), at: v.string() }),
  status: 201,
  message: 'Pago hecho',
  errors: [
    { status: 503, message: apiMessages.busy, when: 'The test asks for a refusal.' },
    { status: 429, message: apiMessages.tooManyAttempts, when: 'The test asks for a limit.' },
  ],
})

function payRoutes(db: TestServer['db']) {
  return new Hono<AppEnv>().post(...endpoint(payGems), idempotent(db), async (c) => {
    if (refuseNextForLoad) {
      refuseNextForLoad = false
      throw serverBusy()
    }
    const { id } = c.var.user
    const { gems } = c.req.valid('json')
    await inTransaction(c.var.db, (tx) =>
      transfer(tx, {
        currency: 'gems',
        from: { system: 'supply' },
        to: { userId: id },
        amount: gems,
        kind: 'test-pay',
      }),
    )
    if (failNextAfterPaying) {
      failNextAfterPaying = false
      throw new Error('el proceso murió después del pago')
    }
    if (limitNextAfterPaying) {
      limitNextAfterPaying = false
      throw new DomainError(429, apiMessages.tooManyAttempts, null, { 'Retry-After': '60' })
    }
    const balances = await getBalances(c.var.db, id)
    return reply(c, { gems: balances.gems, at: new Date().toISOString() })
  })
}

beforeAll(async () => {
  // A test-only group behind the real middleware (headers, guard, session), and documented.
  server = await startTestServer({ extraRoutes: (db) => [payRoutes(db)], seed: 'demo' })
})

afterAll(async () => {
  await server.close()
})

async function newPlayer() {
  const body = signupFor(DEMO_CODE)
  expect((await server.call('/api/auth/signup', { body })).status).toBe(201)
  const login = await server.call<{ id: string }>('/api/auth/login', {
    body: { email: body.email, password: body.password },
  })
  return { cookie: login.cookie as string, id: login.body.data.id }
}

function pay(cookie: string, gems: number, key?: string) {
  return server.call<{ gems: number; at: string }>('/api/test/pay', {
    body: { gems },
    cookie,
    headers: key === undefined ? {} : { 'idempotency-key': key },
  })
}

async function paymentsTo(userId: string) {
  const [row] = await server.db
    .select({ n: count() })
    .from(ledgerTransfers)
    .innerJoin(accounts, eq(accounts.id, ledgerTransfers.toAccountId))
    .where(and(eq(accounts.userId, userId), eq(ledgerTransfers.kind, 'test-pay')))
  return row?.n ?? 0
}

const sameAnswer = (result: CallResult) => ({ status: result.status, body: result.body })

describe('Idempotency-Key', () => {
  it('gives 50 simultaneous requests with one key one movement and 50 identical answers', async () => {
    const player = await newPlayer()
    const answers = await Promise.all(
      Array.from({ length: 50 }, () => pay(player.cookie, 7, 'pago-7f3a9c')),
    )
    expect(await paymentsTo(player.id)).toBe(1)
    expect((await getBalances(server.db, player.id)).gems).toBe(7)
    const first = sameAnswer(answers[0] as CallResult)
    expect(first).toMatchObject({ status: 201, body: { message: 'Pago hecho', data: { gems: 7 } } })
    for (const answer of answers) expect(sameAnswer(answer)).toEqual(first)
    expect(answers.filter((a) => a.headers.get('idempotent-replayed') === 'true')).toHaveLength(49)

    // A replay long after gets the same answer too, and moves nothing.
    const later = await pay(player.cookie, 7, 'pago-7f3a9c')
    expect(sameAnswer(later)).toEqual(first)
    expect(await paymentsTo(player.id)).toBe(1)
  })

  it('answers 422 to the same key with another body, and moves nothing', async () => {
    const player = await newPlayer()
    expect((await pay(player.cookie, 5, 'clave-unica')).status).toBe(201)
    const other = await pay(player.cookie, 6, 'clave-unica')
    expect(other.status).toBe(422)
    expect(other.body).toEqual({
      status: 422,
      message: 'La clave de idempotencia ya se usó con otra solicitud',
      data: null,
    })
    expect(other.headers.get('cache-control')).toBe('no-store')
    expect(await paymentsTo(player.id)).toBe(1)
  })

  it.each([
    ['empty', ''],
    ['129 characters long', 'k'.repeat(129)],
    ['with a space', 'mi clave'],
    ['with a non-ASCII letter', 'clave-ñ'],
  ])('answers 400 to a key %s, and moves nothing', async (_, key) => {
    const player = await newPlayer()
    const result = await pay(player.cookie, 5, key)
    expect(result.status).toBe(400)
    expect(result.body.message).toBe('La clave de idempotencia no es válida')
    expect(await paymentsTo(player.id)).toBe(0)
  })

  it('accepts a 128-character key', async () => {
    const player = await newPlayer()
    expect((await pay(player.cookie, 5, '~'.repeat(128))).status).toBe(201)
  })

  it('runs every request without the header', async () => {
    const player = await newPlayer()
    await pay(player.cookie, 2)
    await pay(player.cookie, 2)
    expect(await paymentsTo(player.id)).toBe(2)
  })

  it("keeps each player's keys apart", async () => {
    const alice = await newPlayer()
    const bob = await newPlayer()
    expect((await pay(alice.cookie, 3, 'compartida')).status).toBe(201)
    const bobs = await pay(bob.cookie, 4, 'compartida')
    expect(bobs.status).toBe(201)
    expect(bobs.body.data.gems).toBe(4)
    expect(await paymentsTo(bob.id)).toBe(1)
  })

  it('runs a key again after 24 hours', async () => {
    const player = await newPlayer()
    await pay(player.cookie, 3, 'de-ayer')
    await server.db.execute(
      sql`update idempotency_keys set created_at = now() - interval '25 hours' where key = 'de-ayer'`,
    )
    const again = await pay(player.cookie, 3, 'de-ayer')
    expect(again.status).toBe(201)
    expect(again.body.data.gems).toBe(6)
    expect(await paymentsTo(player.id)).toBe(2)
  })

  it('does not keep a 503: the same key runs when sent again', async () => {
    const player = await newPlayer()
    refuseNextForLoad = true
    const busy = await pay(player.cookie, 9, 'reintento')
    expect(busy.status).toBe(503)
    expect(busy.body.message).toBe('El servidor está ocupado. Intenta de nuevo en unos segundos.')
    expect(busy.headers.get('retry-after')).toBe('5')
    const retried = await pay(player.cookie, 9, 'reintento')
    expect(retried.status).toBe(201)
    expect(await paymentsTo(player.id)).toBe(1)
  })

  it('undoes a request that fails after its movement, key included: its replay runs afresh', async () => {
    const player = await newPlayer()
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {})
    failNextAfterPaying = true
    const failed = await pay(player.cookie, 8, 'se-cayo')
    expect(failed.status).toBe(500)
    expect(logged).toHaveBeenCalledOnce()
    logged.mockRestore()
    expect(await paymentsTo(player.id)).toBe(0)
    const replay = await pay(player.cookie, 8, 'se-cayo')
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotent-replayed')).toBeNull()
    expect(await paymentsTo(player.id)).toBe(1)
  })

  it('keeps what a request did before a 429, but not its key', async () => {
    const player = await newPlayer()
    limitNextAfterPaying = true
    expect((await pay(player.cookie, 4, 'limitada')).status).toBe(429)
    expect(await paymentsTo(player.id)).toBe(1)
    expect((await pay(player.cookie, 4, 'limitada')).status).toBe(201)
    expect(await paymentsTo(player.id)).toBe(2)
  })

  it('runs a key an older server left without an answer, instead of answering 409', async () => {
    const player = await newPlayer()
    // What a crash between the movement and its answer left before they committed together.
    await server.db.insert(idempotencyKeys).values({
      userId: player.id,
      key: 'huerfana',
      fingerprint: 'de-una-solicitud-que-no-termino',
    })
    const answer = await pay(player.cookie, 3, 'huerfana')
    expect(answer.status).toBe(201)
    expect(await paymentsTo(player.id)).toBe(1)
  })

  it('runs every money-moving endpoint with a key in one transaction, and replays its answer', async () => {
    const keyed = listEndpoints(server.app.routes).filter(
      (endpoint) =>
        endpoint.idempotent &&
        endpoint.path.startsWith('/api/') &&
        !endpoint.path.startsWith('/api/test/'),
    )
    expect(keyed.length).toBeGreaterThan(20)
    for (const [index, endpoint] of keyed.entries()) {
      const name = caseKey(endpoint)
      const { path, ...sample } = await caseOf(endpoint).sample(
        await caseContext({ api: server.call, db: server.db }),
      )
      const call = () =>
        server.call(path, {
          method: endpoint.method,
          ...sample,
          headers: { ...sample.headers, 'idempotency-key': `muestra-${index}` },
        })
      // On PGlite a handler that queries the root db waits for its own transaction for ever.
      let timer: NodeJS.Timeout | undefined
      const first = await Promise.race([
        call(),
        new Promise<never>((_, reject) => {
          timer = setTimeout(
            () => reject(new Error(`${name} did not answer: does it use c.var.db throughout?`)),
            20_000,
          )
        }),
      ]).finally(() => clearTimeout(timer))
      expect(first.status, name).toBeLessThan(300)
      const again = await call()
      expect(sameAnswer(again), name).toEqual(sameAnswer(first))
      expect(again.headers.get('idempotent-replayed'), name).toBe('true')
    }
  }, 120_000)
})
