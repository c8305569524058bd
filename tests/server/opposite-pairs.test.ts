import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { listEndpoints, type Endpoint } from '../../server/http/endpoint'
import { checkLedgerInvariant } from '../../server/services/ledger'
import { newPlayer, type Player } from '../harness/api'
import { caseKey, caseOf } from '../harness/endpoint-cases'
import { DEMO_CODE } from '../../server/db/seed/players'
import { fund } from './support/players'
import { onPostgres, startTestServer, type TestServer } from './support/test-server'

/*
 * Defence in depth for money transactions (decision 009, amended by 025): for every endpoint that
 * moves money, two players make the same call toward each other at the same moment (each buys the
 * other's offer, each pays the other), while each also sends the other gems. Services lock a
 * player's accounts in id order, and inTransaction() retries a deadlock at the transaction's
 * boundary besides: whatever a service's lock order, no call may fail and the ledger must hold.
 * Meaningful on PostgreSQL (PGlite runs one transaction at a time); run on both.
 */

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' })
})

afterAll(async () => {
  await server.close()
})

const ROUNDS = onPostgres ? 4 : 1

const moneyMoving = () =>
  listEndpoints(server.app.routes).filter(
    (endpoint) => (endpoint.spec.money?.length ?? 0) > 0 && endpoint.spec.auth === 'session',
  )

/** The service an endpoint belongs to, as the reference groups it: `trading`, `battery`... */
const serviceOf = (endpoint: Endpoint) => endpoint.openApiPath.split('/')[2] ?? ''

/** `player`'s valid call of `endpoint`, with `other` as whoever else the call needs. */
async function callOf(endpoint: Endpoint, player: Player, other: Player, keyed: boolean) {
  const { path, ...sample } = await caseOf(endpoint).sample({
    api: server.call,
    db: server.db,
    caller: player,
    owner: player,
    // The seller of the offer to buy, the payee...: the other player, so the calls cross.
    newPlayer: async () => other,
  })
  return () =>
    server.call(path, {
      method: endpoint.method,
      ...sample,
      headers: {
        ...sample.headers,
        ...(keyed ? { 'idempotency-key': `cruce-${player.id}-${caseKey(endpoint)}` } : {}),
      },
    })
}

const sendGems = (from: Player, to: Player) => () =>
  server.call('/api/inventory/send/gems', {
    body: { code: to.code, amount: 7 },
    cookie: from.cookie,
  })

describe('opposite money movements at the same moment', () => {
  it('passes every money-moving call two players make toward each other, with the ledger whole', async () => {
    const retries = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const services = new Set<string>()
    for (const endpoint of moneyMoving()) {
      services.add(serviceOf(endpoint))
      for (let round = 0; round < ROUNDS; round += 1) {
        const [one, two] = [
          await newPlayer(server.call, DEMO_CODE),
          await newPlayer(server.call, DEMO_CODE),
        ]
        await fund(server, one.id, { gems: 100 })
        await fund(server, two.id, { gems: 100 })
        // Half the rounds run in a keyed request's transaction, where services nest savepoints.
        const keyed = round % 2 === 1
        const calls = [
          await callOf(endpoint, one, two, keyed),
          await callOf(endpoint, two, one, keyed),
          sendGems(one, two),
          sendGems(two, one),
        ]
        const answers = await Promise.all(calls.map((call) => call()))
        for (const answer of answers) {
          expect(
            answer.status,
            `${caseKey(endpoint)}: ${JSON.stringify(answer.body)}`,
          ).toBeLessThan(500)
        }
        // Both crossing payments go through: nothing refuses them but a deadlock.
        expect(answers.slice(2).map((answer) => answer.status)).toEqual([201, 201])
      }
    }
    expect([...services].sort()).toEqual(
      expect.arrayContaining(['battery', 'coupon', 'inventory', 'market', 'mission', 'trading']),
    )
    expect(await checkLedgerInvariant(server.db)).toEqual([])
    retries.mockRestore()
  }, 600_000)
})
