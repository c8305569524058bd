import { setTimeout as sleep } from 'node:timers/promises'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Currency } from '../../contract/currencies'
import { openPostgres, selectRows, type Db } from '../../server/db/client'
import { accounts, ledgerTransfers, users } from '../../server/db/schema'
import { DEMO_CODE } from '../../server/db/seed/players'
import { createPlayer } from '../../server/services/auth'
import {
  assertLedgerInvariant,
  checkLedgerInvariant,
  CURRENCY_SUPPLY,
  DuplicateTransferError,
  getBalances,
  getSystemBalance,
  InsufficientFundsError,
  transfer,
  type SystemAccountKey,
  type TransferInput,
} from '../../server/services/ledger'
import { onPostgres, signupFor, startTestServer, type TestServer } from './support/test-server'

let server: TestServer
let db: Db

async function newPlayerId() {
  const body = signupFor(DEMO_CODE)
  expect((await server.call('/api/auth/signup', { body })).status).toBe(201)
  const [user] = await db.select().from(users).where(eq(users.email, body.email))
  if (!user) throw new Error(`signup did not create ${body.email}`)
  return user.id
}

async function fund(userId: string, amount: number, currency: Currency = 'gems') {
  await db.transaction((tx) =>
    transfer(tx, {
      currency,
      from: { system: 'supply' },
      to: { userId },
      amount,
      kind: 'test',
    }),
  )
}

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' })
  db = server.db
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

  it('runs only inside a transaction: the root db does not type-check', () => {
    const reward: TransferInput = {
      currency: 'gems',
      from: { system: 'supply' },
      to: { userId: 'nadie' },
      amount: 1,
      kind: 'test',
    }
    // Never called: the point is that typecheck fails if transfer() ever accepts the root db.
    // @ts-expect-error transfer() takes a transaction (Tx), so money never moves outside one.
    const outsideTransaction = () => transfer(db, reward)
    expect(outsideTransaction).toBeTypeOf('function')
  })

  it('refuses a second transfer with the same idempotency key and pays nothing more', async () => {
    const alice = await newPlayerId()
    const reward = {
      currency: 'voltaCharge',
      from: { system: 'supply' },
      to: { userId: alice },
      amount: 7,
      kind: 'test',
      idempotencyKey: `test-once:${alice}`,
    } as const
    const supplyBefore = await getSystemBalance(db, 'supply', 'voltaCharge')
    await db.transaction((tx) => transfer(tx, reward))
    await expect(db.transaction((tx) => transfer(tx, reward))).rejects.toBeInstanceOf(
      DuplicateTransferError,
    )
    // Inside one transaction too: the refused call writes nothing, the transaction stays usable.
    await db.transaction(async (tx) => {
      await expect(transfer(tx, reward)).rejects.toBeInstanceOf(DuplicateTransferError)
      await transfer(tx, { ...reward, amount: 1, idempotencyKey: `test-other:${alice}` })
    })
    expect((await getBalances(db, alice)).voltaCharge).toBe(8)
    expect(await getSystemBalance(db, 'supply', 'voltaCharge')).toBe(supplyBefore - 8)
    await assertLedgerInvariant(db)
  })

  it('pays an idempotent reward at most once when the requests race', async () => {
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
    const results = await Promise.allSettled(Array.from({ length: 20 }, pay))
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    for (const result of results) {
      if (result.status === 'rejected') expect(result.reason).toBeInstanceOf(DuplicateTransferError)
    }
    expect((await getBalances(db, alice)).voltaCharge).toBe(7)
    await assertLedgerInvariant(db)
  })

  it('keeps the cause of a transfer, so a player can see why a credit came', async () => {
    const alice = await newPlayerId()
    const id = await db.transaction((tx) =>
      transfer(tx, {
        currency: 'gems',
        from: { system: 'supply' },
        to: { userId: alice },
        amount: 3,
        kind: 'team-reward',
        cause: { station: 9, generation: 2, fromUserId: 'f7d1', percent: 35 },
      }),
    )
    const [row] = await db.select().from(ledgerTransfers).where(eq(ledgerTransfers.id, id))
    expect(row).toMatchObject({
      kind: 'team-reward',
      cause: { station: 9, generation: 2, fromUserId: 'f7d1', percent: 35 },
    })
  })

  it('opens a new system account on its first transfer, with a balance derived from its entries', async () => {
    const alice = await newPlayerId()
    await fund(alice, 40)
    // A key no production code uses yet: adding one is adding it to SystemAccountKey.
    const escrow = { system: 'test-escrow' as SystemAccountKey }
    await db.transaction((tx) =>
      transfer(tx, {
        currency: 'gems',
        from: { userId: alice },
        to: escrow,
        amount: 25,
        kind: 'test',
      }),
    )
    expect(await getSystemBalance(db, escrow.system, 'gems')).toBe(25)
    const [row] = await db
      .select({ balance: accounts.balance })
      .from(accounts)
      .where(eq(accounts.systemKey, escrow.system))
    // No stored balance to lock or update: it is issued + entries.
    expect(row?.balance).toBeNull()
    await db.transaction((tx) =>
      transfer(tx, {
        currency: 'gems',
        from: escrow,
        to: { userId: alice },
        amount: 10,
        kind: 'test',
      }),
    )
    expect(await getSystemBalance(db, escrow.system, 'gems')).toBe(15)
    expect((await getBalances(db, alice)).gems).toBe(25)
    await assertLedgerInvariant(db)
  })

  it('reports a drifted player balance, a system account in the red and a one-sided transfer', async () => {
    expect(await checkLedgerInvariant(db)).toEqual([])
    const alice = await newPlayerId()
    const [account] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.userId, alice), eq(accounts.currency, 'gems')))
    if (!account) throw new Error('no account')
    const drain = { system: 'test-drain' as SystemAccountKey }
    await db.transaction((tx) =>
      transfer(tx, {
        currency: 'gems',
        from: drain,
        to: { userId: alice },
        amount: 4,
        kind: 'test',
      }),
    )
    await db.execute(sql`update accounts set balance = balance + 1 where id = ${account.id}`)
    const [lonely] = await db
      .insert(ledgerTransfers)
      .values({
        currency: 'gems',
        amount: 1,
        fromAccountId: account.id,
        toAccountId: account.id + 1,
        kind: 'test',
      })
      .returning({ id: ledgerTransfers.id })

    const violations = await checkLedgerInvariant(db)
    expect(violations.join('\n')).toContain(`account ${account.id}: balance 5`)
    expect(violations.join('\n')).toMatch(/system account \d+: balance -4 is negative/)
    expect(violations).toContain(`transfer ${lonely?.id}: entries are not its debit and its credit`)
    expect(violations.join('\n')).toContain('gems: balances sum to')

    await db.delete(ledgerTransfers).where(eq(ledgerTransfers.id, lonely?.id ?? 0))
    await db.execute(sql`update accounts set balance = balance - 1 where id = ${account.id}`)
    await db.transaction((tx) =>
      transfer(tx, {
        currency: 'gems',
        from: { userId: alice },
        to: drain,
        amount: 4,
        kind: 'test',
      }),
    )
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

// PGlite runs one transaction at a time: whether rewards queue behind one lock can only be seen on
// PostgreSQL (the CI runs this suite on both).
describe.runIf(onPostgres)('ledger on PostgreSQL', () => {
  it('lets two transactions of one player, each paying in one currency and paid in another, both finish', async () => {
    const player = await newPlayerId()
    const seller = await newPlayerId()
    await fund(player, 10, 'gems')
    await fund(player, 10, 'terydollars')
    // Each transaction makes its first movement, then waits (up to half a second) for the other
    // to make its own before its second: locking a player one currency at a time, they would
    // hold one currency each and wait for each other's.
    let arrived = 0
    let meet = () => {}
    const met = new Promise<void>((resolve) => (meet = resolve))
    const halfway = async () => {
      arrived += 1
      if (arrived === 2) meet()
      await Promise.race([met, sleep(500)])
    }
    const move = (currency: Currency, from: TransferInput['from'], to: TransferInput['to']) => ({
      currency,
      from,
      to,
      amount: 4,
      kind: 'test',
    })
    const purchase = db.transaction(async (tx) => {
      await transfer(tx, move('gems', { userId: player }, { userId: seller }))
      await halfway()
      await transfer(tx, move('terydollars', { system: 'supply' }, { userId: player }))
    })
    const burn = db.transaction(async (tx) => {
      await transfer(tx, move('terydollars', { userId: player }, { system: 'supply' }))
      await halfway()
      await transfer(tx, move('gems', { system: 'supply' }, { userId: player }))
    })
    const results = await Promise.allSettled([purchase, burn])
    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled'])
    expect(await getBalances(db, player)).toMatchObject({ gems: 10, terydollars: 10 })
    expect((await getBalances(db, seller)).gems).toBe(4)
    await assertLedgerInvariant(db)
  })

  it('pays 100 concurrent rewards to 100 players without any of them waiting on a lock', async () => {
    const players = 100
    const ids: string[] = []
    for (let i = 0; i < players; i += 1) {
      const body = signupFor(DEMO_CODE)
      const user = await createPlayer(
        db,
        { ...body, parentCode: DEMO_CODE, passwordHash: 'x' },
        new Date(),
      )
      ids.push(user.id)
    }
    const supplyBefore = await getSystemBalance(db, 'supply', 'gems')
    const wide = openPostgres(server.database.url as string, { max: players + 2 })
    let arrived = 0
    let release = () => {}
    const barrier = new Promise<void>((resolve) => (release = resolve))
    const payments = ids.map((userId) =>
      wide.db.transaction(async (tx) => {
        await transfer(tx, {
          currency: 'gems',
          from: { system: 'supply' },
          to: { userId },
          amount: 5,
          kind: 'test',
        })
        arrived += 1
        // Hold the transaction open, with whatever it locked, until every payment got here.
        await barrier
      }),
    )
    try {
      // With a shared supply row, the first payment would hold it and the others would queue.
      const deadline = Date.now() + 20_000
      while (arrived < players && Date.now() < deadline) await sleep(50)
      const [waiting] = await selectRows<{ sessions: number; locks: number }>(
        db,
        sql`select
              (select count(*)::int from pg_stat_activity
                where datname = current_database() and wait_event_type = 'Lock') as sessions,
              (select count(*)::int from pg_locks l join pg_stat_activity a using (pid)
                where a.datname = current_database() and not l.granted) as locks`,
      )
      expect(waiting).toEqual({ sessions: 0, locks: 0 })
      expect(arrived).toBe(players)
    } finally {
      release()
      await Promise.allSettled(payments)
      await wide.close()
    }
    expect(await getSystemBalance(db, 'supply', 'gems')).toBe(supplyBefore - 5 * players)
    for (const userId of ids.slice(0, 3)) expect((await getBalances(db, userId)).gems).toBe(5)
    await assertLedgerInvariant(db)
  }, 60_000)
})
