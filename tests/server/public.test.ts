import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ChatLink, GameConfig } from '../../contract/config'
import type { RankDetail } from '../../contract/rank'
import { DEMO_EMAIL, DEMO_PASSWORD } from '../../server/db/seed/players'
import { startTestServer, type TestServer } from './support/test-server'

let server: TestServer
let cookie: string

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' })
  const login = await server.call('/api/auth/login', {
    body: { email: DEMO_EMAIL, password: DEMO_PASSWORD },
  })
  cookie = login.cookie as string
})

afterAll(async () => {
  await server.close()
})

describe('GET /api/config', () => {
  it('serves the game rules and the layout links without a session', async () => {
    const result = await server.call<GameConfig>('/api/config')
    expect(result.status).toBe(200)
    const { links, rules } = result.body.data
    expect(links.social.map((link) => link.id)).toEqual([
      'videoChannel',
      'telegram',
      'facebook',
      'instagram',
      'messenger',
      'whatsappGroup',
    ])
    for (const link of [...links.social.map((l) => l.url), links.finance, links.chat]) {
      expect(new URL(link).protocol).toBe('https:')
    }
    expect(rules.ranks).toHaveLength(12)
    expect(rules.ranks[0]).toMatchObject({ index: 0, name: 'Bronce I', percent: 4 })
    expect(rules.ranks[11]).toMatchObject({ index: 11, name: 'Platino III', percent: 15 })
    expect(rules.stations.map((s) => s.share)).toEqual([3, 4, 5, 7, 9, 10, 12, 15, 35])
    expect(rules.currencies).toEqual(['terycarbons', 'gems', 'voltaCharge', 'terydollars'])
    expect(rules.maxSocialAccounts).toBe(1)
    expect(rules.teamGenerations).toBe(8)
    expect(rules.referralRewardGems).toBeGreaterThan(0)
    // Climbing a rank never asks for less than the one below.
    const teams = rules.ranks.map((rank) => rank.requirement.team)
    expect(teams).toEqual([...teams].sort((a, b) => a - b))
    expect(new Set(teams).size).toBe(teams.length)
  })
})

describe('GET /api/chat', () => {
  it('answers the support chat link without a session', async () => {
    const result = await server.call<ChatLink>('/api/chat')
    expect(result.status).toBe(200)
    const config = await server.call<GameConfig>('/api/config')
    expect(result.body.data).toEqual({ link: config.body.data.links.chat })
  })
})

describe('GET /api/rank/:id', () => {
  it('answers a rank with its requirement and Spanish benefits', async () => {
    const result = await server.call<RankDetail>('/api/rank/5', { cookie })
    expect(result.status).toBe(200)
    expect(result.body.data).toMatchObject({ index: 5, name: 'Plata III', percent: 9 })
    expect(result.body.data.benefits.length).toBeGreaterThan(0)
    expect(result.body.data.benefits[0]).toContain('9%')
  })

  it.each(['12', '-1', 'abc', '1.5', '999999999999'])(
    "answers 400 'Número no válido' for id %s",
    async (id) => {
      const result = await server.call<{ fields: Record<string, string> }>(`/api/rank/${id}`, {
        cookie,
      })
      expect(result.status).toBe(400)
      expect(result.body.message).toBe('Número no válido')
      expect(result.body.data.fields.id).toBe('Número no válido')
    },
  )

  it('answers 401 without a session', async () => {
    const result = await server.call('/api/rank/0')
    expect(result.status).toBe(401)
    expect(result.body.message).toBe('La sesión ha terminado')
  })
})
