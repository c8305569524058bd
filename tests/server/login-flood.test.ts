import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { setTimeout as sleep } from 'node:timers/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createPlayer } from '../../server/services/auth'
import { createHashingQueue, HashingQueueFull } from '../../server/services/hashing-queue'
import { hashPassword, PRODUCTION_COST } from '../../server/services/passwords'
import { longRun, perRun } from '../harness/run-mode'
import {
  onPostgres,
  openMigratedDataDir,
  openTestDatabase,
  type TestDatabase,
} from './support/test-server'

const PLAYER = { email: 'real@tery.example', password: 'la-clave-real-2026' }
const HOME = '203.0.113.10'

describe('the hashing queue', () => {
  /** A task that runs until its `finish` is called. */
  function held(log: string[], name: string) {
    let finish = () => {}
    const done = new Promise<void>((resolve) => (finish = resolve))
    return {
      task: async () => {
        log.push(name)
        await done
      },
      finish: () => finish(),
    }
  }
  const limits = {
    slots: 1,
    trustedSlots: 0,
    trustedWaiting: 2,
    perAddressWaiting: 1,
    strangersWaiting: 3,
  }
  const stranger = (address: string) => ({ trusted: false, address })

  it('runs a trusted waiter before every stranger, whenever they came', async () => {
    const queue = createHashingQueue(limits)
    const log: string[] = []
    const first = held(log, 'first')
    const running = queue.run(stranger('a'), first.task)
    const waiting = [
      queue.run(stranger('b'), async () => void log.push('stranger b')),
      queue.run(stranger('c'), async () => void log.push('stranger c')),
      queue.run({ trusted: true, address: 'b' }, async () => void log.push('trusted')),
    ]
    first.finish()
    await Promise.all([running, ...waiting])
    expect(log).toEqual(['first', 'trusted', 'stranger b', 'stranger c'])
  })

  it('gives strangers every other slot of anyone’s while known browsers keep coming', async () => {
    const queue = createHashingQueue({ ...limits, trustedWaiting: 3 })
    const log: string[] = []
    const first = held(log, 'first')
    const running = queue.run(stranger('a'), first.task)
    const logged = (name: string) => async () => void log.push(name)
    const waiting = [
      queue.run({ trusted: true, address: 'k' }, logged('known 1')),
      queue.run({ trusted: true, address: 'k' }, logged('known 2')),
      queue.run({ trusted: true, address: 'k' }, logged('known 3')),
      queue.run(stranger('b'), logged('stranger b')),
      queue.run(stranger('c'), logged('stranger c')),
    ]
    first.finish()
    await Promise.all([running, ...waiting])
    expect(log).toEqual(['first', 'known 1', 'stranger b', 'known 2', 'stranger c', 'known 3'])
  })

  it('runs a known browser’s hash at once in its own slot while strangers fill the others', async () => {
    const queue = createHashingQueue({ ...limits, trustedSlots: 1 })
    const log: string[] = []
    const flood = held(log, 'stranger')
    const running = queue.run(stranger('a'), flood.task)
    const waiting = queue.run(stranger('b'), async () => void log.push('stranger b'))
    await queue.run({ trusted: true, address: 'c' }, async () => void log.push('trusted'))
    expect(log).toEqual(['stranger', 'trusted'])
    flood.finish()
    await Promise.all([running, waiting])
  })

  it('gives a new address the next free slot, before addresses served already', async () => {
    const queue = createHashingQueue({ ...limits, perAddressWaiting: 3 })
    const log: string[] = []
    const first = held(log, 'a1')
    const running = queue.run(stranger('a'), first.task)
    const waiting = [
      queue.run(stranger('a'), async () => void log.push('a2')),
      queue.run(stranger('a'), async () => void log.push('a3')),
      queue.run(stranger('b'), async () => void log.push('b1')),
    ]
    first.finish()
    await Promise.all([running, ...waiting])
    // b had never had a turn; then a and b take turns.
    expect(log).toEqual(['a1', 'b1', 'a2', 'a3'])
  })

  it('refuses at once what would wait beyond its address’s share, or beyond the whole lane', async () => {
    const queue = createHashingQueue(limits)
    const log: string[] = []
    const first = held(log, 'first')
    const running = queue.run(stranger('a'), first.task)
    const admitted = queue.run(stranger('a'), async () => void log.push('a2'))
    await expect(queue.run(stranger('a'), async () => {})).rejects.toBeInstanceOf(HashingQueueFull)
    const others = [
      queue.run(stranger('b'), async () => {}),
      queue.run(stranger('c'), async () => {}),
    ]
    await expect(queue.run(stranger('d'), async () => {})).rejects.toBeInstanceOf(HashingQueueFull)
    // A known browser still has its lane.
    const trusted = queue.run({ trusted: true, address: 'd' }, async () => void log.push('trusted'))
    first.finish()
    await Promise.all([running, admitted, ...others, trusted])
    expect(log.slice(0, 2)).toEqual(['first', 'trusted'])
  })
})

/**
 * The long run reports its figures however slow the machine: at production cost a hash takes half
 * a second on a quiet core and ten on a shared one at load 15, and the goals, not Vitest's
 * timeout, are what fails a slow run.
 */
const PROBE_TIMEOUT_MS = perRun(120_000, 600_000)

type Login = {
  status: number
  seconds: number
  deviceCookie: string | null
  retryAfter: number | null
}

/**
 * The probe of issue 29's goals, against the real server in its own process (on PGlite, or on the
 * PostgreSQL DATABASE_URL names) with production settings (scrypt at N=2^17), behind one trusted
 * proxy so that it can speak for many client addresses through X-Forwarded-For. `npm run fuzz` runs it long and holds it to the goals (30 s of
 * flood, 10 logins of each kind); `npm test` runs it short and checks only who gets in, since
 * timings are not test assertions there.
 */
describe('logins during a flood of logins for unknown emails, at production cost', () => {
  let child: ChildProcess
  let dataDir: string
  let base: string
  /** The device cookie of the player's own browser, from a login before the flood. */
  let knownDevice: string
  /** On PostgreSQL (DATABASE_URL), the database made for this file; the server uses it too. */
  let postgresDb: TestDatabase | null = null

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'tery-flood-'))
    postgresDb = onPostgres ? await openTestDatabase() : null
    const database = postgresDb ?? (await openMigratedDataDir(dataDir))
    const passwordHash = await hashPassword(PLAYER.password, { cost: PRODUCTION_COST })
    await createPlayer(
      database.db,
      {
        parentCode: null,
        name: 'Jugadora Real',
        email: PLAYER.email,
        phone: '3001234567',
        passwordHash,
      },
      new Date(),
    )
    if (!postgresDb) await database.close()

    const port = await freePort()
    base = `http://localhost:${port}`
    const env: NodeJS.ProcessEnv = {}
    for (const [name, value] of Object.entries(process.env)) {
      if (!name.startsWith('VITEST') && name !== 'DATABASE_URL') env[name] = value
    }
    Object.assign(env, {
      NODE_ENV: 'production',
      PORT: String(port),
      DATA_DIR: dataDir,
      SEED: 'none',
      TRUST_PROXY: '1',
      ...(postgresDb?.url ? { DATABASE_URL: postgresDb.url } : {}),
    })
    child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    await new Promise<void>((resolve, reject) => {
      let output = ''
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        if (output.includes('Tery escucha')) resolve()
      })
      child.once('exit', (code) => reject(new Error(`the server exited (${code}): ${output}`)))
    })
    const home = await logIn(PLAYER.password, HOME)
    expect(home.status).toBe(200)
    expect(home.deviceCookie).toMatch(/^tery_device_[\w-]+=[\w.-]+$/)
    knownDevice = home.deviceCookie ?? ''
  }, PROBE_TIMEOUT_MS)

  afterAll(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
    await postgresDb?.close()
  })

  async function logIn(
    password: string,
    ip: string,
    { email = PLAYER.email, cookie }: { email?: string; cookie?: string } = {},
  ): Promise<Login> {
    const started = performance.now()
    let response: Response
    let body: { data: { retryAfterSeconds?: number } | null }
    try {
      response = await fetch(`${base}/api/auth/login`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin: base,
          'x-forwarded-for': ip,
          ...(cookie ? { cookie } : {}),
        },
        body: JSON.stringify({ email, password }),
      })
      body = (await response.json()) as typeof body
    } catch {
      // A connection the server dropped is a figure of the run (status 0), not the end of it.
      const seconds = (performance.now() - started) / 1000
      return { status: 0, seconds, deviceCookie: null, retryAfter: null }
    }
    const deviceCookie =
      response.headers
        .getSetCookie()
        .map((line) => line.split(';')[0] ?? '')
        .find((pair) => pair.startsWith('tery_device_')) ?? null
    return {
      status: response.status,
      seconds: (performance.now() - started) / 1000,
      deviceCookie,
      retryAfter: body.data?.retryAfterSeconds ?? null,
    }
  }

  /** Logins for unknown emails from `addresses` addresses, `concurrency` at a time, until stopped. */
  function flood(addresses: number, concurrency: number) {
    let stop = false
    const statuses: number[] = []
    let sent = 0
    const worker = async () => {
      while (!stop) {
        const n = (sent += 1)
        const ip = `198.51.100.${n % addresses}`
        const login = await logIn('no-existe-1', ip, {
          email: `nadie${n}.${Date.now()}@tery.example`,
        })
        statuses.push(login.status)
      }
    }
    const workers = Array.from({ length: concurrency }, worker)
    return {
      statuses,
      stop: async () => {
        stop = true
        await Promise.all(workers)
      },
    }
  }

  const count = (values: number[], value: number) => values.filter((v) => v === value).length
  const loadAverage = () =>
    os
      .loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')

  it(
    'lets a known browser in at once and a new one in its turn, during a flood from 20 addresses',
    async () => {
      const floodSeconds = perRun(8, 30)
      const tries = perRun(3, 10)
      // The ceiling of this machine now, in the same run: the same two logins with no flood (a hash
      // at production cost takes half a second on a quiet core, several on a loaded shared one).
      const quiet: Login[] = []
      for (let i = 0; i < perRun(1, 3); i += 1) {
        quiet.push(await logIn(PLAYER.password, HOME, { cookie: knownDevice }))
        quiet.push(await logIn(PLAYER.password, `192.0.2.${101 + i}`))
      }
      const burst = flood(20, 12)
      const started = performance.now()
      let pairs: Login[][]
      try {
        // Let the queue fill before the first try.
        await sleep(1_000)
        // The tries keep a timetable, one pair every `every` ms however long the earlier ones took,
        // so that all of them meet the flood and a slow machine does not stretch the run.
        const every = ((floodSeconds - 2) * 1000) / tries
        pairs = await Promise.all(
          Array.from({ length: tries }, async (_, i) => {
            await sleep(i * every)
            return Promise.all([
              logIn(PLAYER.password, HOME, { cookie: knownDevice }),
              logIn(PLAYER.password, `192.0.2.${i + 1}`),
            ])
          }),
        )
        await sleep(Math.max(0, floodSeconds * 1000 - (performance.now() - started)))
      } finally {
        // Stopped whatever happens: a flood left running would starve the next test.
        await burst.stop()
      }
      const known = pairs.map(([own]) => own as Login)
      const fresh = pairs.map(([, stranger]) => stranger as Login)

      const within = (logins: Login[], seconds: number) =>
        logins.filter((login) => login.status === 200 && login.seconds <= seconds).length
      const times = (logins: Login[]) => logins.map((login) => login.seconds.toFixed(1)).join(' ')
      const statuses = (logins: Login[]) => logins.map((login) => login.status).join(' ')
      console.info(
        `[probe] without a flood, one login after another: ${times(quiet)} s; load average ` +
          `${loadAverage()}\n[probe] flood of ${burst.statuses.length} logins for unknown emails ` +
          `from 20 addresses, 12 at a time, ${((performance.now() - started) / 1000).toFixed(0)} s ` +
          `(401 ×${count(burst.statuses, 401)}, 429 ×${count(burst.statuses, 429)}, ` +
          `503 ×${count(burst.statuses, 503)}, no answer ×${count(burst.statuses, 0)}): known ` +
          `browser ${within(known, 2)}/${tries} in within 2 s (${times(known)} s; ${statuses(known)}); new browser ${within(fresh, 10)}/` +
          `${tries} within 10 s (${times(fresh)} s; ${statuses(fresh)})`,
      )
      // The flood was real: strangers were turned away or made to wait their turn.
      expect(burst.statuses.every((status) => [401, 429, 503].includes(status))).toBe(true)
      expect(known.map((login) => login.status)).toEqual(known.map(() => 200))
      for (const login of fresh) {
        // A new browser may be told to come back (and when), never locked out.
        expect([200, 503]).toContain(login.status)
        if (login.status === 503) expect(login.retryAfter).toBe(5)
      }
      if (longRun) {
        expect(within(known, 2)).toBe(tries)
        expect(within(fresh, 10)).toBeGreaterThanOrEqual(9)
      }
    },
    PROBE_TIMEOUT_MS,
  )

  // The same 60 guesses at test cost are login-limits.test.ts's, which `npm test` runs; here each
  // of the 50 that reach the password check is a production-cost hash (half a second of a core
  // quiet, several loaded), so this pass, which adds the owner's time to get in, is the long
  // run's (`npm run fuzz`).
  it.runIf(longRun)(
    'lets the owner’s known browser in after 60 wrong passwords from 60 addresses',
    async () => {
      const guesses: number[] = []
      for (let batch = 0; batch < 60; batch += 12) {
        const answers = await Promise.all(
          Array.from({ length: 12 }, (_, i) =>
            logIn('adivinanza-1', `203.0.113.${100 + batch + i}`),
          ),
        )
        guesses.push(...answers.map((answer) => answer.status))
      }
      const stranger = await logIn(PLAYER.password, '192.0.2.200')
      const own = await logIn(PLAYER.password, '192.0.2.201', { cookie: knownDevice })
      // The figures first, so that a missed goal still shows them.
      console.info(
        `[probe] 60 wrong passwords from 60 addresses (401 ×${count(guesses, 401)}, ` +
          `429 ×${count(guesses, 429)}, 503 ×${count(guesses, 503)}), then the right one: a new ` +
          `browser ${stranger.status} (retry in ${stranger.retryAfter} s), the owner's known ` +
          `browser ${own.status} in ${own.seconds.toFixed(2)} s; load average ${loadAverage()}`,
      )
      // The account's ceiling (50 from everywhere) stops the guessers, and a stranger with the
      // right password, and says when to try again...
      expect(count(guesses, 401)).toBe(50)
      expect(count(guesses, 429)).toBe(10)
      expect(stranger.status).toBe(429)
      expect(stranger.retryAfter).toBeGreaterThan(0)
      // ...but not the owner's browser.
      expect(own.status).toBe(200)
    },
    PROBE_TIMEOUT_MS,
  )
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}
