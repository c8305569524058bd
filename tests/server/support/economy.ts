import { expect } from 'vitest'
import { selectRows, type Db } from '../../../server/db/client'
import {
  gemTransfers,
  marketPayouts,
  tradingOffers,
  batteryHoldings,
} from '../../../server/db/schema'
import { sql } from 'drizzle-orm'
import { assertLedgerInvariant, getSystemBalance } from '../../../server/services/ledger'
import { BATTERY_RULES } from '../../../server/services/rules'

async function sum(db: Db, query: ReturnType<typeof sql>): Promise<number> {
  const [row] = await selectRows<{ total: string | null }>(db, query)
  return Number(row?.total ?? 0)
}

/**
 * The economy's books balance: the ledger's own invariant (supply conserved, no negative balance,
 * double entry), and every system account of the economy holds exactly what its records say it
 * holds: the escrow the open offers, the market's escrow and fees the payouts, the held account
 * the pending transfers, the fees the sales; the battery reserve covers melting every battery.
 */
export async function assertEconomyInvariant(db: Db): Promise<void> {
  await assertLedgerInvariant(db)
  const expected = {
    tradingEscrow: await sum(
      db,
      sql`select sum(amount)::text as total from ${tradingOffers} where state = 'open'`,
    ),
    tradingFees: await sum(
      db,
      sql`select sum(fee)::text as total from ${tradingOffers} where state = 'sold'`,
    ),
    marketEscrow: await sum(
      db,
      sql`select sum(gems - fee)::text as total from ${marketPayouts}
          where state in ('pending', 'held')`,
    ),
    marketFees: await sum(
      db,
      sql`select sum(fee)::text as total from ${marketPayouts} where state <> 'rejected'`,
    ),
    heldTransfers: await sum(
      db,
      sql`select sum(amount)::text as total from ${gemTransfers} where state = 'pending'`,
    ),
  }
  const actual = {
    tradingEscrow: await getSystemBalance(db, 'trading-escrow', 'terydollars'),
    tradingFees: await getSystemBalance(db, 'trading-fees', 'gems'),
    marketEscrow: await getSystemBalance(db, 'market-escrow', 'gems'),
    marketFees: await getSystemBalance(db, 'market-fees', 'gems'),
    heldTransfers: await getSystemBalance(db, 'gem-transfers', 'gems'),
  }
  expect(actual).toEqual(expected)
  const batteries = await sum(db, sql`select sum(batteries)::text as total from ${batteryHoldings}`)
  expect(await getSystemBalance(db, 'battery-reserve', 'terydollars')).toBeGreaterThanOrEqual(
    batteries * BATTERY_RULES.meltValue,
  )
}
