import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { changedTables, dbState } from '../harness/db-state'
import { openTestDatabase, type TestDatabase } from './support/test-server'

/**
 * The harness's "a refusal changes nothing" is only as good as dbState: it reads a table's rows
 * again only after one of them was written, so these prove it still sees every kind of write.
 */
let database: TestDatabase
const run = (statement: string) => database.db.execute(sql.raw(statement))

beforeAll(async () => {
  database = await openTestDatabase()
  await run(`insert into server_secrets (name, value) values ('a', 'one')`)
})

afterAll(async () => {
  await database.close()
})

/** The tables dbState says changed across `write`. */
async function changedBy(write: () => Promise<unknown>): Promise<string[]> {
  const before = await dbState(database.db)
  await write()
  return changedTables(before, await dbState(database.db))
}

describe('dbState, the fingerprint the fuzz and security harnesses compare', () => {
  it('is the same when nothing was written, and a read writes nothing', async () => {
    expect(await changedBy(() => run('select * from server_secrets'))).toEqual([])
  })

  it('sees an insert, an update and a delete', async () => {
    expect(await changedBy(() => run(`insert into server_secrets values ('b', 'two')`))).toEqual([
      'server_secrets',
    ])
    expect(
      await changedBy(() => run(`update server_secrets set value = 'dos' where name = 'b'`)),
    ).toEqual(['server_secrets'])
    expect(await changedBy(() => run(`delete from server_secrets where name = 'b'`))).toEqual([
      'server_secrets',
    ])
  })

  it('sees a table emptied at once', async () => {
    await run(`insert into job_runs (job, period) values ('weekly', '2026-W48')`)
    expect(await changedBy(() => run('truncate job_runs'))).toEqual(['job_runs'])
  })

  it('is the same after a write rolled back, or an update to the same values', async () => {
    expect(
      await changedBy(() =>
        database.db
          .transaction(async (tx) => {
            await tx.execute(sql`update server_secrets set value = 'otro' where name = 'a'`)
            tx.rollback()
          })
          .catch(() => undefined),
      ),
    ).toEqual([])
    expect(
      await changedBy(() => run(`update server_secrets set value = value where name = 'a'`)),
    ).toEqual([])
  })
})
