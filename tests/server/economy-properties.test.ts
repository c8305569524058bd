import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { economyMessages } from '../../contract/economy-messages'
import { apiMessages } from '../../contract/messages'
import type { Db } from '../../server/db/client'
import { createPlayer } from '../../server/services/auth'
import {
  burnTerydollars,
  buyBatteries,
  collectBatteryGems,
  meltBatteries,
  payTerycarbonBattery,
} from '../../server/services/battery'
import { DomainError } from '../../server/services/errors'
import { sendGems, releaseDueTransfers } from '../../server/services/gem-transfers'
import { getBalances, transfer } from '../../server/services/ledger'
import {
  convertGems,
  markPayoutSent,
  PayoutError,
  rejectPayout,
} from '../../server/services/market'
import { hashPassword } from '../../server/services/passwords'
import { buyOffer, cancelOffer, createOffer } from '../../server/services/trading'
import { saveWallet } from '../../server/services/wallets'
import { assertEconomyInvariant } from './support/economy'
import { signupFor, startTestServer, type TestServer } from './support/test-server'

/*
 * Random sequences of economy operations by several players, some of them at the same moment,
 * through the services every endpoint calls. After each sequence the books must balance: the
 * supply of every currency conserved, no balance below zero, and every escrow, fee and held
 * account holding exactly what its offers, payouts and transfers say. A refusal is fine (a player
 * short of gems, an offer sold already) as long as it is one a player can read. The sequences
 * share one database (a broken book stays broken), so a failure is reported as found, without
 * shrinking: fast-check prints the seed and the sequence; FC_SEED=<seed> replays it.
 */

const HOUR = 60 * 60 * 1000
const PLAYERS = 4
let server: TestServer
let db: Db
let passwordHash: string

beforeAll(async () => {
  server = await startTestServer()
  db = server.db
  passwordHash = await hashPassword('clave-segura-1')
})

afterAll(async () => {
  await server.close()
})

type World = {
  players: { id: string; code: string }[]
  offers: { id: number; seller: number }[]
  payouts: number[]
}
type Clock = { now: Date }

const player = fc.nat({ max: PLAYERS - 1 })
const pick = fc.nat({ max: 1_000 })

/** The operations, the trading board's weighted up: its races are the subtle ones. */
const operation = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('list'),
      who: player,
      amount: fc.integer({ min: 1, max: 30 }),
      price: fc.integer({ min: 1, max: 200 }),
    }),
  },
  { weight: 4, arbitrary: fc.record({ op: fc.constant('buy'), who: player, offer: pick }) },
  {
    // Mostly by the offer's own seller (the one who may), sometimes by anyone.
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant('cancel'),
      who: fc.option(player, { freq: 4 }),
      offer: pick,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('send'),
      who: player,
      to: player,
      amount: fc.integer({ min: 1, max: 6_000 }),
    }),
  },
  fc.record({
    op: fc.constant('buyBatteries'),
    who: player,
    amount: fc.integer({ min: 1, max: 6 }),
  }),
  fc.record({ op: fc.constant('melt'), who: player, amount: fc.integer({ min: 1, max: 6 }) }),
  fc.record({ op: fc.constant('collect'), who: player }),
  fc.record({ op: fc.constant('burn'), who: player, amount: fc.integer({ min: 1, max: 20 }) }),
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('convert'),
      who: player,
      amount: fc.integer({ min: 500, max: 3_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('settle'), payout: pick, paid: fc.boolean() }),
  },
  fc.record({
    op: fc.constant('terycarbonBattery'),
    who: player,
    amount: fc.integer({ min: 50, max: 3_000 }),
  }),
  fc.record({ op: fc.constant('wait'), hours: fc.integer({ min: 1, max: 30 }) }),
)
type Operation = typeof operation extends fc.Arbitrary<infer T> ? T : never

/** Refusals a player can meet: every DomainError carries a message from the contract. */
const readable = new Set<string>([...Object.values(apiMessages), ...Object.values(economyMessages)])

async function perform(world: World, clock: Clock, step: Operation): Promise<void> {
  const now = clock.now
  const of = (index: number) => world.players[index] as World['players'][number]
  const chosen = <T>(list: readonly T[], index: number) =>
    list.length === 0 ? undefined : list[index % list.length]
  switch (step.op) {
    case 'list': {
      const { offer } = await createOffer(db, of(step.who).id, step, now)
      world.offers.push({ id: offer.id, seller: step.who })
      return
    }
    case 'buy': {
      const offer = chosen(world.offers, step.offer)
      if (offer !== undefined) await buyOffer(db, of(step.who).id, offer.id, now)
      return
    }
    case 'cancel': {
      const offer = chosen(world.offers, step.offer)
      if (offer !== undefined) await cancelOffer(db, of(step.who ?? offer.seller).id, offer.id, now)
      return
    }
    case 'send':
      await sendGems(db, of(step.who).id, { code: of(step.to).code, amount: step.amount }, now)
      return
    case 'buyBatteries':
      await buyBatteries(db, of(step.who).id, step.amount, now)
      return
    case 'melt':
      await meltBatteries(db, of(step.who).id, step.amount, now)
      return
    case 'collect':
      await collectBatteryGems(db, of(step.who).id, now)
      return
    case 'burn':
      await burnTerydollars(db, of(step.who).id, step.amount, now)
      return
    case 'convert': {
      const { payout } = await convertGems(db, of(step.who).id, 'usdt', step.amount, now)
      world.payouts.push(payout.id)
      return
    }
    case 'settle': {
      const payout = chosen(world.payouts, step.payout)
      if (payout === undefined) return
      if (step.paid) await markPayoutSent(db, payout, now)
      else await rejectPayout(db, payout, 'Prueba', now)
      return
    }
    case 'terycarbonBattery':
      await payTerycarbonBattery(db, of(step.who).id, step.amount, now)
      return
    case 'wait':
      clock.now = new Date(now.getTime() + step.hours * HOUR)
      await db.transaction((tx) => releaseDueTransfers(tx, clock.now))
  }
}

async function newWorld(): Promise<World> {
  const players: World['players'] = []
  for (let index = 0; index < PLAYERS; index += 1) {
    const body = signupFor('UNUSED')
    const user = await createPlayer(db, { ...body, parentCode: null, passwordHash }, new Date())
    await db.transaction(async (tx) => {
      for (const [currency, amount] of [
        ['terydollars', 300],
        ['gems', 8_000],
        ['terycarbons', 4_000],
      ] as const) {
        await transfer(tx, {
          currency,
          from: { system: 'supply' },
          to: { userId: user.id },
          amount,
          kind: 'test-funds',
        })
      }
    })
    await saveWallet(
      db,
      user.id,
      { method: 'usdt', address: 'TQn9Y2khEsLJW1ChVWFMSMeRDow5KcbLSE' },
      new Date(),
    )
    players.push({ id: user.id, code: user.code })
  }
  return { players, offers: [], payouts: [] }
}

describe('economy properties', () => {
  it('keeps every invariant through random sequences of operations, some at the same moment', async () => {
    const seed = process.env.FC_SEED === undefined ? undefined : Number(process.env.FC_SEED)
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.array(operation, { minLength: 1, maxLength: 3 }), {
          minLength: 1,
          maxLength: 10,
        }),
        async (batches) => {
          const world = await newWorld()
          const clock: Clock = { now: new Date() }
          for (const batch of batches) {
            const outcomes = await Promise.allSettled(
              batch.map((step) => perform(world, clock, step)),
            )
            for (const outcome of outcomes) {
              if (outcome.status === 'fulfilled') continue
              const error: unknown = outcome.reason
              // An operator deciding twice is told so in English; players read Spanish.
              if (error instanceof PayoutError) continue
              if (!(error instanceof DomainError) || !readable.has(error.message)) throw error
            }
            await assertEconomyInvariant(db)
          }
          for (const { id } of world.players) {
            const balances = await getBalances(db, id)
            for (const value of Object.values(balances)) expect(value).toBeGreaterThanOrEqual(0)
          }
        },
      ),
      { numRuns: 15, endOnFailure: true, ...(seed === undefined ? {} : { seed }) },
    )
  })
})
