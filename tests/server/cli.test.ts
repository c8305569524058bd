import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { SocialAccount } from '../../contract/missions'
import type { Leaderboard, TeamOverview } from '../../contract/team'
import type { Profile } from '../../contract/user'
import { COMMANDS, runCli, runCommand, type CliIo } from '../../server/cli'
import { acquireDataDirLock } from '../../server/db/data-dir-lock'
import { openDatabase } from '../../server/db/open-database'
import { users } from '../../server/db/schema'
import { readEnv } from '../../server/env'
import { assertLedgerInvariant } from '../../server/services/ledger'
import { verifyPassword } from '../../server/services/passwords'
import { REFERRAL_REWARD_GEMS } from '../../server/services/rules'
import { teamTreeDrift } from '../../server/services/team-tree'
import { signupFor, startTestServer, type TestServer } from './support/test-server'

let server: TestServer
const folders: string[] = []

beforeAll(async () => {
  // SEED=none: an empty database, as an operator finds it.
  server = await startTestServer()
})

afterAll(async () => {
  await server.close()
  for (const dir of folders) rmSync(dir, { recursive: true, force: true })
})

function tempDir() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'tery-cli-'))
  folders.push(dir)
  return dir
}

function recorder() {
  const out: string[] = []
  const err: string[] = []
  const io: CliIo = { out: (line) => out.push(line), err: (line) => err.push(line) }
  return { io, out, err }
}

/** The password and invite code create-player printed. */
function printed(lines: string[]) {
  const text = lines.join('\n')
  return {
    password: /password:\s+(\S+)/.exec(text)?.[1] ?? '',
    code: /invite code:\s+(\S+)/.exec(text)?.[1] ?? '',
  }
}

describe('npm run admin', () => {
  it('lists every command with its arguments', async () => {
    const { io, out } = recorder()
    expect(await runCommand(server.db, ['help'], io)).toBe(0)
    for (const [name, command] of Object.entries(COMMANDS)) {
      expect(out).toContain(`  ${name} ${command.args}`)
    }
  })

  it('answers 2 with the help for an unknown command or wrong arguments', async () => {
    const unknown = recorder()
    expect(await runCommand(server.db, ['borrar-todo'], unknown.io)).toBe(2)
    expect(unknown.err[0]).toBe('Unknown command: borrar-todo')
    const missing = recorder()
    expect(await runCommand(server.db, ['create-player', 'ana@tery.example'], missing.io)).toBe(2)
    expect(missing.err[0]).toBe('Usage: npm run admin -- create-player <email> <name> <mobile>')
  })

  it('gives an empty database its first player, who logs in and invites the next', async () => {
    const { io, out } = recorder()
    const code = await runCommand(
      server.db,
      ['create-player', 'Ana.Pardo@Tery.Example', 'Ana Pardo', '3001112233'],
      io,
    )
    expect(code).toBe(0)
    const { password, code: inviteCode } = printed(out)
    expect(password).toMatch(/^[A-Za-z0-9_-]{16}$/)
    expect(inviteCode).toMatch(/^[A-HJ-NP-Z2-9]{8}$/)

    const login = await server.call('/api/auth/login', {
      body: { email: 'ana.pardo@tery.example', password },
    })
    expect(login.status).toBe(200)
    const profile = await server.call<Profile>('/api/user/profile', { cookie: login.cookie })
    expect(profile.body.data).toMatchObject({
      name: 'Ana Pardo',
      code: inviteCode,
      parentCode: null,
      termsAgree: false,
      balances: { terycarbons: 100, gems: 0, voltaCharge: 0, terydollars: 0 },
    })
    const invited = await server.call('/api/auth/signup', { body: signupFor(inviteCode) })
    expect(invited.status).toBe(201)
    await assertLedgerInvariant(server.db)
  })

  it('refuses bad input with the Spanish field message, and an email already registered', async () => {
    const bad = recorder()
    expect(
      await runCommand(server.db, ['create-player', 'ana@', 'Ana Pardo', '3001112233'], bad.io),
    ).toBe(1)
    expect(bad.err).toEqual(['email: El formato del correo electrónico no es válido'])
    const phone = recorder()
    expect(
      await runCommand(server.db, ['create-player', 'otra@tery.example', 'Otra', '12'], phone.io),
    ).toBe(1)
    expect(phone.err).toEqual(['phone: Celular no válido'])
    const taken = recorder()
    expect(
      await runCommand(
        server.db,
        ['create-player', 'ana.pardo@tery.example', 'Ana Pardo', '3001112233'],
        taken.io,
      ),
    ).toBe(1)
    expect(taken.err).toEqual(['El correo electrónico ya está registrado'])
  })

  it('seeds a player with a team of the size asked, over the eight generations, who logs in', async () => {
    const { io, out } = recorder()
    expect(await runCommand(server.db, ['seed-team', '20'], io)).toBe(0)
    const { password, code } = printed(out)
    const email = /<([^>]+)>/.exec(out[0] ?? '')?.[1] ?? ''
    expect(out[0]).toMatch(/with a team of 20 in \d+\.\d s$/)
    const login = await server.call('/api/auth/login', { body: { email, password } })
    expect(login.status).toBe(200)
    const team = await server.call<TeamOverview>('/api/user/team', { cookie: login.cookie })
    expect(team.body.data).toMatchObject({ generations: [2, 3, 2, 3, 2, 3, 2, 3], total: 20 })
    const profile = await server.call<Profile>('/api/user/profile', { cookie: login.cookie })
    expect(profile.body.data).toMatchObject({ code, parentCode: null })
    // Every member played as they joined: their sponsors earned the referral gems of the week.
    const board = (page: number) =>
      server.call<Leaderboard>(`/api/leaderboard?page=${page}`, { cookie: login.cookie })
    const first = (await board(1)).body.data
    expect(first.you.gems).toBe(2 * REFERRAL_REWARD_GEMS)
    const pages = [first, ...(first.totalPages > 1 ? [(await board(2)).body.data] : [])]
    const earned = pages.flatMap((page) => page.docs).reduce((sum, entry) => sum + entry.gems, 0)
    expect(earned).toBe(20 * REFERRAL_REWARD_GEMS)
    expect(await teamTreeDrift(server.db)).toEqual([])
    await assertLedgerInvariant(server.db)

    const bad = recorder()
    expect(await runCommand(server.db, ['seed-team', '0'], bad.io)).toBe(1)
    expect(bad.err).toEqual(['members: must be at least 1'])
  })

  it('lists the pending social accounts, verifies one and rejects another with the reason the player reads', async () => {
    const body = signupFor((await server.db.select().from(users).limit(1))[0]?.code ?? '')
    expect((await server.call('/api/auth/signup', { body })).status).toBe(201)
    const cookie = (
      await server.call('/api/auth/login', { body: { email: body.email, password: body.password } })
    ).cookie
    const register = (type: number, account: string) =>
      server.call<SocialAccount>('/api/mission/account', { body: { type, account }, cookie })
    const youtube = (await register(2, '@canal.operado')).body.data
    const tiktok = (await register(5, '@rechazo.operado')).body.data

    const listed = recorder()
    expect(await runCommand(server.db, ['pending-accounts'], listed.io)).toBe(0)
    expect(listed.out.join('\n')).toContain(
      `${youtube.id}  YouTube   @canal.operado  ${body.email}`,
    )
    expect(listed.out.join('\n')).toContain(`${tiktok.id}  TikTok    @rechazo.operado`)

    const verified = recorder()
    expect(await runCommand(server.db, ['verify-account', youtube.id], verified.io)).toBe(0)
    expect(verified.out).toEqual([
      `Verified the YouTube account @canal.operado (${youtube.id}); the player was notified.`,
    ])
    const rejected = recorder()
    expect(
      await runCommand(
        server.db,
        ['reject-account', tiktok.id, 'El perfil es privado: hazlo público y regístralo otra vez.'],
        rejected.io,
      ),
    ).toBe(0)
    const accounts = await server.call<SocialAccount[]>('/api/mission/account', { cookie })
    expect(accounts.body.data.map((account) => [account.state, account.rejectionReason])).toEqual([
      [3, null],
      [4, 'El perfil es privado: hazlo público y regístralo otra vez.'],
    ])

    const again = recorder()
    expect(await runCommand(server.db, ['verify-account', youtube.id], again.io)).toBe(1)
    expect(again.err).toEqual(['The account does not exist or is not pending'])
    const notAnId = recorder()
    expect(await runCommand(server.db, ['verify-account', 'abc'], notAnId.io)).toBe(1)
    expect(notAnId.err).toEqual(['Not an account id: abc'])
    const noReason = recorder()
    expect(await runCommand(server.db, ['reject-account', tiktok.id, ' '], noReason.io)).toBe(1)
    const none = recorder()
    expect(await runCommand(server.db, ['pending-accounts'], none.io)).toBe(0)
    expect(none.out).toEqual(['No social account is waiting.'])
  })

  it('refuses, with the Spanish lock message, a PGlite folder a running server holds', async () => {
    const dir = tempDir()
    const lock = await acquireDataDirLock(dir)
    try {
      const { io, err } = recorder()
      const env = readEnv({ DATA_DIR: dir })
      expect(
        await runCli(['create-player', 'ana@tery.example', 'Ana', '3001112233'], env, io),
      ).toBe(1)
      expect(err[0]).toContain(`La carpeta de datos ${dir} ya está en uso por otro proceso de Tery`)
    } finally {
      await lock.release()
    }
  })

  it('runs as a real process on a DATA_DIR, creating and migrating the database', async () => {
    const dir = tempDir()
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dir }
    delete env.DATABASE_URL
    const child = spawn(
      path.resolve('node_modules/.bin/tsx'),
      ['server/cli.ts', 'create-player', 'primera@tery.example', 'Primera Jugadora', '3009998877'],
      { env, stdio: ['ignore', 'pipe', 'pipe'] },
    )
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
    const exitCode = await new Promise<number | null>((resolve) => child.once('exit', resolve))
    expect(stderr).toBe('')
    expect(exitCode).toBe(0)
    const { password, code } = printed(stdout.split('\n'))

    const database = await openDatabase({ dataDir: dir, databaseUrl: null })
    try {
      const [player] = await database.db
        .select()
        .from(users)
        .where(eq(users.email, 'primera@tery.example'))
      expect(player).toMatchObject({ name: 'Primera Jugadora', code, parentId: null })
      expect(await verifyPassword(password, player?.passwordHash ?? '')).toBe(true)
    } finally {
      await database.close()
    }
  }, 60_000)
})

describe('a new database folder where node_modules cannot be written', () => {
  // Only root can become another user; as any other user the cache is the user's own to write.
  const root = process.getuid?.() === 0
  it.runIf(root)(
    'has no template to write for a user who cannot write the cache: the cluster is made in place',
    async () => {
      const template = path.join(tempDir(), 'tery-cluster', 'pglite.tar')
      const print = `import('./server/db/open-database.ts').then(async (m) => console.log(await m.templateToWrite(${JSON.stringify(template)})))`
      const run = (prefix: string[]) =>
        new Promise<string>((resolve, reject) => {
          const child = spawn(
            prefix[0] ?? '',
            [...prefix.slice(1), path.resolve('node_modules/.bin/tsx'), '--eval', print],
            { stdio: ['ignore', 'pipe', 'inherit'] },
          )
          let out = ''
          child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()))
          child.once('error', reject)
          child.once('exit', () => resolve(out.trim()))
        })
      expect(await run(['runuser', '-u', 'nobody', '--'])).toBe('null')
      expect(await run(['env'])).toBe(template)
    },
    30_000,
  )
})
