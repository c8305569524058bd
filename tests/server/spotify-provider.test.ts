import { randomUUID } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { serve, type ServerType } from '@hono/node-server'
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { MusicLogin, MusicStatus, MusicSyncResult } from '../../contract/music'
import { runCommand } from '../../server/cli'
import { musicLinks, users } from '../../server/db/schema'
import { DEMO_CODE } from '../../server/db/seed/players'
import { ProviderError } from '../../server/services/music/provider'
import {
  SPOTIFY_SCOPES,
  spotifyMusicProvider,
  type SpotifyConfig,
} from '../../server/services/music/spotify-provider'
import { signupFor, startTestServer, type TestServer } from './support/test-server'

const CLIENT = { id: 'tery-client', secret: 'tery-secret' }
const REDIRECT_URI = 'http://localhost:3000/music/callback'

/**
 * A local fake of the Spotify accounts service and Web API, on loopback: the authorization code
 * grant and the refresh grant of /api/token, /v1/me and /v1/me/player/recently-played, with the
 * checks the real ones make (client credentials, redirect URI, bearer tokens that expire).
 */
function fakeSpotify() {
  const state = {
    profile: { id: 'spotify-ana', email: 'ana.musica@correo.example', display_name: 'Ana Música' },
    codes: new Set<string>(),
    /** Live access tokens. */
    access: new Set<string>(),
    refresh: new Set<string>(),
    grants: [] as string[],
    failTokens: false,
    issued: 0,
    items: [
      {
        played_at: '2026-11-23T22:40:00.000Z',
        track: {
          id: 'trk-1',
          name: 'La Bicicleta',
          duration_ms: 227_000,
          artists: [{ name: 'Carlos Vives' }, { name: 'Shakira' }],
        },
      },
      {
        played_at: '2026-11-23T22:36:00.000Z',
        track: { id: 'trk-2', name: 'Tusa', duration_ms: 200_000, artists: [{ name: 'Karol G' }] },
      },
    ],
  }
  const bearer = (header: string | undefined) => header?.replace(/^Bearer /, '') ?? ''
  const app = new Hono()
    .post('/api/token', async (c) => {
      if (c.req.header('authorization') !== `Basic ${btoa(`${CLIENT.id}:${CLIENT.secret}`)}`) {
        return c.json({ error: 'invalid_client' }, 401)
      }
      if (state.failTokens) return c.json({ error: 'server_error' }, 500)
      const form = new URLSearchParams(await c.req.text())
      const grant = form.get('grant_type') ?? ''
      state.grants.push(grant)
      state.issued += 1
      const access = `access-${state.issued}`
      if (grant === 'authorization_code') {
        const code = form.get('code') ?? ''
        if (!state.codes.delete(code) || form.get('redirect_uri') !== REDIRECT_URI) {
          return c.json({ error: 'invalid_grant' }, 400)
        }
        state.access.add(access)
        state.refresh.add('refresh-1')
        return c.json({ access_token: access, expires_in: 3600, refresh_token: 'refresh-1' })
      }
      if (grant === 'refresh_token' && state.refresh.has(form.get('refresh_token') ?? '')) {
        state.access.add(access)
        // Spotify may answer a refresh without a new refresh token.
        return c.json({ access_token: access, expires_in: 3600 })
      }
      return c.json({ error: 'invalid_grant' }, 400)
    })
    .get('/v1/me', (c) =>
      state.access.has(bearer(c.req.header('authorization')))
        ? c.json(state.profile)
        : c.json({ error: { status: 401 } }, 401),
    )
    .get('/v1/me/player/recently-played', (c) => {
      if (!state.access.has(bearer(c.req.header('authorization')))) {
        return c.json({ error: { status: 401, message: 'The access token expired' } }, 401)
      }
      return c.json({ items: state.items.slice(0, Number(c.req.query('limit'))) })
    })
  return { app, state }
}

let fake: ReturnType<typeof fakeSpotify>
let listener: ServerType
let config: SpotifyConfig
let server: TestServer
const clock = new Date('2026-11-23T23:00:00Z')

beforeAll(async () => {
  fake = fakeSpotify()
  listener = serve({ fetch: fake.app.fetch, hostname: '127.0.0.1', port: 0 })
  await new Promise((resolve) => listener.once('listening', resolve))
  const origin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`
  config = {
    clientId: CLIENT.id,
    clientSecret: CLIENT.secret,
    redirectUri: REDIRECT_URI,
    accountsUrl: origin,
    apiUrl: origin,
  }
  server = await startTestServer({ now: () => clock, musicProvider: spotifyMusicProvider(config) })
  const silent = { out: () => undefined, err: () => undefined }
  await runCommand(
    server.db,
    ['create-player', 'demo@tery.example', 'Demo Tery', '3001234567'],
    silent,
  )
  await server.db.update(users).set({ code: DEMO_CODE })
})

afterAll(async () => {
  await server.close()
  await new Promise((resolve) => listener.close(resolve))
})

beforeEach(() => {
  fake.state.failTokens = false
  fake.state.grants = []
})

async function newPlayer() {
  const body = signupFor(DEMO_CODE)
  await server.call('/api/auth/signup', { body })
  const login = await server.call('/api/auth/login', {
    body: { email: body.email, password: body.password },
  })
  const [user] = await server.db.select().from(users).where(eq(users.email, body.email))
  if (!user || !login.cookie) throw new Error('no player')
  return { id: user.id, cookie: login.cookie }
}

/** Registers the email and starts authorizing: the state Spotify would carry back. */
async function authorize(cookie: string, email: string) {
  await server.call('/api/spotify/linkSpotifyEmail', { body: { email }, cookie })
  const answer = await server.call<MusicLogin>('/api/spotify/login', { cookie })
  const url = new URL(answer.body.data.url)
  const code = `code-${Math.random().toString(36).slice(2)}`
  fake.state.codes.add(code)
  return { url, code, state: url.searchParams.get('state') ?? '' }
}

describe('the Spotify adapter', () => {
  it('sends the player to the authorize page with our client, scopes and a state', () => {
    const url = new URL(spotifyMusicProvider(config).authorizeUrl({ state: 'abc', email: 'x' }))
    expect(url.pathname).toBe('/authorize')
    expect(Object.fromEntries(url.searchParams)).toEqual({
      client_id: CLIENT.id,
      response_type: 'code',
      redirect_uri: REDIRECT_URI,
      scope: SPOTIFY_SCOPES,
      state: 'abc',
    })
  })

  it('links through the callback and syncs the recently played tracks', async () => {
    const ana = await newPlayer()
    const { code, state } = await authorize(ana.cookie, fake.state.profile.email)
    const callback = await server.call<MusicLogin>(
      `/api/spotify/login?code=${code}&state=${encodeURIComponent(state)}`,
      { cookie: ana.cookie },
    )
    expect(callback.status).toBe(200)
    expect(callback.body.data).toEqual({ url: '/music' })
    expect(fake.state.grants).toEqual(['authorization_code'])

    const sync = await server.call<MusicSyncResult>(`/api/spotify/sync?deviceId=${randomUUID()}`, {
      body: {},
      cookie: ana.cookie,
    })
    expect(sync.status).toBe(200)
    expect(sync.body.data.imported).toBe(2)
    expect(sync.body.data.status.link).toMatchObject({
      state: 'linked',
      accountName: 'Ana Música',
      email: fake.state.profile.email,
    })
    const plays = (
      await server.call<{ plays: { trackName: string; artistName: string }[] }>(
        '/api/spotify/recentlyPlayed',
        { cookie: ana.cookie },
      )
    ).body.data.plays
    expect(plays[0]).toMatchObject({
      trackName: 'La Bicicleta',
      artistName: 'Carlos Vives, Shakira',
    })
  })

  it('refreshes an expired token before syncing, and keeps the new one', async () => {
    const ana = await newPlayer()
    fake.state.profile = {
      ...fake.state.profile,
      id: 'spotify-ana-2',
      email: 'ana2@correo.example',
    }
    const { code, state } = await authorize(ana.cookie, 'ana2@correo.example')
    await server.call(`/api/spotify/login?code=${code}&state=${encodeURIComponent(state)}`, {
      cookie: ana.cookie,
    })
    // An hour and more later the token has expired.
    await server.db
      .update(musicLinks)
      .set({ tokenExpiresAt: new Date(clock.getTime() - 1000) })
      .where(eq(musicLinks.userId, ana.id))
    fake.state.grants = []

    const sync = await server.call<MusicSyncResult>(`/api/spotify/sync?deviceId=${randomUUID()}`, {
      body: {},
      cookie: ana.cookie,
    })
    expect(sync.status).toBe(200)
    expect(fake.state.grants).toEqual(['refresh_token'])
    const [link] = await server.db.select().from(musicLinks).where(eq(musicLinks.userId, ana.id))
    expect(fake.state.access.has(link?.accessToken ?? '')).toBe(true)
    expect(link?.refreshToken).toBe('refresh-1')
    expect(link?.tokenExpiresAt?.getTime()).toBe(clock.getTime() + 3600 * 1000)
  })

  it('refreshes once when Spotify refuses a token it gave', async () => {
    const provider = spotifyMusicProvider(config)
    fake.state.access.delete('revoked')
    const recent = await provider.recentlyPlayed(
      {
        email: 'x@correo.example',
        accountId: 'spotify-ana',
        tokens: {
          accessToken: 'revoked',
          refreshToken: 'refresh-1',
          expiresAt: new Date(clock.getTime() + 3600_000),
        },
      },
      { limit: 1, now: clock },
    )
    expect(recent.plays).toHaveLength(1)
    expect(recent.tokens?.accessToken).toMatch(/^access-/)
    expect(fake.state.grants).toEqual(['refresh_token'])
  })

  it('refuses an account whose email is not the one registered', async () => {
    const ana = await newPlayer()
    fake.state.profile = { ...fake.state.profile, id: 'spotify-otro', email: 'otra@correo.example' }
    const { code, state } = await authorize(ana.cookie, 'registrado@correo.example')
    const callback = await server.call(
      `/api/spotify/login?code=${code}&state=${encodeURIComponent(state)}`,
      { cookie: ana.cookie },
    )
    expect(callback.status).toBe(409)
    expect(callback.body.message).toBe(
      'La cuenta que autorizaste no tiene el correo que registraste',
    )
    const status = await server.call<MusicStatus>('/api/spotify/pendingToClaim', {
      body: {},
      cookie: ana.cookie,
    })
    expect(status.body.message).toBe('Primero vincula tu cuenta de música')
  })

  it('answers 503 when Spotify fails, and a broken answer is a provider error', async () => {
    const ana = await newPlayer()
    fake.state.profile = { ...fake.state.profile, id: 'spotify-3', email: 'ana3@correo.example' }
    const { code, state } = await authorize(ana.cookie, 'ana3@correo.example')
    fake.state.failTokens = true
    const callback = await server.call(
      `/api/spotify/login?code=${code}&state=${encodeURIComponent(state)}`,
      { cookie: ana.cookie },
    )
    expect(callback.status).toBe(503)
    expect(callback.body.message).toBe(
      'El servicio de música no respondió. Intenta de nuevo en unos minutos.',
    )
    const unreachable = spotifyMusicProvider({ ...config, accountsUrl: 'http://127.0.0.1:1' })
    await expect(
      unreachable.completeAuthorization({ code: 'x', email: 'x', now: clock }),
    ).rejects.toBeInstanceOf(ProviderError)
  })
})
