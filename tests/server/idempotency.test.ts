import { and, count, eq, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiMessages, validationMessages } from '../../contract/messages'
import { accounts, ledgerTransfers } from '../../server/db/schema'
import { DEMO_CODE } from '../../server/db/seed/players'
import { reply } from '../../server/http/envelope'
import { idempotent } from '../../server/http/idempotency'
import type { AppEnv } from '../../server/http/request-context'
import { endpoint } from '../../server/http/endpoint'
import { validate } from '../../server/http/validate'
import { getBalances, transfer } from '../../server/services/ledger'
import { serverBusy } from '../../server/services/passwords'
import { seedDemo } from '../../server/db/seed'
import { signupFor, startTestServer, type CallResult, type TestServer } from './support/test-server'

let server: TestServer
let refuseNextForLoad = false

/**
 * A money-moving POST that exists only in this test: it pays the player gems from the supply, with
 * no idempotency of its own, so every run it makes is one more movement.
 */
function payRoutes(db: TestServer['db']) {
  return new Hono<AppEnv>().post(
    '/',
    endpoint({
      summary: 'Pays the player gems (test only).',
      auth: 'session',
      response: v.object({ gems: v.number(), at: v.string() }),
      status: 201,
      message: 'Pago hecho',
      errors: [{ status: 503, message: apiMessages.busy, when: 'The test asks for a refusal.' }],
    }),
    validate(
      'json',
      v.object({
        gems: v.pipe(
          v.number(validationMessages.digits),
          v.integer(validationMessages.digits),
          v.minValue(1, validationMessages.digits),
        ),
      }),
    ),
    idempotent(db),
    async (c) => {
      if (refuseNextForLoad) {
        refuseNextForLoad = false
        throw serverBusy()
      }
      const { id } = c.var.user
      const { gems } = c.req.valid('json')
      await db.transaction((tx) =>
        transfer(tx, {
          currency: 'gems',
          from: { system: 'supply' },
          to: { userId: id },
          amount: gems,
          kind: 'test-pay',
        }),
      )
      const balances = await getBalances(db, id)
      return reply(c, { gems: balances.gems, at: new Date().toISOString() })
    },
  )
}

beforeAll(async () => {
  // A test-only group behind the real middleware (headers, guard, session), and documented.
  server = await startTestServer({ extraRoutes: (db) => ({ '/test/pay': payRoutes(db) }) })
  await seedDemo(server.db)
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
})
