import { randomBytes, randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type {
  ClaimMusicRewardResult,
  MusicAccess,
  MusicAuditResult,
  MusicLogin,
  MusicStatus,
  MusicSyncResult,
  RecentlyPlayed,
} from '../../contract/music'
import { runCommand } from '../../server/cli'
import { ledgerTransfers, users } from '../../server/db/schema'
import { DEMO_CODE } from '../../server/db/seed/players'
import { assertLedgerInvariant, getBalances } from '../../server/services/ledger'
import { recordLocalPlays } from '../../server/services/music/local-catalog'
import { rowCounts, signupFor, startTestServer, type TestServer } from './support/test-server'

/** Monday 23 November 2026, 18:00 in Bogota. */
const EVENING = new Date('2026-11-23T23:00:00Z')

let server: TestServer
let clock = EVENING

const silent = { out: () => undefined, err: () => undefined }

beforeAll(async () => {
  server = await startTestServer({ now: () => clock })
  await runCommand(
    server.db,
    ['create-player', 'demo@tery.example', 'Jugador Demo', '3001234567'],
    silent,
  )
  await server.db.update(users).set({ code: DEMO_CODE })
})

afterAll(async () => {
  await server.close()
})

afterEach(async () => {
  clock = EVENING
  await assertLedgerInvariant(server.db)
})

/** A player signed in on a browser of their own, `device` its device id. */
type Player = { id: string; email: string; cookie: string; device: string }

async function newPlayer(): Promise<Player> {
  const body = signupFor(DEMO_CODE)
  expect((await server.call('/api/auth/signup', { body })).status).toBe(201)
  const login = await server.call('/api/auth/login', {
    body: { email: body.email, password: body.password },
  })
  const [user] = await server.db.select().from(users).where(eq(users.email, body.email))
  if (!user || !login.cookie) throw new Error('no player')
  return { id: user.id, email: user.email, cookie: login.cookie, device: deviceId() }
}

/** A device id as the browser makes it (src/app/device-id.ts): a UUID. */
const deviceId = () => randomUUID()

function post<T>(player: Player | null, path: string, body: unknown = {}, headers = {}) {
  return server.call<T>(`/api/spotify/${path}`, { body, cookie: player?.cookie ?? null, headers })
}

/** POST /api/spotify/sync from the player's device, or from `device`. */
function sync(player: Player, { device = player.device, headers = {} } = {}) {
  return post<MusicSyncResult>(player, `sync?deviceId=${device}`, {}, headers)
}

function get<T>(player: Player | null, path: string, headers = {}) {
  return server.call<T>(`/api/spotify/${path}`, { cookie: player?.cookie ?? null, headers })
}

/** The browser's part of linking: email, authorize, and the callback's query sent back. */
async function link(player: Player, email = player.email) {
  expect((await post<MusicStatus>(player, 'linkSpotifyEmail', { email })).status).toBe(200)
  const start = await get<MusicLogin>(player, 'login')
  expect(start.status).toBe(200)
  const callback = new URL(start.body.data.url, 'http://localhost')
  expect(callback.pathname).toBe('/music/callback')
  const finish = await get<MusicLogin>(player, `login${callback.search}`)
  expect(finish.status).toBe(200)
  expect(finish.body.data).toEqual({ url: '/music' })
  return callback
}

/** Sync, audit and accumulate, as the page does, answering the last status. */
async function collect(player: Player) {
  const synced = await sync(player)
  expect(synced.status).toBe(200)
  const audited = await post<MusicAuditResult>(player, 'checkAudit')
  expect(audited.status).toBe(200)
  const accumulated = await post<MusicStatus>(player, 'pendingToClaim')
  expect(accumulated.status).toBe(200)
  return { synced: synced.body.data, audited: audited.body.data, status: accumulated.body.data }
}

describe('GET /api/spotify/checkAccess', () => {
  it('lets a player in on their device, with the section as it stands', async () => {
    const ana = await newPlayer()
    const answer = await get<MusicAccess>(ana, `checkAccess?deviceId=${deviceId()}`)
    expect(answer.status).toBe(200)
    expect(answer.body.data).toMatchObject({
      allowed: true,
      reason: null,
      status: {
        provider: 'local',
        simulated: true,
        link: { state: 'unlinked', email: null },
        claimable: { plays: 0, reward: { currency: 'terycarbons', amount: 0 } },
        today: { earned: 0, cap: 60 },
        strikes: { count: 0, max: 3, unseen: false },
      },
    })
  })

  it('refuses a device bound to another player, and a request relayed by a proxy', async () => {
    const ana = await newPlayer()
    const luis = await newPlayer()
    await link(ana)
    await link(luis)
    // Ana syncs from her device first: it is hers.
    expect((await sync(ana)).status).toBe(200)
    const shared = await get<MusicAccess>(luis, `checkAccess?deviceId=${ana.device}`)
    expect(shared.body.data).toMatchObject({ allowed: false, reason: 'sharedDevice' })
    const counts = await rowCounts(server.db)
    const borrowed = await sync(luis, { device: ana.device })
    expect(borrowed.status).toBe(403)
    expect(borrowed.body.message).toBe(
      'Este dispositivo ya se usa para la música de otra cuenta de Tery. Usa tu propio dispositivo.',
    )
    expect(await rowCounts(server.db)).toEqual(counts)
    expect(
      (await get<MusicAccess>(ana, `checkAccess?deviceId=${ana.device}`)).body.data.allowed,
    ).toBe(true)
    const relayed = await get<MusicAccess>(luis, `checkAccess?deviceId=${luis.device}`, {
      'x-forwarded-for': '198.51.100.4',
    })
    expect(relayed.body.data).toMatchObject({ allowed: false, reason: 'proxy' })
    const proxied = await sync(luis, { headers: { via: '1.1 proxy.example' } })
    expect(proxied.status).toBe(403)
    expect(proxied.body.message).toBe('Desactiva tu VPN o proxy para usar la sección de música')
  })

  it('never writes: asking from many accounts binds no device, and the first to sync gets it', async () => {
    const players = [await newPlayer(), await newPlayer(), await newPlayer()]
    for (const player of players) await link(player)
    const device = deviceId()
    const counts = await rowCounts(server.db)
    for (const player of players) {
      const access = await get<MusicAccess>(player, `checkAccess?deviceId=${device}`)
      expect(access.body.data).toMatchObject({ allowed: true, reason: null })
    }
    expect(await rowCounts(server.db)).toEqual(counts)
    // The last one to ask is the first to listen there: the device is theirs.
    const [first, second, owner] = players as [Player, Player, Player]
    expect((await sync(owner, { device })).status).toBe(200)
    for (const other of [first, second]) {
      expect((await sync(other, { device })).status).toBe(403)
    }
  })

  it('asks for a session and a well-formed device id', async () => {
    expect((await get(null, `checkAccess?deviceId=${deviceId()}`)).status).toBe(401)
    const ana = await newPlayer()
    const bad = await get(ana, 'checkAccess?deviceId=corto')
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('No pudimos identificar tu dispositivo. Recarga la página.')
    expect((await get(ana, 'checkAccess?deviceId=no_vale_este_id')).status).toBe(400)
  })

  it('takes the device id the browser makes, as the missions do: a UUID, or 32 hex characters where there is no randomUUID', async () => {
    const ana = await newPlayer()
    for (const id of [randomUUID(), randomBytes(16).toString('hex')]) {
      const answer = await get<MusicAccess>(ana, `checkAccess?deviceId=${id}`)
      expect(answer.status, id).toBe(200)
      expect(answer.body.data.allowed, id).toBe(true)
    }
  })
})

describe('linking a music account', () => {
  it('registers the email, authorizes and comes back linked', async () => {
    const ana = await newPlayer()
    await link(ana)
    const status = (await get<MusicAccess>(ana, `checkAccess?deviceId=${deviceId()}`)).body.data
      .status
    expect(status.link).toMatchObject({
      state: 'linked',
      email: ana.email,
      linkedAt: EVENING.toISOString(),
    })
  })

  it('uses each authorization once, and refuses a stranger state or a refusal', async () => {
    const ana = await newPlayer()
    const callback = await link(ana)
    const replay = await get(ana, `login${callback.search}`)
    expect(replay.status).toBe(409)
    expect(replay.body.message).toBe('Tu cuenta de música ya está vinculada')

    const luis = await newPlayer()
    await post(luis, 'linkSpotifyEmail', { email: luis.email })
    await get<MusicLogin>(luis, 'login')
    const forged = await get(luis, `login?code=local-abc&state=${'x'.repeat(32)}`)
    expect(forged.status).toBe(400)
    expect(forged.body.message).toBe(
      'La vinculación venció o no es válida. Inténtalo de nuevo desde Música.',
    )
    const refused = await get(luis, 'login?error=access_denied&state=zzz')
    expect(refused.status).toBe(400)
    expect(refused.body.message).toBe('No autorizaste la vinculación de tu cuenta de música')
  })

  it('lets an authorization expire after 10 minutes', async () => {
    const ana = await newPlayer()
    await post(ana, 'linkSpotifyEmail', { email: ana.email })
    const start = await get<MusicLogin>(ana, 'login')
    clock = new Date(EVENING.getTime() + 11 * 60_000)
    const late = await get(ana, `login${new URL(start.body.data.url, 'http://x').search}`)
    expect(late.status).toBe(400)
  })

  it('gives one music account to one player only', async () => {
    const ana = await newPlayer()
    const luis = await newPlayer()
    await post(ana, 'linkSpotifyEmail', { email: 'compartida@musica.example' })
    const taken = await post(luis, 'linkSpotifyEmail', { email: 'compartida@musica.example' })
    expect(taken.status).toBe(409)
    expect(taken.body.message).toBe('Esa cuenta de música ya está vinculada a otro jugador')
  })

  it('asks for the email first and checks it', async () => {
    const ana = await newPlayer()
    const early = await get(ana, 'login')
    expect(early.status).toBe(409)
    expect(early.body.message).toBe('Primero registra el correo de tu cuenta de música')
    const counts = await rowCounts(server.db)
    const bad = await post(ana, 'linkSpotifyEmail', { email: 'no-es-correo' })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('El formato del correo electrónico no es válido')
    expect(await rowCounts(server.db)).toEqual(counts)
    expect((await sync(ana)).body.message).toBe('Primero vincula tu cuenta de música')
  })
})

describe('listening, the audit and the reward', () => {
  it('syncs each play once, accepts real listening and pays the reward once', async () => {
    const ana = await newPlayer()
    await link(ana)
    // Seven different songs, one after another.
    await recordLocalPlays(server.db, ana.email, 7, EVENING)
    const { synced, audited, status } = await collect(ana)
    expect(synced.imported).toBe(7)
    expect(audited).toMatchObject({ accepted: 7, rejected: 0, strike: false })
    expect(status.claimable).toEqual({
      plays: 7,
      reward: { currency: 'terycarbons', amount: 14 },
    })
    expect((await sync(ana)).body.data.imported).toBe(0)

    const before = await getBalances(server.db, ana.id)
    const claim = await post<ClaimMusicRewardResult>(ana, 'claimReward', { amount: 14 })
    expect(claim.status).toBe(200)
    expect(claim.body.message).toBe('¡Recompensa de música reclamada!')
    expect(claim.body.data.reward).toEqual({ currency: 'terycarbons', amount: 14 })
    expect(claim.body.data.balances.terycarbons).toBe(before.terycarbons + 14)
    expect(claim.body.data.status.today).toEqual({ earned: 14, cap: 60 })
    const [row] = await server.db
      .select()
      .from(ledgerTransfers)
      .where(eq(ledgerTransfers.kind, 'music.reward'))
      .orderBy(ledgerTransfers.id)
    expect(row?.amount).toBeGreaterThan(0)
    const again = await post(ana, 'claimReward', { amount: 14 })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('No tienes recompensas de música por reclamar')
  })

  it('rejects short tracks and a song past its daily repeats, and caps the day', async () => {
    const ana = await newPlayer()
    await link(ana)
    // 50 plays (what one sync brings) through the 13-song catalog, whose last is an 18 s intro:
    // 11 songs played 4 times, one song and the intro 3 times.
    await recordLocalPlays(server.db, ana.email, 50, EVENING, { minutesBetween: 4 })
    const { audited, status } = await collect(ana)
    // 12 songs x 3 = 36 accepted; the 3 intros and 11 fourth plays rejected.
    expect(audited).toMatchObject({ accepted: 36, rejected: 14, strike: false })
    // 36 plays x 2 would be 72: the day pays its cap of 60, 30 plays.
    expect(status.claimable).toEqual({ plays: 30, reward: { currency: 'terycarbons', amount: 60 } })
    expect(status.today).toEqual({ earned: 60, cap: 60 })
    const plays = (await get<RecentlyPlayed>(ana, 'recentlyPlayed')).body.data.plays
    expect(plays).toHaveLength(50)
    expect(plays[0]?.playedAt).toBe(EVENING.toISOString())
    const reasons = (reason: string) => plays.filter((play) => play.reason === reason).length
    expect(reasons('dailyCap')).toBe(6)
    expect(reasons('short')).toBe(3)
    expect(reasons('repeated')).toBe(11)
  })

  it('rejects skipping through songs with a strike, shown once, and suspends at three', async () => {
    const ana = await newPlayer()
    await link(ana)
    const device = deviceId()
    for (let strike = 1; strike <= 3; strike += 1) {
      const at = new Date(EVENING.getTime() + strike * 2 * 60 * 60_000)
      clock = at
      await recordLocalPlays(server.db, ana.email, 30, at, { minutesBetween: 1 })
      await sync(ana)
      const audited = (await post<MusicAuditResult>(ana, 'checkAudit')).body.data
      expect(audited.strike).toBe(true)
      expect(audited.rejected).toBeGreaterThan(0)
      expect(audited.status.strikes).toEqual({ count: strike, max: 3, unseen: true })
      if (strike < 3) {
        const seen = await post<MusicStatus>(ana, 'showStrikeNotification')
        expect(seen.body.data.strikes.unseen).toBe(false)
      }
    }
    const access = await get<MusicAccess>(ana, `checkAccess?deviceId=${device}`)
    expect(access.body.data).toMatchObject({ allowed: false, reason: 'suspended' })
    const suspended = await sync(ana)
    expect(suspended.status).toBe(403)
    expect(suspended.body.message).toBe(
      'Las recompensas de música están suspendidas por reproducciones irregulares',
    )
  })

  it('pays nothing when the amount changed, and checks the amount', async () => {
    const ana = await newPlayer()
    await link(ana)
    await recordLocalPlays(server.db, ana.email, 3, EVENING)
    await collect(ana)
    const counts = await rowCounts(server.db)
    const stale = await post(ana, 'claimReward', { amount: 2 })
    expect(stale.status).toBe(409)
    expect(stale.body.message).toBe(
      'Tu recompensa cambió. Revisa el nuevo monto y vuelve a reclamar.',
    )
    const bad = await post(ana, 'claimReward', { amount: 0 })
    expect(bad.status).toBe(400)
    expect(bad.body.message).toBe('El monto por reclamar debe ser un número entero mayor que cero')
    expect(await rowCounts(server.db)).toEqual(counts)
    expect((await post(null, 'claimReward', { amount: 6 })).status).toBe(401)
    expect((await post(ana, 'claimReward', { amount: 6 })).status).toBe(200)
  })

  it('pays one of 20 claims sent at once', async () => {
    const ana = await newPlayer()
    await link(ana)
    await recordLocalPlays(server.db, ana.email, 5, EVENING)
    const { status } = await collect(ana)
    const amount = status.claimable.reward.amount
    const before = (await getBalances(server.db, ana.id)).terycarbons
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => post(ana, 'claimReward', { amount })),
    )
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    expect((await getBalances(server.db, ana.id)).terycarbons).toBe(before + amount)
  })

  it('counts each play once when syncs and audits race', async () => {
    const ana = await newPlayer()
    await link(ana)
    await recordLocalPlays(server.db, ana.email, 7, EVENING)
    await Promise.all([sync(ana), sync(ana), sync(ana)])
    await Promise.all([post(ana, 'checkAudit'), post(ana, 'checkAudit')])
    await Promise.all([post(ana, 'pendingToClaim'), post(ana, 'pendingToClaim')])
    const status = (await post<MusicStatus>(ana, 'pendingToClaim')).body.data
    expect(status.claimable).toEqual({ plays: 7, reward: { currency: 'terycarbons', amount: 14 } })
  })

  it('is simulated by npm run admin -- music-listen', async () => {
    const ana = await newPlayer()
    await link(ana)
    const out: string[] = []
    const io = { out: (line: string) => out.push(line), err: (line: string) => out.push(line) }
    clock = new Date()
    expect(await runCommand(server.db, ['music-listen', ana.email, '6'], io)).toBe(0)
    expect(out).toEqual([`Recorded 6 plays on ${ana.email} (13 songs in rotation).`])
    expect((await sync(ana)).body.data.imported).toBe(6)
    const refused: string[] = []
    const bad = { out: () => undefined, err: (line: string) => refused.push(line) }
    expect(await runCommand(server.db, ['music-listen', ana.email, 'muchas'], bad)).toBe(1)
    expect(refused).toEqual(['plays: must be a whole number'])
  })
})
