import { createHash } from 'node:crypto'
import { and, count, eq, isNull, lte, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import {
  drawMessage,
  winningTicket,
  type DrawEntryResult,
  type LotteryDraw,
  type LotteryList,
} from '../../contract/lottery'
import { runCommand } from '../../server/cli'
import { lotteryDraws, lotteryEntries, ledgerTransfers, users } from '../../server/db/schema'
import { DEMO_CODE } from '../../server/db/seed/players'
import { runJobOnce } from '../../server/services/jobs'
import { assertLedgerInvariant, getBalances, transfer } from '../../server/services/ledger'
import {
  drawOne,
  ensureOpenDraw,
  latestClosing,
  nextClosing,
  publicName,
  runLotteryDraws,
} from '../../server/services/lottery'
import { SCHEDULED_JOBS } from '../../server/services/scheduled-jobs'
import { rowCounts, signupFor, startTestServer, type TestServer } from './support/test-server'

/** Wednesday 25 November 2026, 10:00 in Bogota: the week's draw closes Sunday 29 at 20:00. */
const WEDNESDAY = new Date('2026-11-25T15:00:00Z')
const SUNDAY_CLOSING = new Date('2026-11-30T01:00:00Z')

let server: TestServer
let clock = WEDNESDAY

beforeAll(async () => {
  server = await startTestServer({ now: () => clock })
  // The players below sign up with the demo code: its owner must exist.
  await runCommand(
    server.db,
    ['create-player', 'demo@tery.example', 'Jugador Demo', '3001234567'],
    {
      out: () => undefined,
      err: () => undefined,
    },
  )
  await server.db.update(users).set({ code: DEMO_CODE })
})

afterAll(async () => {
  await server.close()
})

afterEach(async () => {
  clock = WEDNESDAY
  await assertLedgerInvariant(server.db)
})

async function newPlayer() {
  const body = signupFor(DEMO_CODE)
  expect((await server.call('/api/auth/signup', { body })).status).toBe(201)
  const login = await server.call('/api/auth/login', {
    body: { email: body.email, password: body.password },
  })
  const [user] = await server.db.select().from(users).where(eq(users.email, body.email))
  if (!user || !login.cookie) throw new Error('no player')
  return { id: user.id, name: user.name, cookie: login.cookie }
}

async function openDraw(at = clock) {
  return server.db.transaction((tx) => ensureOpenDraw(tx, at))
}

function enter(cookie: string | null, drawId: string, headers: Record<string, string> = {}) {
  return server.call<DrawEntryResult>('/api/user/draw', {
    method: 'PATCH',
    body: { drawId },
    cookie,
    headers,
  })
}

async function listed(query = '', cookie: string | null = null) {
  const answer = await server.call<LotteryList>(`/api/lottery/list${query}`, { cookie })
  expect(answer.status).toBe(200)
  return answer.body.data
}

async function drawNamed(number: number, cookie: string | null = null): Promise<LotteryDraw> {
  const [draw] = (await listed(`?number=${number}`, cookie)).draws
  if (!draw) throw new Error(`draw #${number} not listed`)
  return draw
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex')

describe('the fairness computation', () => {
  it('gives the worked example of docs/economy.md', () => {
    const seed = '0123456789abcdef'.repeat(4)
    expect(sha256(seed)).toBe('a8ae6e6ee929abea3afcfc5258c8ccd6f85273e0d4626d26c7279f3250f77c8e')
    expect(drawMessage(seed, 7)).toBe(`${seed}:7`)
    const digest = sha256(drawMessage(seed, 7))
    expect(digest).toBe('ab746d74d28138762a254367b4465d97fbfbe13e04ea850ec8792d2c40dfcef2')
    expect(BigInt(`0x${digest}`).toString()).toBe(
      '77551206807127198057629647971517031208563964761798363884431775550911681646322',
    )
    expect(winningTicket(digest, 7)).toBe(7)
  })

  it('always lands on a ticket that exists', () => {
    for (let entries = 1; entries <= 50; entries += 1) {
      const ticket = winningTicket(sha256(drawMessage('semilla', entries)), entries)
      expect(ticket).toBeGreaterThanOrEqual(1)
      expect(ticket).toBeLessThanOrEqual(entries)
    }
    expect(() => winningTicket(sha256('x'), 0)).toThrow(RangeError)
  })

  it('shows players by first name and initial', () => {
    expect(publicName('Valentina Gómez')).toBe('Valentina G.')
    expect(publicName('Ana María Pérez Ruiz')).toBe('Ana R.')
    expect(publicName('Cher')).toBe('Cher')
  })
})

describe('the schedule', () => {
  it('closes every Sunday at 20:00 in Bogota', () => {
    expect(nextClosing(WEDNESDAY).toISOString()).toBe(SUNDAY_CLOSING.toISOString())
    expect(latestClosing(WEDNESDAY).toISOString()).toBe('2026-11-23T01:00:00.000Z')
    expect(latestClosing(SUNDAY_CLOSING).toISOString()).toBe(SUNDAY_CLOSING.toISOString())
    expect(nextClosing(SUNDAY_CLOSING).toISOString()).toBe('2026-12-07T01:00:00.000Z')
  })
})

describe('GET /api/lottery/list', () => {
  it('shows a visitor the open draw with its date, prize and seed hash, never its seed', async () => {
    const draw = await openDraw()
    const list = await listed('?status=open')
    expect(list.signedIn).toBe(false)
    const shown = list.draws.find((candidate) => candidate.id === draw.id)
    expect(shown).toMatchObject({
      number: draw.number,
      status: 'open',
      closesAt: SUNDAY_CLOSING.toISOString(),
      prize: { currency: 'gems', amount: 200 },
      entryPrice: { currency: 'terycarbons', amount: 50 },
      seedHash: sha256(draw.seed),
      seed: null,
      winner: null,
      myEntry: null,
    })
  })

  it('refuses a bad query with a Spanish message', async () => {
    const bad = await server.call('/api/lottery/list?status=todos')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe(
      'El estado del sorteo debe ser abierto (open) o realizado (drawn)',
    )
    expect((await server.call('/api/lottery/list?page=0')).body.message).toBe(
      'La página debe ser un número desde 1',
    )
  })
})

describe('PATCH /api/user/draw', () => {
  it('takes a player into the draw, charging the entry price once, through the ledger', async () => {
    const draw = await openDraw()
    const ana = await newPlayer()
    const before = await getBalances(server.db, ana.id)

    const answer = await enter(ana.cookie, draw.id)

    expect(answer.status).toBe(200)
    expect(answer.body.message).toBe('¡Ya participas en el sorteo!')
    expect(answer.body.data.balances.terycarbons).toBe(before.terycarbons - 50)
    expect(answer.body.data.draw.myEntry).toEqual({ ticket: null })
    const [transferRow] = await server.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `lottery-entry:${draw.id}:${ana.id}`))
    expect(transferRow).toMatchObject({ kind: 'lottery.entry', amount: 50 })
    expect((await drawNamed(draw.number, ana.cookie)).myEntry).toEqual({ ticket: null })
  })

  it('refuses a second entry and changes nothing', async () => {
    const draw = await openDraw()
    const ana = await newPlayer()
    await enter(ana.cookie, draw.id)
    const counts = await rowCounts(server.db)

    const again = await enter(ana.cookie, draw.id)

    expect(again.status).toBe(409)
    expect(again.body.message).toBe('Ya participas en este sorteo')
    expect(await rowCounts(server.db)).toEqual(counts)
    expect((await getBalances(server.db, ana.id)).terycarbons).toBe(50)
  })

  it('asks for a session, checks the draw id and changes nothing', async () => {
    const draw = await openDraw()
    const ana = await newPlayer()
    const counts = await rowCounts(server.db)
    expect((await enter(null, draw.id)).body.message).toBe('La sesión ha terminado')
    const bad = await enter(ana.cookie, 'no-es-un-id')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('El sorteo no es válido')
    const unknown = await enter(ana.cookie, '00000000-0000-4000-8000-000000000000')
    expect(unknown.status).toBe(404)
    expect(unknown.body.message).toBe('El sorteo no existe')
    expect(await rowCounts(server.db)).toEqual(counts)
  })

  it('refuses a player short of terycarbons and keeps no entry', async () => {
    const draw = await openDraw()
    const ana = await newPlayer()
    await server.db.transaction((tx) =>
      transfer(tx, {
        currency: 'terycarbons',
        from: { userId: ana.id },
        to: { system: 'supply' },
        amount: 80,
        kind: 'test',
      }),
    )
    const answer = await enter(ana.cookie, draw.id)
    expect(answer.status).toBe(400)
    expect(answer.body.message).toBe('No tienes suficientes terycarbonos para participar')
    const [entries] = await server.db
      .select({ n: count() })
      .from(lotteryEntries)
      .where(and(eq(lotteryEntries.drawId, draw.id), eq(lotteryEntries.userId, ana.id)))
    expect(entries?.n).toBe(0)
  })

  it('refuses entries once the draw time has passed', async () => {
    const draw = await openDraw()
    const ana = await newPlayer()
    clock = SUNDAY_CLOSING
    const late = await enter(ana.cookie, draw.id)
    expect(late.status).toBe(409)
    expect(late.body.message).toBe('Las inscripciones de este sorteo ya cerraron')
    expect((await drawNamed(draw.number)).status).toBe('closed')
  })

  it('charges once when the same player sends 20 entries at once', async () => {
    const draw = await openDraw()
    const ana = await newPlayer()
    const answers = await Promise.all(Array.from({ length: 20 }, () => enter(ana.cookie, draw.id)))
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19)
    expect((await getBalances(server.db, ana.id)).terycarbons).toBe(50)
  })

  it('answers a replayed Idempotency-Key with the first answer', async () => {
    const draw = await openDraw()
    const ana = await newPlayer()
    const key = { 'idempotency-key': `entrar-${ana.id}` }
    const first = await enter(ana.cookie, draw.id, key)
    const replay = await enter(ana.cookie, draw.id, key)
    expect(replay.status).toBe(200)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.body).toEqual(first.body)
  })
})

describe('the draw', () => {
  it('numbers the tickets, reveals the seed, pays the winner and opens the next draw', async () => {
    const draw = await openDraw()
    const players = [await newPlayer(), await newPlayer(), await newPlayer()]
    for (const player of players) await enter(player.cookie, draw.id)
    const entries = (await drawNamed(draw.number)).entries
    const before = await Promise.all(players.map((player) => getBalances(server.db, player.id)))

    clock = new Date(SUNDAY_CLOSING.getTime() + 30_000)
    await server.db.transaction((tx) => runLotteryDraws(tx, clock))

    const drawn = await drawNamed(draw.number, players[0]?.cookie)
    expect(drawn.status).toBe('drawn')
    expect(drawn.seed).toBe(draw.seed)
    expect(sha256(drawn.seed ?? '')).toBe(drawn.seedHash)
    expect(drawn.tickets.map((ticket) => ticket.ticket)).toEqual(
      Array.from({ length: entries }, (_, index) => index + 1),
    )
    const expected = winningTicket(sha256(drawMessage(draw.seed, entries)), entries)
    expect(drawn.winner?.ticket).toBe(expected)
    expect(drawn.myEntry?.ticket).toEqual(expect.any(Number))
    // Whoever holds the winning ticket got the prize; nobody else did.
    const [holder] = await server.db
      .select({ userId: lotteryEntries.userId })
      .from(lotteryEntries)
      .where(and(eq(lotteryEntries.drawId, draw.id), eq(lotteryEntries.ticket, expected)))
    for (const [index, player] of players.entries()) {
      const gems = (await getBalances(server.db, player.id)).gems
      const was = before[index]?.gems ?? 0
      expect(gems).toBe(player.id === holder?.userId ? was + 200 : was)
    }
    const open = (await listed('?status=open')).draws
    expect(open).toHaveLength(1)
    expect(open[0]).toMatchObject({ number: draw.number + 1, status: 'open' })
    expect(open[0]?.closesAt).toBe('2026-12-07T01:00:00.000Z')
  })

  it('runs once per closing, however many servers run the job', async () => {
    const job = SCHEDULED_JOBS.find((candidate) => candidate.name === 'lottery-draw')
    if (!job) throw new Error('no lottery job')
    await openDraw()
    const monday = new Date('2026-12-14T13:00:00Z')
    const outcomes = await Promise.all([1, 2, 3].map(() => runJobOnce(server.db, job, monday)))
    expect(outcomes.filter((outcome) => outcome === 'ran')).toHaveLength(1)
    const [undrawn] = await server.db
      .select({ n: count() })
      .from(lotteryDraws)
      .where(and(isNull(lotteryDraws.drawnAt), lte(lotteryDraws.closesAt, monday)))
    expect(undrawn?.n).toBe(0)
  })

  it('draws a draw only once, even when asked twice', async () => {
    const draw = await openDraw()
    const ana = await newPlayer()
    await enter(ana.cookie, draw.id)
    const at = new Date(draw.closesAt.getTime() + 1000)
    const first = await server.db.transaction((tx) => drawOne(tx, draw.id, at))
    const second = await server.db.transaction((tx) => drawOne(tx, draw.id, at))
    expect(first?.entries).toBeGreaterThan(0)
    expect(second).toBeNull()
    const prizes = await server.db
      .select({ n: count() })
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.idempotencyKey, `lottery-prize:${draw.id}`))
    expect(prizes[0]?.n).toBe(1)
  })

  it('keeps every paid entry in the draw when entries race the draw', async () => {
    const draw = await openDraw()
    const players = []
    for (let index = 0; index < 12; index += 1) players.push(await newPlayer())
    const at = new Date(draw.closesAt.getTime() - 1000)
    clock = at
    const racing = players.map((player) => enter(player.cookie, draw.id))
    const drawing = server.db.transaction(async (tx) => {
      await tx.update(lotteryDraws).set({ closesAt: at }).where(eq(lotteryDraws.id, draw.id))
      return drawOne(tx, draw.id, at)
    })
    const [answers, outcome] = await Promise.all([Promise.all(racing), drawing])
    const paid = answers.filter((answer) => answer.status === 200).length
    const refused = answers.filter((answer) => answer.status === 409)
    expect(paid + refused.length).toBe(players.length)
    for (const answer of refused) {
      expect(answer.body.message).toBe('Las inscripciones de este sorteo ya cerraron')
    }
    const charged = await server.db
      .select({ n: count() })
      .from(ledgerTransfers)
      .where(sql`${ledgerTransfers.idempotencyKey} like ${`lottery-entry:${draw.id}:%`}`)
    // Everyone who paid holds a ticket of the draw, and the draw counted them all.
    expect(charged[0]?.n).toBe(outcome?.entries)
    expect((await drawNamed(draw.number)).tickets).toHaveLength(outcome?.entries ?? -1)
  })

  it('is run by npm run admin -- draw-lottery, closing the open draw now', async () => {
    // The command runs on the real clock: start from a draw open at the real time.
    clock = new Date()
    await server.db.transaction((tx) => runLotteryDraws(tx, clock))
    const draw = await openDraw(clock)
    const ana = await newPlayer()
    expect((await enter(ana.cookie, draw.id)).status).toBe(200)
    const out: string[] = []
    const io = { out: (line: string) => out.push(line), err: (line: string) => out.push(line) }
    expect(await runCommand(server.db, ['draw-lottery'], io)).toBe(0)
    expect(out.join('\n')).toMatch(
      new RegExp(
        `Draw #${draw.number}: \\d+ entries, winning ticket #\\d+ \\(.+\\), seed [0-9a-f]{64}`,
      ),
    )
    expect((await drawNamed(draw.number)).status).toBe('drawn')
  })
})
