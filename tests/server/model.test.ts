import { randomBytes, randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Session } from '../../contract/auth'
import { economyMessages } from '../../contract/economy-messages'
import type { GemTransferResult } from '../../contract/market'
import { apiMessages } from '../../contract/messages'
import {
  tradingFee,
  type OfferResult,
  type OfferState,
  type PurchaseResult,
} from '../../contract/trading'
import type { Balances, Profile } from '../../contract/user'
import type { Db } from '../../server/db/client'
import { tradingOffers, users } from '../../server/db/schema'
import { DEMO_CODE } from '../../server/db/seed/players'
import { AUTH_IP_POLICY, LOGIN_PAIR_POLICY } from '../../server/services/auth'
import { getBalances, getSystemBalance, transfer } from '../../server/services/ledger'
import { GEM_TRANSFER_RULES, TRADING_RULES, WELCOME_TERYCARBONS } from '../../server/services/rules'
import type { Api, CallResult } from '../harness/api'
import { caseKey } from '../harness/endpoint-cases'
import { keep, readKept } from '../harness/kept-failures'
import { harnessSeed, longRun, perRun } from '../harness/run-mode'
import { appEndpoints } from '../harness/security-checks'
import { startTestServer, type TestServer } from './support/test-server'

/**
 * Model-based test: random sequences of what players do (sign up, log in with the right or a
 * wrong password, log out, accept the terms, change a preference, read their session and
 * profile, check a code, send each other gems, list, buy and cancel sell offers) run against the
 * real API, each answer compared with an in-memory model of what it must be, rate limits
 * included. After every money move, every player's balances and the game's accounts between them
 * (the trading escrow, the trading fees, the held transfers) are compared with the model's. Short pass in `npm test`, 200 sequences or more in
 * `npm run fuzz`; the seed is printed and a failure is shrunk and kept.
 *
 * A money-moving endpoint joins the model with a command here: the test below fails, naming it,
 * until one covers it.
 */

type ModelPlayer = {
  /** The player's id, read from the database at signup (the API answers only email and code). */
  id: string
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

/** A sell offer listed in the sequence; `seller` is the index of its seller in the model. */
type ModelOffer = {
  id: number
  seller: number
  amount: number
  price: number
  total: number
  fee: number
  state: OfferState
}

/**
 * What the game's accounts between players gained in the sequence: terydollars in the trading
 * escrow, gems in the trading fees, gems held on their way (transfers of `holdFrom` or more).
 */
type Books = { escrow: number; fees: number; held: number }

type Model = { players: ModelPlayer[]; ipAttempts: number; offers: ModelOffer[]; books: Books }

/** A failing sequence as fast-check replays it: the run's seed and the shrunk case's path. */
type ModelRegression = { seed: number; path: string; problem: string; found: string }
const MODEL_REGRESSIONS_FILE = 'tests/server/fixtures/model-regressions.json'
/** The API, the sequence's address, the database and its books when the sequence started. */
type Real = { api: Api; ip: string; db: Db; start: Books }

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
  'POST /api/inventory/send/gems',
  'POST /api/trading',
  'POST /api/trading/buy',
  'DELETE /api/trading',
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
  const result = await real.api<Session | null>('/api/auth/session', { cookie: player.cookie })
  expectStatus(result, 200, `${what}, then GET /api/auth/session`)
  if (!player.live) {
    expect(result.body.data, `${what}: a visitor's session`).toBeNull()
    return
  }
  if (!result.body.data) throw new Error(`${what}: the session is null for a live player`)
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

async function booksOf(db: Db): Promise<Books> {
  return {
    escrow: await getSystemBalance(db, 'trading-escrow', 'terydollars'),
    fees: await getSystemBalance(db, 'trading-fees', 'gems'),
    held: await getSystemBalance(db, 'gem-transfers', 'gems'),
  }
}

/**
 * After a money move (or a refusal of one), the database must hold what the model says: every
 * player's balances, what the game's accounts between players gained, every offer's state.
 */
async function expectBooks(real: Real, model: Model, what: string) {
  const balances = await Promise.all(model.players.map((player) => getBalances(real.db, player.id)))
  expect(balances, `${what}: every player's balances`).toEqual(
    model.players.map((player) => player.balances),
  )
  const books = await booksOf(real.db)
  expect(
    {
      escrow: books.escrow - real.start.escrow,
      fees: books.fees - real.start.fees,
      held: books.held - real.start.held,
    },
    `${what}: the escrow, the fees and the held gems`,
  ).toEqual(model.books)
  if (model.offers.length === 0) return
  const rows = await real.db
    .select({ id: tradingOffers.id, state: tradingOffers.state })
    .from(tradingOffers)
    .where(
      inArray(
        tradingOffers.id,
        model.offers.map((offer) => offer.id),
      ),
    )
  const states = Object.fromEntries(rows.map((row) => [row.id, row.state]))
  expect(states, `${what}: the offers' states`).toEqual(
    Object.fromEntries(model.offers.map((offer) => [offer.id, offer.state])),
  )
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
      body: {
        parentCode: parentCode.toLowerCase(),
        name,
        email,
        phone: '3001234567',
        password,
        deviceId: randomUUID(),
      },
      ip: real.ip,
    })
    const what = `${this}`
    if (!takeIpSlot(model)) return expectStatus(result, 429, what)
    if (this.parentRef === 'unknown') return expectStatus(result, 400, what)
    if (existing) return expectStatus(result, 409, what)
    expectStatus(result, 201, what)
    model.ipAttempts -= 1
    const [row] = await real.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, result.body.data.email))
    if (!row) throw new Error(`${what}: no player ${email} in the database`)
    model.players.push({
      id: row.id,
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
    // The parent's referral reward waits until the new player plays (decision 026): none here.
    if (parent) parent.direct += 1
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

/**
 * Money the game pays a player from its supply, as an operator's approval of a terydollar order
 * or a reward does: what players then move between themselves.
 */
class Fund implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly ref: number,
    readonly currency: 'gems' | 'terydollars',
    readonly amount: number,
  ) {}
  check = (model: Readonly<Model>) => model.players.length > 0
  async run(model: Model, real: Real) {
    const player = pick(model.players, this.ref) as ModelPlayer
    await real.db.transaction((tx) =>
      transfer(tx, {
        currency: this.currency,
        from: { system: 'supply' },
        to: { userId: player.id },
        amount: this.amount,
        kind: 'test-funds',
      }),
    )
    player.balances = {
      ...player.balances,
      [this.currency]: player.balances[this.currency] + this.amount,
    }
    await expectBooks(real, model, `${this}`)
  }
  toString = () => `fund(${this.ref}, ${this.amount} ${this.currency})`
}

/** What a money move must answer, and what it changes in the model when it succeeds. */
type Outcome = { status: number; message?: string; apply?: (result: CallResult) => void }

/**
 * A money move between players, made with the player's session: 401 when the browser holds none
 * that is alive, else the outcome the model gives. A refusal changes nothing; either way every
 * balance, the escrow, the fees and the held gems are compared with the model's afterwards.
 */
abstract class MoneyMove implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ref: number) {}
  check = (model: Readonly<Model>) => model.players.length > 0
  abstract call(real: Real, player: ModelPlayer, model: Model): Promise<CallResult>
  abstract outcome(model: Model, player: ModelPlayer): Outcome
  async run(model: Model, real: Real) {
    const player = pick(model.players, this.ref) as ModelPlayer
    const what = `${this} as ${player.email}`
    const result = await this.call(real, player, model)
    const outcome: Outcome = player.live ? this.outcome(model, player) : { status: 401 }
    expectStatus(result, outcome.status, what)
    const answer = `${this.constructor.name} ${outcome.status}`
    answers.set(answer, (answers.get(answer) ?? 0) + 1)
    if (outcome.message) expect(result.body.message, what).toBe(outcome.message)
    outcome.apply?.(result)
    if (outcome.apply) {
      expect((result.body.data as { balances: Balances }).balances, `${what}: the answer`).toEqual(
        player.balances,
      )
    }
    await expectBooks(real, model, what)
    await expectSession(real, player, what)
  }
}

function credit(player: ModelPlayer, currency: 'gems' | 'terydollars', amount: number) {
  player.balances = { ...player.balances, [currency]: player.balances[currency] + amount }
}

/** An offer id no offer has (the sequence's offers are the model's; the demo's are others). */
const UNKNOWN_OFFER = 2_000_000_000

class SendGems extends MoneyMove {
  constructor(
    ref: number,
    readonly to: number | 'unknown',
    readonly amount: number,
  ) {
    super(ref)
  }
  recipient = (model: Model) => (this.to === 'unknown' ? undefined : pick(model.players, this.to))
  call = (real: Real, player: ModelPlayer, model: Model) =>
    real.api('/api/inventory/send/gems', {
      body: { code: this.recipient(model)?.code ?? 'NOEXISTE99', amount: this.amount },
      cookie: player.cookie,
    })
  outcome(model: Model, sender: ModelPlayer): Outcome {
    const recipient = this.recipient(model)
    if (!recipient) return { status: 404, message: economyMessages.unknownPlayerCode }
    if (recipient === sender) return { status: 400, message: economyMessages.selfTransfer }
    if (sender.balances.gems < this.amount) {
      return { status: 400, message: apiMessages.notEnoughGems }
    }
    const held = this.amount >= GEM_TRANSFER_RULES.holdFrom
    return {
      status: 201,
      message: economyMessages.gemsSent,
      apply: (result) => {
        credit(sender, 'gems', -this.amount)
        if (held) model.books.held += this.amount
        else credit(recipient, 'gems', this.amount)
        const sent = (result.body.data as GemTransferResult).transfer
        expect({ amount: sent.amount, state: sent.state, to: sent.counterpart.code }).toEqual({
          amount: this.amount,
          state: held ? 'pending' : 'sent',
          to: recipient.code,
        })
      },
    }
  }
  override toString = () => `sendGems(${this.ref} to ${this.to}, ${this.amount})`
}

class ListOffer extends MoneyMove {
  constructor(
    ref: number,
    readonly amount: number,
    readonly price: number,
  ) {
    super(ref)
  }
  call = (real: Real, player: ModelPlayer) =>
    real.api('/api/trading', {
      body: { amount: this.amount, price: this.price },
      cookie: player.cookie,
    })
  outcome(model: Model, seller: ModelPlayer): Outcome {
    const index = model.players.indexOf(seller)
    const open = model.offers.filter((offer) => offer.seller === index && offer.state === 'open')
    if (open.length >= TRADING_RULES.maxOpenOffers) {
      return { status: 409, message: economyMessages.tooManyOffers }
    }
    if (seller.balances.terydollars < this.amount) {
      return { status: 400, message: apiMessages.notEnoughTerydollars }
    }
    return {
      status: 201,
      message: economyMessages.offerListed,
      apply: (result) => {
        const listed = (result.body.data as OfferResult).offer
        const total = this.amount * this.price
        const offer: ModelOffer = {
          id: listed.id,
          seller: index,
          amount: this.amount,
          price: this.price,
          total,
          fee: tradingFee(total, TRADING_RULES.feePercent),
          state: 'open',
        }
        const { amount, price, fee, state } = offer
        expect({
          amount: listed.amount,
          price: listed.price,
          total: listed.total,
          fee: listed.fee,
          state: listed.state,
        }).toEqual({ amount, price, total, fee, state })
        model.offers.push(offer)
        credit(seller, 'terydollars', -this.amount)
        model.books.escrow += this.amount
      },
    }
  }
  override toString = () => `listOffer(${this.ref}, ${this.amount} at ${this.price})`
}

/** A call on one of the sequence's offers (`offerRef`), or on an id no offer has. */
abstract class OfferMove extends MoneyMove {
  constructor(
    ref: number,
    readonly offerRef: number | 'unknown',
  ) {
    super(ref)
  }
  offer = (model: Model) =>
    this.offerRef === 'unknown' ? undefined : pick(model.offers, this.offerRef)
  offerId = (model: Model) => this.offer(model)?.id ?? UNKNOWN_OFFER
}

class BuyOffer extends OfferMove {
  call = (real: Real, player: ModelPlayer, model: Model) =>
    real.api('/api/trading/buy', { body: { offerId: this.offerId(model) }, cookie: player.cookie })
  outcome(model: Model, buyer: ModelPlayer): Outcome {
    const offer = this.offer(model)
    if (!offer) return { status: 404, message: economyMessages.offerNotFound }
    const seller = model.players[offer.seller] as ModelPlayer
    if (seller === buyer) return { status: 400, message: economyMessages.ownOffer }
    if (offer.state !== 'open') return { status: 409, message: economyMessages.offerGone }
    if (buyer.balances.gems < offer.total) {
      return { status: 400, message: apiMessages.notEnoughGems }
    }
    return {
      status: 200,
      message: economyMessages.offerBought,
      apply: (result) => {
        offer.state = 'sold'
        credit(buyer, 'gems', -offer.total)
        credit(seller, 'gems', offer.total - offer.fee)
        model.books.fees += offer.fee
        model.books.escrow -= offer.amount
        credit(buyer, 'terydollars', offer.amount)
        const { trade } = result.body.data as PurchaseResult
        expect({
          offerId: trade.offerId,
          total: trade.total,
          from: trade.counterpart.code,
        }).toEqual({ offerId: offer.id, total: offer.total, from: seller.code })
      },
    }
  }
  override toString = () => `buyOffer(${this.ref}, offer ${this.offerRef})`
}

class CancelOffer extends OfferMove {
  call = (real: Real, player: ModelPlayer, model: Model) =>
    real.api('/api/trading', {
      method: 'DELETE',
      body: { offerId: this.offerId(model) },
      cookie: player.cookie,
    })
  outcome(model: Model, player: ModelPlayer): Outcome {
    const offer = this.offer(model)
    if (!offer) return { status: 404, message: economyMessages.offerNotFound }
    if (model.players[offer.seller] !== player) {
      return { status: 403, message: economyMessages.notYourOffer }
    }
    if (offer.state !== 'open') return { status: 409, message: economyMessages.offerGone }
    return {
      status: 200,
      message: economyMessages.offerCancelled,
      apply: (result) => {
        offer.state = 'cancelled'
        credit(player, 'terydollars', offer.amount)
        model.books.escrow -= offer.amount
        expect((result.body.data as OfferResult).offer.state).toBe('cancelled')
      },
    }
  }
  override toString = () => `cancelOffer(${this.ref}, offer ${this.offerRef})`
}

const ref = fc.nat({ max: 9 })
const offerRef = fc.oneof(
  { weight: 5, arbitrary: ref },
  { weight: 1, arbitrary: fc.constant('unknown' as const) },
)
/** Gems sent: mostly what arrives at once, sometimes enough to be held. */
const gemsSent = fc.oneof(
  { weight: 3, arbitrary: fc.integer({ min: 1, max: 400 }) },
  {
    weight: 1,
    arbitrary: fc.integer({
      min: GEM_TRANSFER_RULES.holdFrom,
      max: GEM_TRANSFER_RULES.holdFrom + 1_000,
    }),
  },
)

/**
 * Every sequence starts with a few players signed up, logged in and paid some gems and
 * terydollars, so the other commands have someone to act as, with a session and money to move.
 */
const firstPlayers = fc
  .array(
    fc.record({
      parent: fc.oneof(ref, fc.constant('demo' as const)),
      gems: fc.integer({ min: 0, max: GEM_TRANSFER_RULES.holdFrom + 1_000 }),
      terydollars: fc.integer({ min: 0, max: 60 }),
    }),
    { minLength: 2, maxLength: 3 },
  )
  .map((players) => [
    ...players.map(({ parent }) => new SignUp(parent, 'new')),
    ...players.map((_, index) => new LogIn(index, true)),
    ...players.flatMap(({ gems, terydollars }, index) => [
      ...(gems > 0 ? [new Fund(index, 'gems', gems)] : []),
      ...(terydollars > 0 ? [new Fund(index, 'terydollars', terydollars)] : []),
    ]),
  ])

/** The moves between players weigh more than the sign-ups and reads the rest of the file covers. */
const commands = fc.commands(
  [
    fc.oneof(
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
    ),
    fc
      .tuple(
        ref,
        fc.constantFrom('gems' as const, 'terydollars' as const),
        fc.oneof(fc.integer({ min: 1, max: 60 }), gemsSent),
      )
      .map(([player, currency, amount]) => new Fund(player, currency, amount)),
    fc
      .tuple(
        ref,
        fc.oneof({ weight: 5, arbitrary: ref }, fc.constant('unknown' as const)),
        gemsSent,
      )
      .map(([player, to, amount]) => new SendGems(player, to, amount)),
    fc
      .tuple(ref, fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 150 }))
      .map(([player, amount, price]) => new ListOffer(player, amount, price)),
    fc.tuple(ref, offerRef).map(([player, offer]) => new BuyOffer(player, offer)),
    fc.tuple(ref, offerRef).map(([player, offer]) => new CancelOffer(player, offer)),
  ],
  { maxCommands: perRun(25, 40) },
)

let server: TestServer
let sequences = 0
let requests = 0
/** How the money moves were answered (`SendGems 201`: 3), printed at the end of the run. */
const answers = new Map<string, number>()

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
    async () => ({
      model: {
        players: [],
        ipAttempts: 0,
        offers: [],
        books: { escrow: 0, fees: 0, held: 0 },
      },
      real: { api, ip: freshIp(), db: server.db, start: await booksOf(server.db) },
    }),
    [...first, ...sequence],
  )
})

const runs = Number(process.env.MODEL_RUNS ?? perRun(15, 200))

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' })
  console.info(
    `model: seed ${harnessSeed}, ${runs} sequences ` +
      `(replay: HARNESS_SEED=${harnessSeed} ${longRun ? 'npm run fuzz' : 'npx vitest run --project server tests/server/model.test.ts'})`,
  )
})

afterAll(async () => {
  const moves = [...answers.entries()].sort().map(([answer, n]) => `${answer}: ${n}`)
  console.info(
    `model: ${sequences} sequences run (shrinking included), ${requests} requests; ` +
      `money moves ${moves.join(', ')}`,
  )
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
    'answers every random sequence of sign-ups, logins, logouts, terms, preferences, reads, gem transfers and trades as the model says',
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
