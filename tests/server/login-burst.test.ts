import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AUTH_IP_POLICY, createPlayer } from '../../server/services/auth'
import { DomainError } from '../../server/services/errors'
import {
  createSemaphore,
  hashPassword,
  MAX_CONCURRENT_HASHES,
  MAX_QUEUED_HASHES,
  PRODUCTION_COST,
} from '../../server/services/passwords'
import { openMigratedDataDir } from './support/test-server'

const PLAYER = { email: 'real@tery.example', password: 'la-clave-real-2026' }

describe('the hashing queue', () => {
  it('runs `limit` tasks, queues `maxQueued`, and refuses the next at once with 503', async () => {
    const run = createSemaphore(1, 1)
    let finishFirst = () => {}
    const first = run(() => new Promise<string>((resolve) => (finishFirst = () => resolve('1'))))
    const second = run(async () => '2')
    const third = run(async () => '3')
    await expect(third).rejects.toBeInstanceOf(DomainError)
    await expect(third).rejects.toMatchObject({
      status: 503,
      message: 'El servidor está ocupado. Intenta de nuevo en unos segundos.',
      headers: { 'Retry-After': '5' },
    })
    finishFirst()
    expect(await Promise.all([first, second])).toEqual(['1', '2'])
    // Once drained, it takes work again.
    expect(await run(async () => '4')).toBe('4')
  })
})

/**
 * The real server in its own process, with production settings (scrypt at N=2^17), behind one
 * trusted proxy so that tests can speak for many client IPs through X-Forwarded-For.
 */
describe('a real login during a burst of logins for unknown emails, at production cost', () => {
  let child: ChildProcess
  let dataDir: string
  let base: string
  /** A real login on the idle server, hashing included: the unit the bounds below are written in. */
  let loginSeconds: number

  beforeAll(async () => {
    // A migrated folder with one player whose password is hashed at production cost.
    dataDir = mkdtempSync(path.join(os.tmpdir(), 'tery-burst-'))
    const database = await openMigratedDataDir(dataDir)
    const passwordHash = await hashPassword(PLAYER.password, PRODUCTION_COST)
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
    await database.close()

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
    // The first login warms the server up; the second is the measure.
    for (const ip of ['203.0.113.48', '203.0.113.49']) {
      const idle = await timedLogIn(ip)
      expect(idle.response.status).toBe(200)
      loginSeconds = idle.seconds
    }
  }, 90_000)

  afterAll(async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve))
      child.kill('SIGTERM')
      await exited
    }
    rmSync(dataDir, { recursive: true, force: true })
  })

  function logIn(email: string, password: string, ip: string) {
    return fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': ip },
      body: JSON.stringify({ email, password }),
    })
  }

  async function timedLogIn(ip: string) {
    const started = performance.now()
    const response = await logIn(PLAYER.email, PLAYER.password, ip)
    return { response, seconds: (performance.now() - started) / 1000 }
  }

  /**
   * What a real login may take during the burst, in idle logins: the hashes queued before it, run
   * two at a time, then its own, tripled for a machine busy with other suites (18 in all). Without
   * a bound on the queue it waited behind every hash of the burst: 50 or more.
   */
  const bound = () => 3 * (MAX_QUEUED_HASHES / MAX_CONCURRENT_HASHES + 2) * loginSeconds

  it.each([
    // From one IP, the per-IP limit lets at most 20 reach a password check.
    ['one IP', (_: number) => '198.51.100.20', AUTH_IP_POLICY.limit],
    ['100 IPs', (i: number) => `198.51.101.${i}`, 100],
  ])(
    'answers a real login within a few hashes’ time when the burst comes from %s',
    async (_, ipOf, mostChecked) => {
      const burst = Array.from({ length: 100 }, (_, i) =>
        logIn(`nadie${i}.${Date.now()}@tery.example`, 'no-existe-1', ipOf(i)).then((r) => r.status),
      )
      const during = await timedLogIn('203.0.113.50')
      expect([200, 503]).toContain(during.response.status)
      if (during.response.status === 503) {
        expect(during.response.headers.get('retry-after')).toBe('5')
      }
      expect(during.seconds).toBeLessThan(bound())

      const statuses = await Promise.all(burst)
      expect(statuses.every((status) => [401, 429, 503].includes(status))).toBe(true)
      expect(statuses.filter((status) => status === 401).length).toBeLessThanOrEqual(mostChecked)

      const after = await timedLogIn('203.0.113.51')
      expect(after.response.status).toBe(200)
      expect(after.seconds).toBeLessThan(bound())
    },
    90_000,
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
