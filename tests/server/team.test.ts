import { eq, is, sql, SQL } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it, onTestFinished, vi } from 'vitest'
import { validationMessages } from '../../contract/messages'
import type { Paginated } from '../../contract/pagination'
import type {
  Founders,
  Leaderboard,
  MemberDetail,
  Referral,
  TeamMember,
  TeamOverview,
} from '../../contract/team'
import { selectRows } from '../../server/db/client'
import { penalties, users } from '../../server/db/schema'
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/db/seed/players'
import { inTransaction } from '../../server/services/atomic'
import { assertLedgerInvariant } from '../../server/services/ledger'
import { addChain, addPlayer, cookieOf, pay, testClock, type Player } from './support/players'
import { startTestServer, type TestServer } from './support/test-server'

const clock = testClock('2026-11-18T15:00:00Z')
let server: TestServer
let root: Player
let rootCookie: string
/** root's tree: 3 direct referrals; under the first, one player per generation down to the 9th. */
let chain: Player[]
let second: Player
let third: Player

beforeAll(async () => {
  server = await startTestServer({ now: clock.now })
  root = await addPlayer(server.db, { name: 'Raíz Equipo' })
  const first = await addPlayer(server.db, { parentCode: root.code, name: 'Ana Primera' })
  second = await addPlayer(server.db, { parentCode: root.code, name: 'Bruno Segundo' })
  third = await addPlayer(server.db, { parentCode: root.code, name: 'Carla Tercera' })
  // Generations 2 to 9 under the first referral: the ninth is outside root's team.
  chain = [first, ...(await addChain(server.db, first, 8))]
  // Two more in generation 2 and one in generation 3, under the second referral.
  const nephew = await addPlayer(server.db, { parentCode: second.code, name: 'Diana Sobrina' })
  await addPlayer(server.db, { parentCode: second.code, name: 'Elena Sobrina' })
  await addPlayer(server.db, { parentCode: nephew.code, name: 'Fabio Nieto' })
  await server.db.update(users).set({ shareEmail: true }).where(eq(users.id, nephew.id))
  await server.db.insert(penalties).values({ userId: third.id, week: '2026-11-09' })
  rootCookie = await cookieOf(server, root)
})

afterAll(async () => {
  await assertLedgerInvariant(server.db)
  await server.close()
})

const level = (n: number | string, query = '') =>
  server.call<Paginated<TeamMember>>(`/api/user/team/${n}/level${query}`, { cookie: rootCookie })

describe('GET /api/user/team', () => {
  it('counts the eight generations of a tree nine deep, leaving the ninth out', async () => {
    const result = await server.call<TeamOverview>('/api/user/team', { cookie: rootCookie })
    expect(result.status).toBe(200)
    expect(result.body.data).toMatchObject({
      rank: { index: 0, name: 'Bronce I', percent: 4 },
      generations: [3, 3, 2, 1, 1, 1, 1, 1],
      direct: 3,
      total: 13,
    })
    expect(result.body.data.stations.map((s) => s.on)).toEqual(Array(9).fill(false))
  })

  it("shows the demo player's team down to the eighth generation", async () => {
    // A database of its own: the demo seed expects an empty one.
    const demo = await startTestServer({ seed: 'demo' })
    const login = await demo.call('/api/auth/login', {
      body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
    })
    const result = await demo.call<TeamOverview>('/api/user/team', { cookie: login.cookie })
    expect(result.body.data.generations).toHaveLength(8)
    expect(result.body.data.generations.every((members) => members > 0)).toBe(true)
    expect(result.body.data.direct).toBe(3)
    expect(result.body.data.stations.filter((s) => s.on)).toHaveLength(6)
    const eighth = await demo.call<Paginated<TeamMember>>('/api/user/team/8/level', {
      cookie: login.cookie,
    })
    expect(eighth.body.data.totalDocs).toBe(result.body.data.generations[7])
    await assertLedgerInvariant(demo.db)
    await demo.close()
  })

  it('answers 401 without a session', async () => {
    expect((await server.call('/api/user/team')).status).toBe(401)
  })
})

describe('GET /api/user/team/{level}/level', () => {
  it('lists one generation, oldest first, with rank, penalty and the email only when shared', async () => {
    const result = await level(2)
    expect(result.status).toBe(200)
    expect(result.body.data).toMatchObject({ totalDocs: 3, totalPages: 1, limt: 10, page: 1 })
    expect(result.body.data.docs.map((m) => [m.name, m.level])).toEqual([
      ['Generación 1', 2],
      ['Diana Sobrina', 2],
      ['Elena Sobrina', 2],
    ])
    const diana = result.body.data.docs[1]
    expect(diana?.email).toMatch(/@correo\.example$/)
    expect(result.body.data.docs[0]?.email).toBeNull()
    expect((await level(8)).body.data.docs.map((m) => m.name)).toEqual(['Generación 7'])
  })

  it('searches by name or code and filters by penalty', async () => {
    expect((await level(2, '?search=sobrina')).body.data.docs.map((m) => m.name)).toEqual([
      'Diana Sobrina',
      'Elena Sobrina',
    ])
    expect((await level(1, `?search=${third.code.toLowerCase()}`)).body.data.totalDocs).toBe(1)
    expect((await level(2, '?search=50%25')).body.data.totalDocs).toBe(0)
    const penalized = await level(1, '?penalty=true')
    expect(penalized.body.data.docs.map((m) => [m.name, m.penalized])).toEqual([
      ['Carla Tercera', true],
    ])
    expect((await level(1, '?penalty=false')).body.data.totalDocs).toBe(2)
  })

  it('pages ten members at a time', async () => {
    const parent = await addPlayer(server.db, { parentCode: root.code, name: 'Gran Padrino' })
    for (let i = 0; i < 12; i += 1) {
      await addPlayer(server.db, { parentCode: parent.code, name: 'Ahijado Paginado' })
    }
    const first = await level(2, '?search=paginado')
    expect(first.body.data).toMatchObject({ totalDocs: 12, totalPages: 2, page: 1 })
    expect(first.body.data.docs).toHaveLength(10)
    const second = await level(2, '?search=paginado&page=2')
    expect(second.body.data.docs).toHaveLength(2)
    expect((await level(2, '?search=paginado&page=3')).body.data.docs).toEqual([])
    // Unfiltered, the generation's stored size is the total, and the pages follow join order.
    const all = await level(2, '?page=2')
    expect(all.body.data).toMatchObject({ totalDocs: 15, totalPages: 2, page: 2 })
    expect(all.body.data.docs.map((m) => m.name)).toEqual(Array(5).fill('Ahijado Paginado'))
    const joined = [...(await level(2)).body.data.docs, ...all.body.data.docs].map(
      (m) => m.joinedAt,
    )
    expect(joined).toEqual([...joined].sort())
  })

  it.each([
    ['9', '', 'El nivel debe estar entre 1 y 8'],
    ['0', '', 'El nivel debe estar entre 1 y 8'],
    ['1', '?page=0', validationMessages.page],
    ['1', '?penalty=si', 'El filtro de penalización no es válido'],
    ['1', `?search=${'a'.repeat(61)}`, 'La búsqueda no puede pasar de 60 caracteres'],
  ])('answers 400 to level %s%s with its Spanish message', async (n, query, message) => {
    const result = await level(n, query)
    expect(result.status).toBe(400)
    expect(result.body.message).toBe(message)
  })
})

describe('GET /api/user/referral', () => {
  it('lists the direct referrals with the size of their own team', async () => {
    const result = await server.call<Paginated<Referral>>('/api/user/referral', {
      cookie: rootCookie,
    })
    expect(result.status).toBe(200)
    const teams = Object.fromEntries(result.body.data.docs.map((r) => [r.name, r.team]))
    // Ana's own team: her chain down to its eighth generation under her.
    expect(teams).toMatchObject({ 'Ana Primera': 8, 'Bruno Segundo': 3, 'Carla Tercera': 0 })
  })

  it('refuses a search holding a NUL character (PostgreSQL cannot compare one) with a 400', async () => {
    const result = await server.call<{ fields: Record<string, string> }>(
      '/api/user/referral?search=%00',
      { cookie: rootCookie },
    )
    expect(result.status).toBe(400)
    expect(result.body.data.fields).toEqual({ search: 'El texto contiene caracteres no válidos' })
  })
})

describe('GET /api/user/team/{id}/details', () => {
  it('describes a member of the team, with their generation and sponsor', async () => {
    const eighth = chain[7] as Player
    const result = await server.call<MemberDetail>(`/api/user/team/${eighth.id}/details`, {
      cookie: rootCookie,
    })
    expect(result.status).toBe(200)
    expect(result.body.data).toMatchObject({
      name: 'Generación 7',
      level: 8,
      parentName: 'Generación 6',
      direct: 1,
      team: 1,
      penalties: 0,
      weekGems: 0,
    })
  })

  it('refuses the ninth generation, another team, the player and an id that is not one', async () => {
    const ninth = chain[8] as Player
    const stranger = await addPlayer(server.db, { name: 'Otro Equipo' })
    for (const id of [ninth.id, stranger.id, root.id]) {
      const result = await server.call(`/api/user/team/${id}/details`, { cookie: rootCookie })
      expect(result.status).toBe(404)
      expect(result.body.message).toBe('Ese jugador no está en tu equipo')
    }
    const bad = await server.call('/api/user/team/abc/details', { cookie: rootCookie })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('El jugador no es válido')
  })
})

describe('GET /api/user/founder', () => {
  it('lists the first players in the order they joined, and the caller’s number', async () => {
    const result = await server.call<Founders>('/api/user/founder', { cookie: rootCookie })
    expect(result.status).toBe(200)
    expect(result.body.data.limit).toBe(100)
    expect(result.body.data.you).toBe(1)
    expect(result.body.data.founders.slice(0, 3).map((f) => [f.number, f.name])).toEqual([
      [1, 'Raíz Equipo'],
      [2, 'Ana Primera'],
      [3, 'Bruno Segundo'],
    ])
  })
})

describe('GET /api/leaderboard', () => {
  it("ranks players by the gems the game paid them this week, with the caller's position", async () => {
    const week = new Date('2026-11-17T12:00:00Z')
    await pay(server.db, second, 'gems', 50, { kind: 'mission.claim', at: week })
    await pay(server.db, third, 'gems', 80, { kind: 'team.bonus', at: week })
    await pay(server.db, root, 'gems', 20, { kind: 'mission.claim', at: week })
    // Not earnings: a seed, and last week's mission.
    await pay(server.db, root, 'gems', 5000, { at: week })
    await pay(server.db, root, 'gems', 70, {
      kind: 'mission.claim',
      at: new Date('2026-11-15T12:00:00Z'),
    })
    const result = await server.call<Leaderboard>('/api/leaderboard', { cookie: rootCookie })
    expect(result.status).toBe(200)
    const top = result.body.data.docs
      .slice(0, 2)
      .map((entry) => [entry.position, entry.name, entry.gems])
    expect(top).toEqual([
      [1, 'Carla Tercera', 80],
      [2, 'Bruno Segundo', 50],
    ])
    expect(result.body.data.week).toEqual({
      start: '2026-11-16T05:00:00.000Z',
      end: '2026-11-23T05:00:00.000Z',
    })
    expect(result.body.data.you).toEqual({ position: 3, gems: 20 })
    expect(result.body.data).toMatchObject({ totalDocs: 3, totalPages: 1, page: 1 })
  })

  it('gives ties to who joined first, ten a page, and counts the caller’s place on any page', async () => {
    // A week of its own, far from the clock's and the signups' (the machine's clock).
    const week = new Date('2027-02-02T12:00:00Z')
    clock.set('2027-02-03T15:00:00Z')
    onTestFinished(() => clock.set('2026-11-18T15:00:00Z'))
    const leader = await addPlayer(server.db, { name: 'Cabeza Semana' })
    await pay(server.db, leader, 'gems', 99, { kind: 'mission.claim', at: week })
    // Twelve players who join a minute apart, each paid the same this week.
    const tied: Player[] = []
    for (let i = 0; i < 12; i += 1) {
      const player = await addPlayer(server.db, {
        name: `Empate ${String.fromCharCode(65 + i)}`,
        createdAt: new Date(Date.parse('2026-11-01T12:00:00Z') - i * 60_000),
      })
      await pay(server.db, player, 'gems', 10, { kind: 'mission.claim', at: week })
      tied.push(player)
    }
    const page = (n: number, player: Player) =>
      cookieOf(server, player).then((cookie) =>
        server.call<Leaderboard>(`/api/leaderboard?page=${n}`, { cookie }),
      )
    // The leader first; the twelve at 10 follow, the last to join (Empate A) last.
    const second = await page(2, tied[0] as Player)
    expect(second.body.data).toMatchObject({ totalDocs: 13, totalPages: 2, page: 2 })
    expect(second.body.data.docs.map((entry) => [entry.position, entry.name])).toEqual([
      [11, 'Empate C'],
      [12, 'Empate B'],
      [13, 'Empate A'],
    ])
    expect(second.body.data.you).toEqual({ position: 13, gems: 10 })
    const first = await page(1, tied[11] as Player)
    expect(first.body.data.docs.map((entry) => entry.name).slice(0, 3)).toEqual([
      'Cabeza Semana',
      'Empate L',
      'Empate K',
    ])
    expect(first.body.data.you).toEqual({ position: 2, gems: 10 })
    const idle = await addPlayer(server.db, { name: 'Sin Ganancias' })
    expect((await page(1, idle)).body.data.you).toEqual({ position: null, gems: 0 })
  })

  it('reads its page from the ranking index in order, never sorting the week', async () => {
    // The statement the call runs, planned again with sorting ruled out: a page whose order the
    // index cannot give keeps its Sort under the page's Limit anyway (the week's earners sorted at
    // each call); what is sorted above it is the page's ten rows.
    const dialect = new PgDialect()
    const execute = vi.spyOn(server.db, 'execute')
    onTestFinished(() => execute.mockRestore())
    expect((await server.call('/api/leaderboard', { cookie: rootCookie })).status).toBe(200)
    const statement = execute.mock.calls
      .map(([query]) => query)
      .find(
        (query): query is SQL =>
          is(query, SQL) && dialect.sqlToQuery(query).sql.includes('json_agg'),
      )
    expect(statement).toBeDefined()
    const page = await inTransaction(server.db, async (tx) => {
      await tx.execute(sql`set local enable_sort = off`)
      const [row] = await selectRows<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        tx,
        sql`explain (format json) ${statement}`,
      )
      const limit = row && findNode(row['QUERY PLAN'][0].Plan, 'Limit')
      return limit ? nodeTypes(limit) : []
    })
    expect(page).toContain('Index Only Scan')
    expect(page).not.toContain('Sort')
  })
})

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] }

/** The first node of `type` in a plan, depth first. */
function findNode(node: PlanNode, type: string): PlanNode | undefined {
  if (node['Node Type'] === type) return node
  for (const child of node.Plans ?? []) {
    const found = findNode(child, type)
    if (found) return found
  }
  return undefined
}

/** The node types of a plan's subtree, its own first. */
function nodeTypes(node: PlanNode): string[] {
  return [node['Node Type'], ...(node.Plans ?? []).flatMap(nodeTypes)]
}
