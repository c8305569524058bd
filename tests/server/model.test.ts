import { randomBytes } from 'node:crypto'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Session } from '../../contract/auth'
import type { Balances, Profile } from '../../contract/user'
import { seedDemo } from '../../server/db/seed'
import { DEMO_CODE } from '../../server/db/seed/players'
import { AUTH_IP_POLICY, LOGIN_PAIR_POLICY } from '../../server/services/auth'
import { REFERRAL_REWARD_GEMS, WELCOME_TERYCARBONS } from '../../server/services/rules'
import type { Api, CallResult } from '../harness/api'
import { caseKey } from '../harness/endpoint-cases'
import { keep, readKept } from '../harness/kept-failures'
import { harnessSeed, longRun, perRun } from '../harness/run-mode'
import { appEndpoints } from '../harness/security-checks'
import { startTestServer, type TestServer } from './support/test-server'

/**
 * Model-based test: random sequences of what players do (sign up, log in with the right or a
 * wrong password, log out, accept the terms, change a preference, read their session and
 * profile, check a code) run against the real API, each answer compared with an in-memory model
 * of what it must be, rate limits included. Short pass in `npm test`, 200 sequences or more in
 * `npm run fuzz`; the seed is printed and a failure is shrunk and kept.
 *
 * A money-moving endpoint joins the model with a command here: the test below fails, naming it,
 * until one covers it.
 */

type ModelPlayer = {
  email: string
  password: string
  name: string
  code: string
  /** Index of the inviting player in the model, or null for the demo player. */
  parent: number | null
  balances: Balances
  direct: number
  termsAgree: boolean
  shareEmail: boolean
  /** The cookie this player's browser holds, and whether the server still honours it. */
  cookie: string | null
  live: boolean
  /** Failed logins from this sequence's address (login-pair limit), and whether it is locked. */
  pairFailures: number
  pairLocked: boolean
}

type Model = { players: ModelPlayer[]; ipAttempts: number }

/** A failing sequence as fast-check replays it: the run's seed and the shrunk case's path. */
type ModelRegression = { seed: number; path: string; problem: string; found: string }
const MODEL_REGRESSIONS_FILE = 'tests/server/fixtures/model-regressions.json'
type Real = { api: Api; ip: string }

/** Endpoints that move money from one player to another: each must be one the commands call. */
const PLAYER_TO_PLAYER = [
  'POST /api/inventory/send/gems',
  'POST /api/trading',
  'POST /api/trading/buy',
  'DELETE /api/trading',
]

/** The endpoints the commands below call. */
const MODELLED = new Set([
  'POST /api/auth/signup',
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'PATCH /api/user/termsAgree',
  'PATCH /api/user/share/email',
  'GET /api/user/profile',
  'GET /api/auth/session',
  'GET /api/auth/validate/{code}',
])

function zeroBalances(): Balances {
  return { terycarbons: 0, gems: 0, voltaCharge: 0, terydollars: 0 }
}

function expectStatus(result: CallResult, status: number, what: string) {
  if (result.status !== status) {
    throw new Error(
      `${what}: expected ${status}, got ${result.status} ${JSON.stringify(result.body)}`,
    )
  }
}

/** The per-IP budget of refused attempts: a slot is taken, and given back only on success. */
function takeIpSlot(model: Model): boolean {
  const allowed = model.ipAttempts < AUTH_IP_POLICY.limit
  model.ipAttempts = Math.min(model.ipAttempts + 1, AUTH_IP_POLICY.limit + 1)
  return allowed
}

/** After a call that answered, what the player's session must say. */
async function expectSession(real: Real, player: ModelPlayer, what: string) {
  const result = await real.api<Session>('/api/auth/session', { cookie: player.cookie })
  if (!player.live) return expectStatus(result, 401, `${what}, then GET /api/auth/session`)
  expectStatus(result, 200, `${what}, then GET /api/auth/session`)
  expect(
    {
      email: result.body.data.email,
      code: result.body.data.code,
      termsAgree: result.body.data.termsAgree,
      balances: result.body.data.balances,
    },
    `${what}: the session`,
  ).toEqual({
    email: player.email,
    code: player.code,
    termsAgree: player.termsAgree,
    balances: player.balances,
  })
}

const pick = <T>(items: readonly T[], ref: number): T | undefined =>
  items[ref % Math.max(items.length, 1)]

class SignUp implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly parentRef: number | 'demo' | 'unknown',
    readonly emailRef: number | 'new',
  ) {}
  check = () => true
  async run(model: Model, real: Real) {
    const parent =
      typeof this.parentRef === 'number' ? pick(model.players, this.parentRef) : undefined
    const parentCode =
      this.parentRef === 'unknown' ? 'NOEXISTE99' : parent ? parent.code : DEMO_CODE
    const existing =
      typeof this.emailRef === 'number' ? pick(model.players, this.emailRef) : undefined
    const email = existing?.email ?? `modelo.${randomBytes(5).toString('hex')}@correo.example`
    const password = `clave-${randomBytes(4).toString('hex')}`
    const name = 'Jugadora Modelo'
    const result = await real.api<{ email: string; code: string }>('/api/auth/signup', {
      body: { parentCode: parentCode.toLowerCase(), name, email, phone: '3001234567', password },
      ip: real.ip,
    })
    const what = `${this}`
    if (!takeIpSlot(model)) return expectStatus(result, 429, what)
    if (this.parentRef === 'unknown') return expectStatus(result, 400, what)
    if (existing) return expectStatus(result, 409, what)
    expectStatus(result, 201, what)
    model.ipAttempts -= 1
    model.players.push({
      email,
      password,
      name,
      code: result.body.data.code,
      parent: parent ? model.players.indexOf(parent) : null,
      balances: { ...zeroBalances(), terycarbons: WELCOME_TERYCARBONS },
      direct: 0,
      termsAgree: false,
      shareEmail: false,
      cookie: null,
      live: false,
      pairFailures: 0,
      pairLocked: false,
    })
    if (parent) {
      parent.direct += 1
      parent.balances = { ...parent.balances, gems: parent.balances.gems + REFERRAL_REWARD_GEMS }
    }
  }
  toString = () => `signup(parent ${this.parentRef}, email ${this.emailRef})`
}

class LogIn implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly ref: number,
    readonly rightPassword: boolean,
  ) {}
  check = (model: Readonly<Model>) => model.players.length > 0
  async run(model: Model, real: Real) {
    const player = pick(model.players, this.ref) as ModelPlayer
    const result = await real.api<Session>('/api/auth/login', {
      body: {
        email: player.email,
        password: this.rightPassword ? player.password : 'equivocada-1',
      },
      cookie: player.cookie,
      ip: real.ip,
    })
    const what = `${this} as ${player.email}`
    if (!takeIpSlot(model)) return expectStatus(result, 429, what)
    if (player.pairLocked) return expectStatus(result, 429, what)
    if (player.pairFailures >= LOGIN_PAIR_POLICY.limit) {
      player.pairLocked = true
      return expectStatus(result, 429, what)
    }
    player.pairFailures += 1
    if (!this.rightPassword) return expectStatus(result, 401, what)
    expectStatus(result, 200, what)
    // A success gives the address's slot back and forgets the pair's failures; the session the
    // browser came with ends and a new one starts.
    model.ipAttempts -= 1
    player.pairFailures = 0
    player.cookie = result.cookie
    player.live = true
    await expectSession(real, player, what)
  }
  toString = () => `login(${this.ref}, ${this.rightPassword ? 'right' : 'wrong'} password)`
}

/** A call that needs the player's session: 401 when the browser holds none that is alive. */
abstract class WithSession implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ref: number) {}
  check = (model: Readonly<Model>) => model.players.length > 0
  abstract call(real: Real, player: ModelPlayer): Promise<CallResult>
  abstract apply(player: ModelPlayer, result: CallResult, model: Model): void
  async run(model: Model, real: Real) {
    const player = pick(model.players, this.ref) as ModelPlayer
    const result = await this.call(real, player)
    const what = `${this} as ${player.email}`
    if (!player.live) return expectStatus(result, 401, what)
    expectStatus(result, 200, what)
    this.apply(player, result, model)
    await expectSession(real, player, what)
  }
}

class LogOut extends WithSession {
  call = (real: Real, player: ModelPlayer) =>
    real.api('/api/auth/logout', { body: {}, cookie: player.cookie })
  apply(player: ModelPlayer) {
    player.live = false
  }
  override toString = () => `logout(${this.ref})`
}

class AgreeTerms extends WithSession {
  call = (real: Real, player: ModelPlayer) =>
    real.api('/api/user/termsAgree', {
      method: 'PATCH',
      body: { termsAgree: true },
      cookie: player.cookie,
    })
  apply(player: ModelPlayer, result: CallResult) {
    player.termsAgree = true
    expect((result.body.data as Session).termsAgree).toBe(true)
  }
  override toString = () => `termsAgree(${this.ref})`
}

class ShareEmail extends WithSession {
  constructor(
    ref: number,
    readonly value: boolean,
  ) {
    super(ref)
  }
  call = (real: Real, player: ModelPlayer) =>
    real.api('/api/user/share/email', {
      method: 'PATCH',
      body: { shareEmail: this.value },
      cookie: player.cookie,
    })
  apply(player: ModelPlayer, result: CallResult) {
    player.shareEmail = this.value
    expect((result.body.data as Profile).shareEmail).toBe(this.value)
  }
  override toString = () => `shareEmail(${this.ref}, ${this.value})`
}

class ReadProfile extends WithSession {
  call = (real: Real, player: ModelPlayer) =>
    real.api('/api/user/profile', { cookie: player.cookie })
  apply(player: ModelPlayer, result: CallResult, model: Model) {
    const profile = result.body.data as Profile
    const parent = player.parent === null ? null : model.players[player.parent]
    expect({
      email: profile.email,
      code: profile.code,
      parentCode: profile.parentCode,
      balances: profile.balances,
      direct: profile.referrals.direct,
      termsAgree: profile.termsAgree,
      shareEmail: profile.shareEmail,
    }).toEqual({
      email: player.email,
      code: player.code,
      parentCode: parent ? parent.code : DEMO_CODE,
      balances: player.balances,
      direct: player.direct,
      termsAgree: player.termsAgree,
      shareEmail: player.shareEmail,
    })
  }
  override toString = () => `profile(${this.ref})`
}

class ValidateCode implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ref: number | 'unknown') {}
  check = () => true
  async run(model: Model, real: Real) {
    const player = typeof this.ref === 'number' ? pick(model.players, this.ref) : undefined
    const code = player?.code ?? 'NADIE123'
    const result = await real.api<{ code: string; name: string }>(
      `/api/auth/validate/${code.toLowerCase()}`,
    )
    if (!player) return expectStatus(result, 400, `${this}`)
    expectStatus(result, 200, `${this}`)
    expect(result.body.data).toEqual({ code: player.code, name: player.name })
  }
  toString = () => `validate(${this.ref})`
}

const ref = fc.nat({ max: 9 })

/** Every sequence starts with a few players signed up, so the other commands have someone to act as. */
const firstPlayers = fc.array(
  fc.oneof(ref, fc.constant('demo' as const)).map((parent) => new SignUp(parent, 'new')),
  { minLength: 1, maxLength: 3 },
)

const commands = fc.commands(
  [
    fc
      .tuple(
        fc.oneof(ref, fc.constant('demo' as const), fc.constant('unknown' as const)),
        fc.oneof(fc.constant('new' as const), ref),
      )
      .map(([parent, email]) => new SignUp(parent, email)),
    fc.tuple(ref, fc.boolean()).map(([player, right]) => new LogIn(player, right)),
    ref.map((player) => new LogOut(player)),
    ref.map((player) => new AgreeTerms(player)),
    fc.tuple(ref, fc.boolean()).map(([player, value]) => new ShareEmail(player, value)),
    ref.map((player) => new ReadProfile(player)),
    fc.oneof(ref, fc.constant('unknown' as const)).map((player) => new ValidateCode(player)),
  ],
  { maxCommands: perRun(25, 40) },
)

let server: TestServer
let sequences = 0
let requests = 0

/** A fresh address per run of a sequence (shrinking included), so limits never leak between runs. */
let addresses = 0
function freshIp(): string {
  addresses += 1
  return `10.${(addresses >> 16) & 255}.${(addresses >> 8) & 255}.${addresses & 255}`
}

const property = fc.asyncProperty(firstPlayers, commands, async (first, sequence) => {
  sequences += 1
  const api: Api = (path, options) => {
    requests += 1
    return server.call(path, options)
  }
  await fc.asyncModelRun(
    () => ({ model: { players: [], ipAttempts: 0 }, real: { api, ip: freshIp() } }),
    [...first, ...sequence],
  )
})

const runs = Number(process.env.MODEL_RUNS ?? perRun(15, 200))

beforeAll(async () => {
  server = await startTestServer()
  await seedDemo(server.db)
  console.info(
    `model: seed ${harnessSeed}, ${runs} sequences ` +
      `(replay: HARNESS_SEED=${harnessSeed} ${longRun ? 'npm run fuzz' : 'npx vitest run --project server tests/server/model.test.ts'})`,
  )
})

afterAll(async () => {
  console.info(`model: ${sequences} sequences run (shrinking included), ${requests} requests`)
  await server.close()
})

describe('players against an in-memory model', () => {
  it('covers the money moves players make with each other: gem transfers and trading offers', () => {
    // The other money-moving endpoints pay from or to the game's own accounts; each area's
    // concurrency tests and books checks cover them (docs/testing.md).
    expect(PLAYER_TO_PLAYER.filter((key) => !MODELLED.has(key))).toEqual([])
    const money = new Set(
      appEndpoints()
        .filter((entry) => (entry.spec.money ?? []).length > 0)
        .map(caseKey),
    )
    expect(PLAYER_TO_PLAYER.filter((key) => !money.has(key))).toEqual([])
  })

  it(
    'answers every random sequence of sign-ups, logins, logouts, terms, preferences and reads as the model says',
    async () => {
      const result = await fc.check(property, { seed: harnessSeed, numRuns: runs })
      if (result.failed) {
        keep<ModelRegression>(
          MODEL_REGRESSIONS_FILE,
          {
            seed: result.seed,
            path: result.counterexamplePath ?? '',
            problem: String(result.errorInstance),
            found: new Date().toISOString().slice(0, 10),
          },
          (a, b) => a.seed === b.seed && a.path === b.path,
        )
        throw new Error(`${fc.defaultReportMessage(result)}\nkept in ${MODEL_REGRESSIONS_FILE}`)
      }
    },
    perRun(120_000, 1_800_000),
  )

  it(`replays every failure kept in ${MODEL_REGRESSIONS_FILE}`, async () => {
    for (const regression of readKept<ModelRegression>(MODEL_REGRESSIONS_FILE)) {
      await fc.assert(property, { seed: regression.seed, path: regression.path })
    }
  })
})
