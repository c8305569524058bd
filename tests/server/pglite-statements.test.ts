import { PGlite, types, type Transaction } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withNamedStatements } from '../../server/db/pglite-statements'

/** PGlite's query() and its transactions' with named statements (server/db/pglite-statements.ts, decision 017). */
describe('named statements on PGlite', () => {
  let named: PGlite
  let plain: PGlite

  beforeAll(async () => {
    ;[named, plain] = [withNamedStatements(new PGlite()), new PGlite()]
    for (const pg of [named, plain]) {
      await pg.exec(`create table things (id int primary key, label text, done boolean,
        at timestamptz, extra jsonb, tags text[])`)
    }
  })
  afterAll(async () => {
    await Promise.all([named.close(), plain.close()])
  })

  /** How many prepared statements of the connection hold this text. */
  const statementsOf = async (text: string) =>
    (
      await named.query<{ n: number }>(
        'select count(*)::int as n from pg_prepared_statements where statement = $1',
        [text],
      )
    ).rows[0]?.n

  const insert = `insert into things (id, label, done, at, extra, tags)
    values ($1, $2, $3, $4, $5, $6) returning *`
  const row = [1, 'uno, "dos"', true, new Date('2026-11-23T12:00:00Z'), { a: [1, 'b'] }, ['x', 'y']]

  it("answers exactly what PGlite's own query() answers, in both row modes", async () => {
    expect(await named.query(insert, row)).toEqual(await plain.query(insert, row))
    const select = 'select * from things where id = $1 and done = $2'
    for (const rowMode of ['object', 'array'] as const) {
      expect(await named.query(select, [1, true], { rowMode })).toEqual(
        await plain.query(select, [1, true], { rowMode }),
      )
    }
    // drizzle passes parsers of its own with every query (timestamps kept as text).
    const asText = { rowMode: 'array' as const, parsers: { [types.TIMESTAMPTZ]: (v: string) => v } }
    const timestamps = await named.query<[string]>(
      'select at from things where id = $1',
      [1],
      asText,
    )
    expect(timestamps).toEqual(
      await plain.query('select at from things where id = $1', [1], asText),
    )
    expect(timestamps.rows).toEqual([['2026-11-23 12:00:00+00']])
    expect(await named.query('select $1::text is null as empty', [null])).toEqual(
      await plain.query('select $1::text is null as empty', [null]),
    )
  })

  it('parses a text once and binds it at every later call', async () => {
    const select = 'select label from things where id = $1'
    for (let call = 0; call < 3; call += 1) {
      expect((await named.query<{ label: string }>(select, [1])).rows).toEqual([
        { label: 'uno, "dos"' },
      ])
    }
    expect(await statementsOf(select)).toBe(1)
  })

  it("throws PostgreSQL's error with the statement, and the next call runs", async () => {
    const failure = await named.query(insert, row).catch((error: unknown) => error)
    expect(failure).toMatchObject({ code: '23505', query: insert })
    await expect(named.query('select nope from things where id = $1', [1])).rejects.toMatchObject({
      code: '42703',
    })
    expect((await named.query('select id from things where id = $1', [1])).rows).toEqual([
      { id: 1 },
    ])
  })

  it('waits for an open transaction before a query outside it', async () => {
    const order: string[] = []
    const transaction = named.transaction(async (tx) => {
      await tx.query('update things set label = $1 where id = $2', ['en transacción', 1])
      await new Promise((done) => setTimeout(done, 50))
      order.push('transaction')
    })
    const read = named
      .query<{ label: string }>('select label from things where id = $1', [1])
      .then(({ rows }) => {
        order.push('read')
        return rows
      })
    await transaction
    expect(await read).toEqual([{ label: 'en transacción' }])
    expect(order).toEqual(['transaction', 'read'])
  })

  it("names a transaction's statements too; a rollback undoes their work, not the statements", async () => {
    const update = 'update things set label = $1 where id = $2 returning label'
    expect(await statementsOf(update)).toBe(0)
    const failure = await named
      .transaction(async (tx) => {
        expect((await tx.query(update, ['deshecho', 1])).rows).toEqual([{ label: 'deshecho' }])
        await tx.query('select 1 / $1::int', [0])
      })
      .catch((error: unknown) => error)
    expect(failure).toMatchObject({ code: '22012' })
    expect((await named.query('select label from things where id = $1', [1])).rows).toEqual([
      { label: 'en transacción' },
    ])
    await named.transaction(async (tx) => {
      await tx.query(update, ['hecho', 1])
    })
    expect((await named.query('select label from things where id = $1', [1])).rows).toEqual([
      { label: 'hecho' },
    ])
    expect(await statementsOf(update)).toBe(1)
  })

  it('refuses a query on a finished transaction, as PGlite does', async () => {
    let finished: Transaction | undefined
    await named.transaction(async (tx) => {
      finished = tx
    })
    await expect(finished?.query('select $1::int', [1])).rejects.toThrow('Transaction is closed')
  })
})
