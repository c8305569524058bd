import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Inbox } from '../../contract/inbox'
import type { Profile } from '../../contract/user'
import { penalties } from '../../server/db/schema'
import { assertLedgerInvariant } from '../../server/services/ledger'
import { addMessage } from '../../server/services/messages'
import { addPlayer, cookieOf, HOUR, pay, testClock, type Player } from './support/players'
import { rowCounts, startTestServer, type TestServer } from './support/test-server'

const clock = testClock('2026-11-18T15:00:00Z')
let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ now: clock.now })
})

afterAll(async () => {
  await assertLedgerInvariant(server.db)
  await server.close()
})

async function withMessages(player: Player) {
  const at = new Date('2026-11-16T05:00:00Z')
  await server.db.transaction(async (tx) => {
    await addMessage(
      tx,
      player.id,
      { kind: 'weeklyReset', payload: { week: '2026-11-09', teamGems: 340 } },
      { dedupeKey: 'weekly-reset:2026-11-16', at },
    )
    await addMessage(
      tx,
      player.id,
      { kind: 'newRank', payload: { rankIndex: 3, rankName: 'Plata I', percent: 7 } },
      { at: new Date(at.getTime() + 1) },
    )
    await addMessage(
      tx,
      player.id,
      { kind: 'gemsReceived', payload: { amount: 25, fromName: 'Valentina Gómez' } },
      { at: new Date(at.getTime() + 2) },
    )
  })
}

const inbox = (cookie: string) => server.call<Inbox>('/api/messages', { cookie })
const acknowledge = (cookie: string, id: unknown) =>
  server.call<Inbox>('/api/messages', { method: 'PATCH', cookie, body: { id } })

describe('welcome messages', () => {
  it('answers the unread messages oldest first, each acknowledged one at a time', async () => {
    const player = await addPlayer(server.db)
    await withMessages(player)
    const cookie = await cookieOf(server, player)
    const unread = await inbox(cookie)
    expect(unread.status).toBe(200)
    expect(unread.body.data.messages.map((m) => m.kind)).toEqual([
      'weeklyReset',
      'newRank',
      'gemsReceived',
    ])
    expect(unread.body.data.messages[0]?.payload).toEqual({ week: '2026-11-09', teamGems: 340 })

    const first = unread.body.data.messages[0]?.id
    const after = await acknowledge(cookie, first)
    expect(after.status).toBe(200)
    expect(after.body.message).toBe('Mensaje leído')
    expect(after.body.data.messages.map((m) => m.kind)).toEqual(['newRank', 'gemsReceived'])
    // Reading one again changes nothing.
    expect((await acknowledge(cookie, first)).body.data.messages).toHaveLength(2)
  })

  it('adds a message written twice with one dedupe key once', async () => {
    const player = await addPlayer(server.db)
    await withMessages(player)
    await withMessages(player)
    const messages = (await inbox(await cookieOf(server, player))).body.data.messages
    expect(messages.filter((m) => m.kind === 'weeklyReset')).toHaveLength(1)
  })

  it("refuses another player's message and an id that is not one", async () => {
    const owner = await addPlayer(server.db)
    await withMessages(owner)
    const [message] = (await inbox(await cookieOf(server, owner))).body.data.messages
    const stranger = await cookieOf(server, await addPlayer(server.db))
    const foreign = await acknowledge(stranger, message?.id)
    expect(foreign.status).toBe(404)
    expect(foreign.body.message).toBe('Ese mensaje no existe')
    const bad = await acknowledge(stranger, 'abc')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('El mensaje no es válido')
    expect((await inbox(await cookieOf(server, owner))).body.data.messages).toHaveLength(3)
  })

  it('answers 401 without a session', async () => {
    expect((await server.call('/api/messages')).status).toBe(401)
  })
})

describe('POST /api/user/enableCode', () => {
  async function penalized(parentCode: string | null) {
    const player = await addPlayer(server.db, { parentCode })
    await server.db.insert(penalties).values([
      { userId: player.id, week: '2026-11-02' },
      { userId: player.id, week: '2026-11-09' },
    ])
    return { player, cookie: await cookieOf(server, player) }
  }

  it('reactivates a penalized player with their sponsor’s code, in any letter case', async () => {
    const sponsor = await addPlayer(server.db)
    const { cookie } = await penalized(sponsor.code)
    const before = await server.call<Profile>('/api/user/profile', { cookie })
    expect(before.body.data).toMatchObject({ penalized: true, stats: { penalties: 2 } })

    const result = await server.call<Profile>('/api/user/enableCode', {
      cookie,
      body: { code: sponsor.code.toLowerCase() },
    })
    expect(result.status).toBe(200)
    expect(result.body.message).toBe('Tu cuenta está activa de nuevo')
    expect(result.body.data).toMatchObject({ penalized: false, stats: { penalties: 2 } })

    const again = await server.call('/api/user/enableCode', {
      cookie,
      body: { code: sponsor.code },
    })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Tu cuenta ya está activa')
  })

  it('takes their own code from a player nobody invited', async () => {
    const { player, cookie } = await penalized(null)
    const result = await server.call<Profile>('/api/user/enableCode', {
      cookie,
      body: { code: player.code },
    })
    expect(result.body.data.penalized).toBe(false)
  })

  it('refuses any other code, and changes nothing', async () => {
    const sponsor = await addPlayer(server.db)
    const { player, cookie } = await penalized(sponsor.code)
    for (const [code, status, message] of [
      [player.code, 400, 'Ese código no reactiva tu cuenta'],
      ['NOEXISTE', 400, 'Ese código no reactiva tu cuenta'],
      ['ab', 400, 'El código debe tener entre 4 y 16 letras mayúsculas o números'],
    ] as const) {
      const result = await server.call<{ fields: Record<string, string> }>('/api/user/enableCode', {
        cookie,
        body: { code },
      })
      expect(result.status).toBe(status)
      expect(result.body.message).toBe(message)
      expect(result.body.data.fields.code).toBe(message)
    }
    const profile = await server.call<Profile>('/api/user/profile', { cookie })
    expect(profile.body.data.penalized).toBe(true)
  })
})

describe('POST /api/user/phone', () => {
  it('saves a Colombian mobile number', async () => {
    const cookie = await cookieOf(server, await addPlayer(server.db))
    const result = await server.call<Profile>('/api/user/phone', {
      cookie,
      body: { phone: ' 3157654321 ' },
    })
    expect(result.status).toBe(200)
    expect(result.body.message).toBe('Celular actualizado')
    expect(result.body.data.phone).toBe('3157654321')
  })

  it('answers 400 to a number that is not one, and changes nothing', async () => {
    const cookie = await cookieOf(server, await addPlayer(server.db))
    const before = await rowCounts(server.db)
    const result = await server.call('/api/user/phone', { cookie, body: { phone: '12345' } })
    expect(result.status).toBe(400)
    expect(result.body.message).toBe('Celular no válido')
    expect(await rowCounts(server.db)).toEqual(before)
    expect((await server.call<Profile>('/api/user/profile', { cookie })).body.data.phone).toBe(
      '3104567890',
    )
  })
})

describe('GET /api/user/profile stats', () => {
  it('sums what the mine paid, read from the ledger, and the week’s gems', async () => {
    clock.set('2026-11-18T15:00:00Z')
    const player = await addPlayer(server.db)
    await pay(server.db, player, 'terycarbons', 100)
    const cookie = await cookieOf(server, player)
    await server.call('/api/user/node/activate', { cookie, body: { station: 9 } })
    clock.advance(2 * HOUR)
    await server.call('/api/adlot/collect', { cookie, body: { mode: 'terycarbons' } })
    await pay(server.db, player, 'gems', 15, { kind: 'mission.claim', at: clock.now() })
    const profile = (await server.call<Profile>('/api/user/profile', { cookie })).body.data
    expect(profile.stats).toEqual({
      mined: { terycarbons: 17, gems: 0 },
      teamBonusGems: 0,
      rankGems: 0,
      weekGems: 15,
      stationsOn: 1,
      penalties: 0,
    })
  })
})
