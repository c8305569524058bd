import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { expect } from 'vitest'
import type { SocialAccount, SocialNetworkType } from '../../../contract/missions'
import type { Db } from '../../../server/db/client'
import { missions, users } from '../../../server/db/schema'
import { DEMO_CODE } from '../../../server/db/seed/players'
import { reviewAccount } from '../../../server/services/social-accounts'
import { signupFor, type TestServer } from './test-server'

/** A clock the app reads (createApp({ now })): tests set it, to a Bogota midnight say. */
export class TestClock {
  constructor(private instant: Date = new Date()) {}
  now = () => new Date(this.instant)
  set(instant: Date | string) {
    this.instant = new Date(instant)
  }
  advance(seconds: number) {
    this.instant = new Date(this.instant.getTime() + seconds * 1000)
  }
}

export type TestPlayer = { id: string; cookie: string; email: string; deviceId: string }

/** A new player who signed up with `parentCode` (TERYDEMO by default) and logged in. */
export async function newPlayer(server: TestServer, parentCode = DEMO_CODE): Promise<TestPlayer> {
  const body = signupFor(parentCode)
  const signup = await server.call<{ code: string }>('/api/auth/signup', { body })
  expect(signup.status).toBe(201)
  const login = await server.call('/api/auth/login', {
    body: { email: body.email, password: body.password },
  })
  expect(login.status).toBe(200)
  const [user] = await server.db.select().from(users).where(eq(users.email, body.email))
  if (!user || !login.cookie) throw new Error(`${body.email} could not log in`)
  return { id: user.id, cookie: login.cookie, email: body.email, deviceId: randomUUID() }
}

/** The player registers an account on the network and an operator verifies it. */
export async function verifiedAccount(
  server: Pick<TestServer, 'call' | 'db'>,
  player: Pick<TestPlayer, 'cookie'>,
  type: SocialNetworkType,
  account: string,
) {
  const registered = await server.call<SocialAccount>('/api/mission/account', {
    body: { type, account },
    cookie: player.cookie,
  })
  expect(registered.status).toBe(201)
  await reviewAccount(server.db, registered.body.data.id, { verdict: 'verify' }, new Date())
  return registered.body.data
}

/** A social mission of the player's own, on a network, paying `reward` gems. */
export async function socialMission(
  db: Db,
  network: SocialNetworkType,
  values: { reward?: number; ownerId?: string; title?: string } = {},
) {
  const [row] = await db
    .insert(missions)
    .values({
      type: 'social',
      network,
      title: values.title ?? `Misión de prueba ${randomUUID().slice(0, 8)}`,
      link: 'https://www.tiktok.com/@terygame',
      reward: values.reward ?? 10,
      ownerId: values.ownerId ?? null,
    })
    .returning()
  if (!row) throw new Error('mission not written')
  return row
}

/** A video of a few seconds paying `reward` terycarbons, in a playlist when one is given. */
export async function videoMission(
  db: Db,
  values: { seconds?: number; reward?: number; playlistId?: string; ownerId?: string } = {},
) {
  const [row] = await db
    .insert(missions)
    .values({
      type: 'video',
      title: `Video de prueba ${randomUUID().slice(0, 8)}`,
      videoSrc: '/media/tery-mina.webm',
      durationSeconds: values.seconds ?? 5,
      reward: values.reward ?? 20,
      playlistId: values.playlistId ?? null,
      ownerId: values.ownerId ?? null,
    })
    .returning()
  if (!row) throw new Error('video not written')
  return row
}

/** A playlist with `videos` videos of its own, for one player (so other tests never see it). */
export async function playlistMission(
  db: Db,
  ownerId: string,
  values: { reward?: number; volta?: number; videos?: number } = {},
) {
  const [playlist] = await db
    .insert(missions)
    .values({
      type: 'playlist',
      title: `Lista de prueba ${randomUUID().slice(0, 8)}`,
      reward: values.reward ?? 40,
      volta: values.volta ?? 5,
      ownerId,
    })
    .returning()
  if (!playlist) throw new Error('playlist not written')
  const videos = []
  for (let index = 0; index < (values.videos ?? 2); index += 1) {
    videos.push(await videoMission(db, { playlistId: playlist.id, ownerId }))
  }
  return { playlist, videos }
}
