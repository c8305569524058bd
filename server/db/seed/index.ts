import { inTransaction, withAdvisoryLock } from '../../services/atomic'
import { databaseFileStore, fileStoreFor, type FileStore } from '../../services/file-store'
import type { Database, Db } from '../client'
import { users } from '../schema'
import { seedCoupons } from './coupons'
import { seedMissions } from './missions'
import { seedMarket } from './market'
import { seedMining } from './mining'
import { seedLottery } from './lottery'
import { seedMusic } from './music'
import { demoLogins, seedPlayers, seedRanks, type DemoLogin } from './players'
import { seedTrainings } from './trainings'

/** Whether the database holds no player yet (the only time the seed runs). */
export async function isEmpty(db: Db): Promise<boolean> {
  // One row is enough to know: a count would read every player at each start.
  const rows = await db.select({ id: users.id }).from(users).limit(1)
  return rows.length === 0
}

/**
 * Seeds the demo world into an empty database, one module per area, in one run: the players
 * module first (it returns the DemoWorld the others build on), then each later area's module
 * (seed/missions.ts, seed/market.ts, ...) as one more line here. Returns the logins to print.
 */
export async function seedDemo(
  db: Db,
  files: FileStore = databaseFileStore(db),
  now = new Date(),
): Promise<DemoLogin[]> {
  const world = await seedPlayers(db, now)
  await seedMissions(db, world, now)
  // Ranks come from the plays seedMissions makes, and the mine's team bonus reads them.
  await seedRanks(db, world)
  await seedMarket(db, world, files, now)
  await seedMining(db, world, now)
  await seedTrainings(db, world, now)
  await seedLottery(db, world, now)
  await seedMusic(db, world, now)
  await seedCoupons(db, world, now)
  return demoLogins(db)
}

/**
 * What a server does at start with SEED=demo: seeds an empty database, in one transaction under
 * an advisory lock. A server killed while seeding leaves the database empty, and the next start
 * seeds it whole (a half-seeded world would never be completed: it is not empty); a server that
 * starts at the same moment on the same PostgreSQL waits for the first one's seed, then finds
 * the players there. Answers whether it seeded.
 */
export async function seedDemoOnce(database: Database, dataDir: string): Promise<boolean> {
  // Every start but the first finds players: one read, without the transaction and its lock.
  if (!(await isEmpty(database.db))) return false
  return inTransaction(database.db, async (tx) => {
    await withAdvisoryLock(tx, 'demo-seed')
    if (!(await isEmpty(tx))) return false
    await seedDemo(tx, fileStoreFor({ db: tx, driver: database.driver }, dataDir))
    return true
  })
}
