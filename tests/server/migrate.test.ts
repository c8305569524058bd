import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { selectRows } from '../../server/db/client'
import { openTestDatabase, type TestDatabase } from './support/test-server'

/**
 * migrate() at every start first asks whether the newest checked-in migration is recorded, and
 * only runs drizzle's migrator when it is not: a database one migration behind must still get it.
 */
let database: TestDatabase
const run = (statement: string) => database.db.execute(sql.raw(statement))
const weekEarnersExists = async () =>
  (
    await selectRows<{ found: string | null }>(
      database.db,
      sql`select to_regclass('public.week_earners')::text as found`,
    )
  )[0]?.found === 'week_earners'

beforeAll(async () => {
  database = await openTestDatabase()
})

afterAll(async () => {
  await database.close()
})

describe('migrate(), on a database already migrated', () => {
  it('changes nothing when every migration is applied', async () => {
    await run(`insert into week_earners (week_start, players) values ('2026-11-23', 3)`)
    await database.migrate()
    expect(await weekEarnersExists()).toBe(true)
    const [row] = await selectRows<{ players: number }>(
      database.db,
      sql`select players from week_earners`,
    )
    expect(row?.players).toBe(3)
  })

  it('applies the newest migration when the database was left one behind', async () => {
    // The database as it was before 0016_week_earners: its table and its record gone.
    await run('drop table week_earners')
    await run(
      'delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)',
    )
    await database.migrate()
    expect(await weekEarnersExists()).toBe(true)
  })
})
