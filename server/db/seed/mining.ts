import { STATIONS } from '../../../contract/stations'
import { bogotaWeek, startOfBogotaDay, startOfBogotaWeek } from '../../services/bogota-time'
import { getBalances, transfer } from '../../services/ledger'
import { addMessage } from '../../services/messages'
import {
  activateStation,
  changeMiningMode,
  collectBackpack,
  collectTeamBonus,
} from '../../services/mining'
import { fuelCost, MINING } from '../../services/rules'
import { teamEarned } from '../../services/team-bonus'
import type { Db } from '../client'
import { jobRuns, penalties } from '../schema'
import { WEEKLY_RESET_JOB } from '../../services/scheduled-jobs'
import type { DemoWorld } from './players'
import { inTransaction } from '../../services/atomic'

const HOUR = 3_600_000

/** The demo player's stations that run in the seeded history: Mina to Fundición (38%). */
const DEMO_STATIONS = [1, 2, 3, 4, 5, 6]

/**
 * Team members who mine gems in the seeded history, with the stations they fuel: their gems are
 * what the demo player's team earned, and so its team bonus.
 */
const MINERS: Record<string, readonly number[]> = {
  'sebastian.ruiz@tery.example': [1, 2, 3, 4, 5, 6, 7, 8, 9],
  'santiago.rodriguez@tery.example': [1, 2, 3, 4, 5, 6, 7, 8, 9],
  'isabella.martinez@tery.example': [7, 8, 9],
  'felipe.medina@tery.example': [8, 9],
  'emiliano.castano@tery.example': [8, 9],
  'simon.zapata@tery.example': [9],
}

/** The direct referral whose account shows the welcome messages and the reactivation modal. */
export const PENALIZED_EMAIL = 'valentina.gomez@tery.example'

const at = (time: number) => new Date(time)

function fuelOf(stations: readonly number[]): number {
  return stations.reduce((total, number) => total + fuelCost(STATIONS[number - 1]?.share ?? 0), 0)
}

/** Moves terycarbons between the supply and a seeded player (`amount` below 0 takes them). */
async function grant(db: Db, userId: string, amount: number, when: Date) {
  if (amount === 0) return
  await inTransaction(db, (tx) =>
    transfer(tx, {
      currency: 'terycarbons',
      from: amount > 0 ? { system: 'supply' } : { userId },
      to: amount > 0 ? { userId } : { system: 'supply' },
      amount: Math.abs(amount),
      kind: 'seed',
      at: when,
    }),
  )
}

/**
 * Seeds the mines' history through the same services the API runs, on past clocks: team members
 * mining gems the day before yesterday and yesterday (what the team earned), and the demo player's
 * stations running for two days and a half, with two collects and the day before yesterday's team
 * bonus collected. So the demo player finds a backpack filling, yesterday's team bonus to collect,
 * payouts to open and the gems of reached ranks to claim. Valentina Gómez, a direct referral, fueled
 * nothing last week: a penalty, her welcome messages and the reactivation modal.
 */
export async function seedMining(db: Db, world: DemoWorld, now: Date): Promise<void> {
  const yesterday = startOfBogotaDay(at(startOfBogotaDay(now).getTime() - 1)).getTime()
  const dayBefore = startOfBogotaDay(at(yesterday - 1)).getTime()
  const byEmail = new Map(world.team.map((player) => [player.email, player]))

  for (const [email, stations] of Object.entries(MINERS)) {
    const miner = byEmail.get(email)
    if (!miner) throw new Error(`The seeded team has no ${email}`)
    await grant(db, miner.id, MINING.gemsModePrice + 2 * fuelOf(stations), at(dayBefore))
    await changeMiningMode(db, miner.id, { mode: 'gems', unlock: true }, at(dayBefore + HOUR / 4))
    for (const day of [dayBefore, yesterday]) {
      for (const station of stations)
        await activateStation(db, miner.id, station, at(day + HOUR / 2))
      await collectBackpack(db, miner.id, 'gems', at(day + 12.5 * HOUR))
    }
  }

  const demo = world.demo.id
  // The mine's history leaves the demo player's terycarbons as the seeds before it left them
  // (docs/economy.md, "Demo data"; seed/market.ts has paid part toward the terycarbon battery).
  const before = (await getBalances(db, demo)).terycarbons
  await grant(db, demo, 3 * fuelOf(DEMO_STATIONS), at(now.getTime() - 57 * HOUR))
  const runs = [56, 30, 5].map((hoursAgo) => now.getTime() - hoursAgo * HOUR)
  for (const [index, start] of runs.entries()) {
    if (index > 0) await collectBackpack(db, demo, 'terycarbons', at(start))
    for (const station of DEMO_STATIONS) await activateStation(db, demo, station, at(start))
  }
  // The day before yesterday's bonus was collected yesterday afternoon; yesterday's waits.
  await collectTeamBonus(db, demo, at(yesterday + 13 * HOUR))
  const { terycarbons } = await getBalances(db, demo)
  await grant(db, demo, before - terycarbons, now)

  await seedPenalty(db, world, now)
}

/**
 * Last week's reset as it found Valentina: no station fueled all week. Its run is recorded as done,
 * as the job records it: the seeded players joined weeks ago, and a server started on the seed
 * would otherwise run this week's reset again, penalizing and messaging every one of them (whose
 * welcome messages then cover the E2E journeys' screens).
 */
async function seedPenalty(db: Db, world: DemoWorld, now: Date) {
  const valentina = world.team.find((player) => player.email === PENALIZED_EMAIL)
  if (!valentina) throw new Error(`The seeded team has no ${PENALIZED_EMAIL}`)
  const weekStart = startOfBogotaWeek(now)
  const lastWeekStart = startOfBogotaWeek(at(weekStart.getTime() - 1))
  const lastWeek = bogotaWeek(lastWeekStart)
  const period = WEEKLY_RESET_JOB.periodOf(now)
  if (period === null) throw new Error('The weekly reset has no period')
  await db.insert(jobRuns).values({ job: WEEKLY_RESET_JOB.name, period, ranAt: weekStart })
  await db.insert(penalties).values({ userId: valentina.id, week: lastWeek, createdAt: weekStart })
  const teamGems = await teamEarned(db, valentina.id, lastWeekStart, weekStart)
  await inTransaction(db, async (tx) => {
    await addMessage(
      tx,
      valentina.id,
      { kind: 'weeklyReset', payload: { week: lastWeek, teamGems } },
      { dedupeKey: `weekly-reset:${bogotaWeek(now)}`, at: weekStart },
    )
    await addMessage(
      tx,
      valentina.id,
      { kind: 'penalty', payload: { week: lastWeek, penalties: 1 } },
      { dedupeKey: `penalty:${lastWeek}`, at: at(weekStart.getTime() + 1) },
    )
  })
}
