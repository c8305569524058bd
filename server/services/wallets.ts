import { and, eq } from 'drizzle-orm'
import {
  PAYMENT_METHODS,
  type PaymentMethod,
  type Wallet,
  type WalletBody,
} from '../../contract/payments'
import type { Db } from '../db/client'
import { wallets } from '../db/schema'

type WalletRow = typeof wallets.$inferSelect

function toWallet(row: WalletRow): Wallet {
  return {
    method: row.method as PaymentMethod,
    address: row.address,
    updatedAt: row.updatedAt.toISOString(),
  }
}

/** GET /api/wallet/{id}: the player's wallets, one per payment method, in the methods' order. */
export async function listWallets(db: Db, userId: string): Promise<Wallet[]> {
  const rows = await db.select().from(wallets).where(eq(wallets.userId, userId))
  const order = (row: WalletRow) => PAYMENT_METHODS.indexOf(row.method as PaymentMethod)
  return rows.sort((a, b) => order(a) - order(b)).map(toWallet)
}

/** The wallet a conversion to `method` pays, or null. */
export async function findWallet(
  db: Db,
  userId: string,
  method: PaymentMethod,
): Promise<Wallet | null> {
  const [row] = await db
    .select()
    .from(wallets)
    .where(and(eq(wallets.userId, userId), eq(wallets.method, method)))
  return row ? toWallet(row) : null
}

/** POST /api/wallet/: adds the method's wallet, or replaces the address it had (one statement). */
export async function saveWallet(
  db: Db,
  userId: string,
  { method, address }: WalletBody,
  now: Date,
): Promise<Wallet[]> {
  await db
    .insert(wallets)
    .values({ userId, method, address, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: [wallets.userId, wallets.method],
      set: { address, updatedAt: now },
    })
  return listWallets(db, userId)
}
