import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite'

/** Past this many distinct texts, new ones run as PGlite runs them (each kept statement holds memory). */
const MAX_NAMED_STATEMENTS = 500

/** A message PostgreSQL answered, as PGlite parsed it. */
type BackendMessage = Awaited<ReturnType<PGlite['execProtocol']>>['messages'][number]

function concat(parts: Uint8Array[]): Uint8Array {
  const whole = new Uint8Array(parts.reduce((size, part) => size + part.byteLength, 0))
  let at = 0
  for (const part of parts) {
    whole.set(part, at)
    at += part.byteLength
  }
  return whole
}

/**
 * Gives PGlite's `query()` what PostgreSQL gets through postgres.js: each statement parsed and
 * planned once, not at every call (decision 017).
 *
 * PGlite's `query()` sends an unnamed statement each time, in six calls into its WebAssembly
 * (parse, describe, bind, describe, execute, sync), and PostgreSQL plans it again each time: for
 * the session lookup, planning is 0.34 ms of a 0.47 ms statement. Here the first call of a text
 * parses it as a named statement and learns its parameters' types; every later call binds and
 * executes it in one call. Both the instance's `query()` and that of the object `transaction()`
 * hands its callback (drizzle runs a transaction's statements on it) do this. Texts without
 * parameters and calls with options this does not handle go the usual way.
 */
export function withNamedStatements(pg: PGlite): PGlite {
  const statements = new Map<
    string,
    { name: string; paramTypes: number[]; rowDescription: BackendMessage[] }
  >()

  // A text without parameters is a migration's or the seed's one-off statement, or a constant
  // read: not worth a statement kept for the life of the process.
  const runsPlain = (text: string, params: unknown[], options?: QueryOptions) =>
    params.length === 0 ||
    options?.blob !== undefined ||
    options?.paramTypes !== undefined ||
    (!statements.has(text) && statements.size >= MAX_NAMED_STATEMENTS)

  /** Runs a statement by name; the caller holds PGlite's query lock. */
  async function runNamed<T>(
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
    inTransaction: boolean,
  ): Promise<Results<T>> {
    try {
      let statement = statements.get(text)
      if (statement === undefined) {
        const name = `tery_${statements.size + 1}`
        const { messages } = await pg.execProtocol(
          concat([
            protocol.serialize.parse({ name, text }),
            protocol.serialize.describe({ type: 'S', name }),
            protocol.serialize.sync(),
          ]),
          { syncToFs: false },
        )
        statement = {
          name,
          paramTypes: parse.parseDescribeStatementResults(messages),
          // The columns a statement answers are fixed once it is parsed: described here once,
          // not by PostgreSQL and its parser again at every call.
          rowDescription: messages.filter((message) => message.name === 'rowDescription'),
        }
        statements.set(text, statement)
      }
      const { paramTypes } = statement
      // PGlite's own serialisation of a parameter, by the type PostgreSQL inferred for it.
      const values = params.map((value, index) => {
        if (value === null || value === undefined) return null
        const type = paramTypes[index]
        const serializer =
          type === undefined ? undefined : (options?.serializers?.[type] ?? pg.serializers[type])
        return serializer ? serializer(value) : String(value)
      })
      const { messages } = await pg.execProtocol(
        concat([
          protocol.serialize.bind({ statement: statement.name, values }),
          protocol.serialize.execute({}),
          protocol.serialize.sync(),
        ]),
        { syncToFs: false },
      )
      // As PGlite's query() does: the files are synced after a statement outside a transaction.
      if (!inTransaction) await pg.syncToFs()
      // parseResults copies PGlite's whole parser table to add a call's own parsers (drizzle
      // passes some with every query): about 90 µs a call. Layered over the table: 4 µs.
      const parsers = options?.parsers
        ? Object.assign(Object.create(pg.parsers) as typeof pg.parsers, options.parsers)
        : pg.parsers
      return parse.parseResults([...statement.rowDescription, ...messages], parsers, {
        rowMode: options?.rowMode,
      })[0] as Results<T>
    } catch (error) {
      // As PGlite's query() does: the failing statement and its parameters on the error.
      if (error instanceof Error) Object.assign(error, { query: text, params })
      throw error
    }
  }

  const plainQuery = pg.query.bind(pg)
  pg.query = async <T>(text: string, params: unknown[] = [], options?: QueryOptions) => {
    if (runsPlain(text, params, options)) return plainQuery<T>(text, params, options)
    await pg.waitReady
    // The two locks PGlite's own query() takes: no transaction is open, no query is running.
    return pg._runExclusiveTransaction(() =>
      pg._runExclusiveQuery(() => runNamed<T>(text, params, options, false)),
    )
  }

  const plainTransaction = pg.transaction.bind(pg)
  pg.transaction = <T>(callback: (tx: Transaction) => Promise<T>) =>
    plainTransaction((tx) => {
      // PGlite's transaction object, with its rollback, exec, sql and `closed`; only query differs.
      const named: Transaction = Object.create(tx, {
        query: {
          value: async <R>(text: string, params: unknown[] = [], options?: QueryOptions) => {
            if (tx.closed || runsPlain(text, params, options)) {
              return tx.query<R>(text, params, options)
            }
            return pg._runExclusiveQuery(() => runNamed<R>(text, params, options, true))
          },
        },
      })
      return callback(named)
    })
  return pg
}
