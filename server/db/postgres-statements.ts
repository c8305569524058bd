import type { Sql, TransactionSql } from 'postgres'

/** Past this many distinct texts, new ones run unnamed (each kept statement holds memory). */
const MAX_NAMED_STATEMENTS = 500

type Unsafe = Sql['unsafe']
type Scoped = { unsafe: Unsafe; savepoint?: TransactionSql['savepoint'] }
type Callback = (sql: TransactionSql) => unknown

/**
 * Gives drizzle's statements on PostgreSQL what decision 017 gave them on PGlite: each text
 * parsed and planned once per connection, not at every call.
 *
 * drizzle runs every statement not made with `.prepare(name)` through postgres.js's `unsafe()`
 * with `prepare: false`: an unnamed statement, which for a text with parameters costs two round
 * trips (parse and describe, then bind and execute) and a plan at every call. Here a text with
 * parameters runs as a named statement, as postgres.js's own tagged queries do: the first call on
 * a connection parses and describes it, every later call binds and executes it in one round trip.
 * The client's `unsafe()` and that of each transaction and savepoint `begin()` opens (drizzle runs
 * a transaction's statements on it) do this.
 */
export function withPreparedStatements(client: Sql): Sql {
  const texts = new Set<string>()
  const named = (text: string, args: readonly unknown[]) => {
    if (args.length === 0) return false
    if (texts.has(text)) return true
    if (texts.size >= MAX_NAMED_STATEMENTS) return false
    texts.add(text)
    return true
  }

  function nameStatements<S extends Scoped>(sql: S): S {
    const unsafe = sql.unsafe
    sql.unsafe = ((...call: Parameters<Unsafe>) => {
      const [text, args, options] = call
      return Array.isArray(args) && named(text, args)
        ? unsafe(text, args, { ...options, prepare: true })
        : unsafe(...call)
    }) as Unsafe
    const savepoint = sql.savepoint
    if (savepoint) sql.savepoint = scoped(savepoint) as typeof savepoint
    return sql
  }

  /** `begin()` or `savepoint()`, whose callback gets a scope that names its statements too. */
  function scoped(open: (...args: never[]) => unknown) {
    return (...args: unknown[]) => {
      const callback = args.pop() as Callback
      return (open as (...args: unknown[]) => unknown)(...args, (sql: TransactionSql) =>
        callback(nameStatements(sql)),
      )
    }
  }

  nameStatements(client)
  client.begin = scoped(client.begin.bind(client)) as Sql['begin']
  return client
}
