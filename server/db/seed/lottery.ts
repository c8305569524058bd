import { eq } from 'drizzle-orm'
import { enterDraw, ensureOpenDraw, runLotteryDraws } from '../../services/lottery'
import type { Db } from '../client'
import { lotteryDraws } from '../schema'
import { E2E_PLAYERS, type DemoWorld } from './players'
import { inTransaction } from '../../services/atomic'

const DAY_MS = 24 * 60 * 60 * 1000
const HOUR_MS = 60 * 60 * 1000

/**
 * Three weeks of lottery history, drawn by the real draw (so every past draw verifies), and the
 * current draw open with a few entries. The demo player took part in the past draws; the players
 * the E2E journeys use never did, so they can still take part in this week's draw.
 */
export async function seedLottery(db: Db, { demo, team }: DemoWorld, now: Date): Promise<void> {
  const entrants = team.filter((player) => !E2E_PLAYERS.includes(player.email))
  let draw = await inTransaction(db, (tx) =>
    ensureOpenDraw(tx, new Date(now.getTime() - 22 * DAY_MS)),
  )
  let week = 0
  while (draw.closesAt <= now) {
    // Six team members a week, in turn, so nobody pays more than their welcome terycarbons.
    const players = [demo, ...entrants.slice(week * 6, week * 6 + 6)]
    for (const [index, player] of players.entries()) {
      const at = new Date(draw.closesAt.getTime() - (20 - index * 2) * HOUR_MS)
      await enterDraw(db, player.id, draw.id, at)
    }
    const closesAt = draw.closesAt
    await inTransaction(db, (tx) => runLotteryDraws(tx, closesAt))
    const [next] = await db
      .select()
      .from(lotteryDraws)
      .where(eq(lotteryDraws.number, draw.number + 1))
    if (!next) throw new Error(`Draw #${draw.number + 1} was not opened`)
    draw = next
    week += 1
  }
  for (const player of entrants.slice(-4)) await enterDraw(db, player.id, draw.id, now)
}
