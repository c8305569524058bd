import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres, selectRows, type Database } from '../../server/db/client'
import { users } from '../../server/db/schema'
import { inTransaction } from '../../server/services/atomic'
import { onPostgres, openTestDatabase, type TestDatabase } from './support/test-server'

/**
 * drizzle's statements on PostgreSQL run as named statements, parsed once per connection
 * (server/db/postgres-statements.ts, decision 017). One connection, so every statement below
 * runs on the session whose prepared statements it reads.
 */
describe.runIf(onPostgres)('named statements on PostgreSQL', () => {
  let test: TestDatabase
  let database: Database

  beforeAll(async () => {
    test = await openTestDatabase()
    database = openPostgres(test.url ?? '', { max: 1 })
  })
  afterAll(async () => {
    await database.close()
    await test.close()
  })

  /** The texts of the connection's prepared statements that read `users` by email. */
  const prepared = async (db = database.db) =>
    (
      await selectRows<{ statement: string }>(
        db,
        sql`select statement from pg_prepared_statements where statement like '%"users"."email" = $1%'`,
      )
    ).map((row) => row.statement)

  const byEmail = (db: Database['db'], email: string) =>
    db.select({ id: users.id }).from(users).where(eq(users.email, email))

  it('prepares a text with parameters once and runs it by name after', async () => {
    expect(await prepared()).toEqual([])
    expect(await byEmail(database.db, 'nadie@tery.example')).toEqual([])
    expect(await byEmail(database.db, 'otra@tery.example')).toEqual([])
    expect(await prepared()).toHaveLength(1)
  })

  it('names the statements of transactions and of savepoints inside them', async () => {
    const texts = await inTransaction(database.db, async (tx) => {
      await tx
        .select({ n: sql`count(*)` })
        .from(users)
        .where(eq(users.email, 'a@tery.example'))
      await inTransaction(tx, (savepoint) =>
        savepoint
          .select({ id: users.id, name: users.name })
          .from(users)
          .where(eq(users.email, 'b@tery.example')),
      )
      return prepared(tx)
    })
    expect(texts).toHaveLength(3)
  })
})
