import { getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { selectRows, type Db } from '../../server/db/client'
import * as schema from '../../server/db/schema'

/**
 * Tables a refused request may change by design: a refused login still counts as an attempt,
 * and a refused call made with an Idempotency-Key keeps its answer for the replays.
 */
const ATTEMPT_TABLES = new Set(['rate_limits', 'idempotency_keys'])

/** Tables with a column that moves when a row is merely used (a session's last use). */
const COUNTED_ONLY = new Set(['sessions'])

/** Every table of the schema, by name: a table a feature adds is covered without a line here. */
const tables = (Object.values(schema) as unknown[])
  .filter((value) => is(value, PgTable))
  .map((table) => getTableName(table as PgTable))
  .filter((name) => !ATTEMPT_TABLES.has(name))
  .sort()

export type DbState = Record<string, string>

/** What a state was taken at: the write counter's value before it was read. */
const known = new WeakMap<Db, { writes: string; state: DbState }>()
const watched = new WeakMap<Db, Promise<void>>()

/**
 * Makes every row a request could write advance one sequence: a row trigger on each table the
 * state covers (inserts and deletes only where it counts rows), and truncation. A sequence, not a
 * counter row, so concurrent writers on PostgreSQL never wait on it, and a rolled-back write
 * still counts (the state is then read again, which is exact, only slower).
 */
function watchWrites(db: Db): Promise<void> {
  let installing = watched.get(db)
  if (!installing) {
    const triggers = tables.map((name) => {
      const rows = COUNTED_ONLY.has(name) ? 'insert or delete' : 'insert or update or delete'
      return `create or replace trigger tery_test_writes after ${rows} on "${name}"
          for each row execute function tery_test_count_write();
        create or replace trigger tery_test_truncates after truncate on "${name}"
          for each statement execute function tery_test_count_write();`
    })
    // One statement (a prepared statement holds one): the DDL inside a block.
    installing = db
      .execute(
        sql.raw(`do $block$ begin
          create sequence if not exists tery_test_writes;
          create or replace function tery_test_count_write() returns trigger language plpgsql
            as $count$ begin perform nextval('tery_test_writes'); return null; end $count$;
          ${triggers.join('\n')}
          perform nextval('tery_test_writes');
        end $block$`),
      )
      .then(() => undefined)
    watched.set(db, installing)
  }
  return installing
}

/**
 * A fingerprint of everything a request could change: per table its row count and, except for
 * sessions, a hash of all its rows. Two equal states mean nothing was written, balances included.
 * Hashing every row takes a whole seeded world's reading, and the fuzz harness takes a state
 * after every request, most of which write nothing: so while no row was written since the last
 * state (watchWrites' sequence has not moved), that state is the answer.
 */
export async function dbState(db: Db): Promise<DbState> {
  await watchWrites(db)
  const [{ writes } = { writes: '' }] = await selectRows<{ writes: string }>(
    db,
    sql`select last_value::text as writes from tery_test_writes`,
  )
  const last = known.get(db)
  if (last?.writes === writes) return { ...last.state }
  // One statement for every table.
  const parts = tables.map((name) =>
    COUNTED_ONLY.has(name)
      ? `select '${name}' as name, count(*)::text || ':' as state from "${name}"`
      : `select '${name}' as name, count(*)::text || ':' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as state from "${name}" t`,
  )
  const rows = await selectRows<{ name: string; state: string }>(
    db,
    sql.raw(parts.join(' union all ')),
  )
  const state = Object.fromEntries(rows.map((row) => [row.name, row.state]))
  known.set(db, { writes, state })
  return { ...state }
}

/** The tables whose state differs, for a failure message. */
export function changedTables(before: DbState, after: DbState): string[] {
  return Object.keys(after).filter((name) => before[name] !== after[name])
}

type Mark = { figures: Record<string, number>; transfers: string[] }

/**
 * Number and boolean columns that are not ids: balances, amounts, prices, ranks, flags. A column a
 * sequence numbers (an arrival order) is left out with the ids: its sum says which call came first.
 */
async function figureColumns(db: Db): Promise<{ table: string; column: string; bool: boolean }[]> {
  const rows = await selectRows<{ table_name: string; column_name: string; data_type: string }>(
    db,
    sql`select table_name, column_name, data_type from information_schema.columns
        where table_schema = current_schema()
          and data_type in ('smallint', 'integer', 'bigint', 'numeric', 'boolean')
          and column_name <> 'id' and column_name not like '%\_id' escape '\'
          and coalesce(column_default, '') not like 'nextval(%' and is_identity = 'NO'
        order by table_name, column_name`,
  )
  return rows
    .filter((row) => tables.includes(row.table_name))
    .map((row) => ({
      table: row.table_name,
      column: row.column_name,
      bool: row.data_type === 'boolean',
    }))
}

/**
 * The one statement that reads every figure of a mark: per table its row count and its figure
 * columns' sums, one row each. Built once per database (the schema does not change during a
 * run): the security harness takes four marks per endpoint with a body, and a statement per
 * table and per column made a mark cost about 50 CPU-ms on the seeded world.
 */
const markStatements = new WeakMap<Db, Promise<string>>()

function markStatement(db: Db): Promise<string> {
  let statement = markStatements.get(db)
  if (!statement) {
    statement = figureColumns(db).then((columns) =>
      tables
        .map((name) => {
          const figures = [
            `'${name} rows', count(*)::text`,
            ...columns
              .filter(({ table }) => table === name)
              .map(({ column, bool }) => {
                const expression = bool
                  ? `count(*) filter (where "${column}")`
                  : `coalesce(sum("${column}"), 0)`
                return `'${name}.${column}', (${expression})::text`
              }),
          ]
          return `select json_build_object(${figures.join(', ')})::text as figures from "${name}"`
        })
        .join(' union all '),
    )
    markStatements.set(db, statement)
  }
  return statement
}

/**
 * What the database holds, in terms that do not depend on which fresh players a call was made
 * by: rows per table, the sum of every number column and the count of every true flag (balances,
 * amounts, prices, ranks, terms accepted), and the movements of value (kind, currency, amount).
 */
export async function effectMark(db: Db): Promise<Mark> {
  const figures: Record<string, number> = {}
  const rows = await selectRows<{ figures: string }>(db, sql.raw(await markStatement(db)))
  for (const row of rows) {
    for (const [name, value] of Object.entries(JSON.parse(row.figures) as Record<string, string>)) {
      figures[name] = Number(value)
    }
  }
  const transfers = await selectRows<{ id: string; line: string }>(
    db,
    sql`select id::text, kind || ' ' || currency || ' ' || amount::text as line
        from ${schema.ledgerTransfers} order by id`,
  )
  return { figures, transfers: transfers.map((row) => `${row.id}|${row.line}`) }
}

/** What changed between two marks: every figure that moved, and the movements made, sorted. */
export function effectBetween(
  before: Mark,
  after: Mark,
): { changed: Record<string, number>; moved: string[] } {
  const changed: Record<string, number> = {}
  for (const [name, value] of Object.entries(after.figures)) {
    const delta = value - (before.figures[name] ?? 0)
    if (delta !== 0) changed[name] = delta
  }
  const known = new Set(before.transfers)
  const moved = after.transfers
    .filter((line) => !known.has(line))
    .map((line) => line.slice(line.indexOf('|') + 1))
    .sort()
  return { changed, moved }
}
