import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/db/client'
import { users } from '../../server/db/schema'
import { DEMO_CODE, seedDemo } from '../../server/db/seed'
import {
  assertLedgerInvariant,
  CURRENCY_SUPPLY,
  getBalances,
  InsufficientFundsError,
  transfer,
} from '../../server/services/ledger'
import { signupFor, startTestServer, type TestServer } from './support/test-server'

let server: TestServer
let db: Db

async function newPlayerId() {
  const body = signupFor(DEMO_CODE)
  expect((await server.call('/api/auth/signup', { body })).status).toBe(201)
  const [user] = await db.select().from(users).where(eq(users.email, body.email))
  if (!user) throw new Error(`signup did not create ${body.email}`)
  return user.id
}

async function fund(userId: string, amount: number) {
  await db.transaction((tx) =>
    transfer(tx, {
      currency: 'gems',
      from: { system: 'supply' },
      to: { userId },
      amount,
      kind: 'test',
    }),
  )
}

beforeAll(async () => {
  server = await startTestServer()
  db = server.db
  await seedDemo(db)
})

afterAll(async () => {
  await server.close()
})

describe('ledger', () => {
  it('starts with the whole constant supply issued and the invariant holding', async () => {
    expect(CURRENCY_SUPPLY.gems).toBeGreaterThan(0)
    await assertLedgerInvariant(db)
  })

  it('moves value from one account to another', async () => {
    const alice = await newPlayerId()
    const bob = await newPlayerId()
    await fund(alice, 50)
    await db.transaction((tx) =>
      transfer(tx, {
        currency: 'gems',
        from: { userId: alice },
        to: { userId: bob },
        amount: 20,
        kind: 'test',
      }),
    )
    expect((await getBalances(db, alice)).gems).toBe(30)
    expect((await getBalances(db, bob)).gems).toBe(20)
    await assertLedgerInvariant(db)
  })

  it('never lets a balance go negative, and a failed transfer leaves everything as it was', async () => {
    const alice = await newPlayerId()
    const bob = await newPlayerId()
    await fund(alice, 10)
    await expect(
      db.transaction((tx) =>
        transfer(tx, {
          currency: 'gems',
          from: { userId: alice },
          to: { userId: bob },
          amount: 11,
          kind: 'test',
        }),
      ),
    ).rejects.toBeInstanceOf(InsufficientFundsError)
    expect((await getBalances(db, alice)).gems).toBe(10)
    expect((await getBalances(db, bob)).gems).toBe(0)
    await assertLedgerInvariant(db)
  })

  it('rolls the money back when the business change in the same transaction fails', async () => {
    const alice = await newPlayerId()
    await fund(alice, 10)
    await expect(
      db.transaction(async (tx) => {
        await transfer(tx, {
          currency: 'gems',
          from: { userId: alice },
          to: { system: 'supply' },
          amount: 5,
          kind: 'test',
        })
        throw new Error('the purchase failed after paying')
      }),
    ).rejects.toThrow('the purchase failed')
    expect((await getBalances(db, alice)).gems).toBe(10)
    await assertLedgerInvariant(db)
  })

  it('rejects amounts that are not positive whole numbers', async () => {
    const alice = await newPlayerId()
    for (const amount of [0, -5, 1.5, Number.NaN]) {
      await expect(
        db.transaction((tx) =>
          transfer(tx, {
            currency: 'gems',
            from: { system: 'supply' },
            to: { userId: alice },
            amount,
            kind: 'test',
          }),
        ),
      ).rejects.toThrow('positive whole number')
    }
  })

  it('pays an idempotent reward at most once', async () => {
    const alice = await newPlayerId()
    const pay = () =>
      db.transaction((tx) =>
        transfer(tx, {
          currency: 'voltaCharge',
          from: { system: 'supply' },
          to: { userId: alice },
          amount: 7,
          kind: 'test',
          idempotencyKey: `test-reward:${alice}`,
        }),
      )
    const results = await Promise.allSettled([pay(), pay(), pay()])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect((await getBalances(db, alice)).voltaCharge).toBe(7)
    await assertLedgerInvariant(db)
  })

  it('lets 100 concurrent transfers from one account spend only what it holds', async () => {
    const payer = await newPlayerId()
    const payees = [await newPlayerId(), await newPlayerId(), await newPlayerId()] as const
    await fund(payer, 30)
    const results = await Promise.allSettled(
      Array.from({ length: 100 }, (_, i) =>
        db.transaction((tx) =>
          transfer(tx, {
            currency: 'gems',
            from: { userId: payer },
            to: { userId: payees[i % 3] ?? payees[0] },
            amount: 1,
            kind: 'test',
          }),
        ),
      ),
    )
    const succeeded = results.filter((r) => r.status === 'fulfilled').length
    expect(succeeded).toBe(30)
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(InsufficientFundsError)
    }
    expect((await getBalances(db, payer)).gems).toBe(0)
    let received = 0
    for (const payee of payees) received += (await getBalances(db, payee)).gems
    expect(received).toBe(30)
    await assertLedgerInvariant(db)
  })

  it('does not deadlock on opposite transfers between the same two accounts', async () => {
    const alice = await newPlayerId()
    const bob = await newPlayerId()
    await fund(alice, 100)
    await fund(bob, 100)
    await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        db.transaction((tx) =>
          transfer(tx, {
            currency: 'gems',
            from: { userId: i % 2 ? alice : bob },
            to: { userId: i % 2 ? bob : alice },
            amount: 1,
            kind: 'test',
          }),
        ),
      ),
    )
    expect((await getBalances(db, alice)).gems + (await getBalances(db, bob)).gems).toBe(200)
    await assertLedgerInvariant(db)
  })
})
