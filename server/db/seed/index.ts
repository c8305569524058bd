import { count } from 'drizzle-orm'
import type { Db } from '../client'
import { users } from '../schema'
import { seedLottery } from './lottery'
import { seedMusic } from './music'
import { demoLogins, seedPlayers, type DemoLogin } from './players'
import { seedTrainings } from './trainings'

/** Whether the database holds no player yet (the only time the seed runs). */
export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users)
  return (row?.n ?? 0) === 0
}

/**
 * Seeds the demo world into an empty database, one module per area, in one run: the players
 * module first (it returns the DemoWorld the others build on), then each later area's module
 * (seed/missions.ts, seed/market.ts, ...) as one more line here. Returns the logins to print.
 */
export async function seedDemo(db: Db, now = new Date()): Promise<DemoLogin[]> {
  const world = await seedPlayers(db)
  await seedTrainings(db, world, now)
  await seedLottery(db, world, now)
  await seedMusic(db, world, now)
  return demoLogins(db)
}
