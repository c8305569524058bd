import { and, gte, inArray } from 'drizzle-orm'
import type { LotteryList } from '../../contract/lottery'
import type { OwnOffersPage } from '../../contract/trading'
import type { Db } from '../../server/db/client'
import { DEMO_PASSWORD } from '../../server/db/seed/players'
import {
  gemTransfers,
  ledgerTransfers,
  lotteryEntries,
  tradingOffers,
} from '../../server/db/schema'
import { checkLedgerInvariant } from '../../server/services/ledger'
import { rankRewardKey } from '../../server/services/progress'
import { seededRandom } from '../../scripts/lib/seeded-random'
import { logIn, type Api, type Player } from './api'

/*
 * The money-moving load of the crash and several-servers harnesses: seeded players moving gems
 * and terydollars between each other through the real HTTP API (gem transfers, trading offers
 * listed, bought and cancelled, the lottery entry and the rank reward claimed), every request with
 * an Idempotency-Key, every answer recorded. `verifyMovements` then reads the database and holds
 * each recorded answer against it.
 *
 * Each movement is recognisable in the database by what the client chose: a sender's n-th gem
 * transfer sends n gems, a seller's n-th offer has an amount and a price no other offer of theirs
 * has. So even a request that got no answer (the server was killed under it) can be told apart:
 * it may have happened, but at most once.
 */

/**
 * The seeded traders of server/db/seed/market.ts (200 terydollars and 6,000 gems each), who agreed
 * to the terms and carry no penalty: the load's players, in a ring that sends gems to the next.
 */
export const LOAD_PLAYERS: readonly string[] = [
  'santiago.rodriguez@tery.example',
  'sebastian.ruiz@tery.example',
  'camila.alvarez@tery.example',
  'juliana.herrera@tery.example',
  'felipe.medina@tery.example',
  'isabella.martinez@tery.example',
]

/** Offers dearer than this (gems) are left to richer buyers, so buyers never run dry. */
const MAX_BOUGHT_TOTAL = 400

export type Movement =
  | { kind: 'send'; from: string; to: string; amount: number }
  | { kind: 'offer'; seller: string; amount: number; price: number }
  | { kind: 'cancel'; seller: string; offerId: number }
  | { kind: 'buy'; buyer: string; offerId: number }
  | { kind: 'draw entry'; player: string; drawId: string }
  | { kind: 'rank reward'; player: string; rank: number }

/**
 * What the client learnt: a 2xx (the movement happened), a 4xx (refused: it did not), no answer
 * (the connection died: it may or may not have happened), or a 5xx (a defect).
 */
export type Outcome = 'acknowledged' | 'refused' | 'no answer' | 'server error'

export type Attempt = {
  movement: Movement
  /** The load's player who sent it. */
  by: string
  key: string
  /** Which server it was sent to. */
  via: string
  outcome: Outcome
  status: number | null
  /** The answer's body, to compare the two answers of a request sent to two servers at once. */
  body: string | null
  /** The gem transfer's or the offer's id the answer gave. */
  id: number | null
  /** The answer was a stored one (`Idempotent-Replayed: true`), not a run of the request. */
  replayed: boolean
  /** This attempt is the resend, after a restart, of one that got no answer. */
  resendOf: Attempt | null
}

type KnownOffer = { id: number; seller: string; total: number }

export type LoadClient = Player & { index: number }

/** The item at `index`, which the caller knows is there. */
function nth<T>(items: readonly T[], index: number): T {
  const item = items[index]
  if (item === undefined) throw new Error(`No item ${index} among ${items.length}`)
  return item
}

/** The load's players logged in (sessions live in the database: they survive restarts). */
export async function logInLoadPlayers(api: Api): Promise<LoadClient[]> {
  const clients: LoadClient[] = []
  // One at a time: production password hashing lets two run at once and queues eight.
  for (const [index, email] of LOAD_PLAYERS.entries()) {
    clients.push({ ...(await logIn(api, email, DEMO_PASSWORD)), index })
  }
  return clients
}

export type Target = { api: Api; label: string }

export class MoneyLoad {
  readonly attempts: Attempt[] = []
  /** Open offers the load knows of: acknowledged listings, and a seller's own read back. */
  private readonly offers = new Map<number, KnownOffer>()
  private readonly sent = new Map<string, number>()
  private readonly listed = new Map<string, number>()
  private readonly claimed = new Set<string>()
  private readonly random: () => number
  private drawId: string | null = null
  private counter = 0

  constructor(
    readonly clients: readonly LoadClient[],
    private readonly seed: number,
  ) {
    this.random = seededRandom(seed)
  }

  /** Reads the open lottery draw the players will take part in. */
  async prepare(api: Api): Promise<void> {
    const list = await api<LotteryList>('/api/lottery/list?status=open')
    this.drawId = list.body.data.draws[0]?.id ?? null
  }

  private pick<T>(items: readonly T[]): T | undefined {
    return items[Math.floor(this.random() * items.length)]
  }

  /** The next movement a client makes, chosen by the seeded generator. */
  nextMovement(client: LoadClient): Movement {
    const roll = this.random()
    const player = client.id
    if (roll < 0.05 && this.drawId && !this.claimed.has(`draw ${player}`)) {
      return { kind: 'draw entry', player, drawId: this.drawId }
    }
    if (roll < 0.1 && !this.claimed.has(`rank ${player}`)) {
      return { kind: 'rank reward', player, rank: 0 }
    }
    const own = [...this.offers.values()].filter((offer) => offer.seller === player)
    const buyable = [...this.offers.values()].filter(
      (offer) => offer.seller !== player && offer.total <= MAX_BOUGHT_TOTAL,
    )
    const toBuy = roll < 0.3 ? this.pick(buyable) : undefined
    if (toBuy) return { kind: 'buy', buyer: player, offerId: toBuy.id }
    const toCancel = roll < 0.42 ? this.pick(own) : undefined
    if (toCancel) return { kind: 'cancel', seller: player, offerId: toCancel.id }
    if (roll < 0.65) {
      // The n-th listing: amounts 1 to 3 in turn, the price one gem more every three listings.
      const n = this.listed.get(player) ?? 0
      this.listed.set(player, n + 1)
      return { kind: 'offer', seller: player, amount: 1 + (n % 3), price: 1 + Math.floor(n / 3) }
    }
    const n = (this.sent.get(player) ?? 0) + 1
    this.sent.set(player, n)
    const next = nth(this.clients, (client.index + 1) % this.clients.length)
    return { kind: 'send', from: player, to: next.id, amount: n }
  }

  newKey(): string {
    return `load-${this.seed}-${(this.counter += 1)}`
  }

  /**
   * Two players buy the same open offer at the same moment, each through another server: one of
   * them gets it. Does nothing while no offer has two possible buyers.
   */
  async contest(targets: readonly [Target, Target]): Promise<void> {
    const offer = this.pick([...this.offers.values()].filter((o) => o.total <= MAX_BOUGHT_TOTAL))
    const buyers = this.clients.filter((client) => client.id !== offer?.seller)
    const [first, second] = [this.pick(buyers), this.pick(buyers)]
    if (!offer || !first || !second || first === second) return
    await Promise.all(
      [first, second].map((buyer, index) =>
        this.send(buyer, { kind: 'buy', buyer: buyer.id, offerId: offer.id }, nth(targets, index)),
      ),
    )
  }

  /** The request that makes a movement. */
  private request(movement: Movement): { path: string; method: string; body: unknown } {
    switch (movement.kind) {
      case 'send': {
        const to = nth(
          this.clients.filter((client) => client.id === movement.to),
          0,
        )
        return {
          path: '/api/inventory/send/gems',
          method: 'POST',
          body: { code: to.code, amount: movement.amount },
        }
      }
      case 'offer':
        return {
          path: '/api/trading',
          method: 'POST',
          body: { amount: movement.amount, price: movement.price },
        }
      case 'cancel':
        return { path: '/api/trading', method: 'DELETE', body: { offerId: movement.offerId } }
      case 'buy':
        return { path: '/api/trading/buy', method: 'POST', body: { offerId: movement.offerId } }
      case 'draw entry':
        return { path: '/api/user/draw', method: 'PATCH', body: { drawId: movement.drawId } }
      case 'rank reward':
        return {
          path: '/api/user/gainReward',
          method: 'PATCH',
          body: { gainRewardTarget: movement.rank },
        }
    }
  }

  /**
   * Sends one movement with its Idempotency-Key and records the answer; `key` reuses another
   * attempt's key (the same request sent twice).
   */
  async send(
    client: LoadClient,
    movement: Movement,
    target: Target,
    key = this.newKey(),
    resendOf: Attempt | null = null,
  ): Promise<Attempt> {
    const { path, method, body } = this.request(movement)
    const attempt: Attempt = {
      movement,
      by: client.id,
      key,
      via: target.label,
      outcome: 'no answer',
      status: null,
      body: null,
      id: null,
      replayed: false,
      resendOf,
    }
    this.attempts.push(attempt)
    try {
      const answer = await target.api<Record<string, { id?: number } | undefined>>(path, {
        method,
        body,
        cookie: client.cookie,
        headers: { 'idempotency-key': key },
      })
      attempt.status = answer.status
      attempt.body = JSON.stringify(answer.body)
      attempt.replayed = answer.headers.get('idempotent-replayed') === 'true'
      attempt.outcome =
        answer.status >= 500 ? 'server error' : answer.status < 300 ? 'acknowledged' : 'refused'
      if (attempt.outcome === 'acknowledged') {
        attempt.id = answer.body.data.transfer?.id ?? answer.body.data.offer?.id ?? null
      }
    } catch {
      // The connection died (the server was killed): the movement may or may not have happened.
    }
    this.learn(attempt)
    return attempt
  }

  /** What the load knows after an answer: open offers, claims done. */
  private learn({ movement, outcome, id, status }: Attempt): void {
    const answered = outcome === 'acknowledged' || outcome === 'refused'
    switch (movement.kind) {
      case 'offer': {
        if (outcome === 'acknowledged' && id !== null) {
          this.offers.set(id, {
            id,
            seller: movement.seller,
            total: movement.amount * movement.price,
          })
        }
        return
      }
      case 'buy':
      case 'cancel':
        // Sold, cancelled, gone, or unknown: either way no longer one to act on. A buyer short
        // of gems (400) leaves the offer open.
        if (!(outcome === 'refused' && status === 400)) this.offers.delete(movement.offerId)
        return
      case 'draw entry':
        if (answered) this.claimed.add(`draw ${movement.player}`)
        return
      case 'rank reward':
        if (answered) this.claimed.add(`rank ${movement.player}`)
        return
      case 'send':
        return
    }
  }

  /**
   * Sends again, with its key, every request that got no answer and was not sent again yet, as a
   * client does once the server answers again: each must get either the answer stored with its
   * movement or a fresh run of the request (nothing moved), never 409 for a key its dead request
   * still holds. Returns the resends.
   */
  async resendUnanswered(target: Target): Promise<Attempt[]> {
    const resent = new Set(this.attempts.map((attempt) => attempt.resendOf))
    const unanswered = this.attempts.filter(
      (attempt) => attempt.outcome === 'no answer' && !resent.has(attempt),
    )
    return Promise.all(
      unanswered.map((attempt) => {
        const client = nth(
          this.clients.filter((candidate) => candidate.id === attempt.by),
          0,
        )
        return this.send(client, attempt.movement, target, attempt.key, attempt)
      }),
    )
  }

  /**
   * Reads a seller's open offers back (as the app's offers page does), after a listing was
   * refused for having too many open: listings whose answer was lost, or seeded ones.
   */
  private async readOwnOffers(client: LoadClient, target: Target): Promise<void> {
    try {
      const page = await target.api<OwnOffersPage>('/api/trading/own?page=1', {
        cookie: client.cookie,
      })
      if (page.status !== 200) return
      for (const offer of page.body.data.items) {
        if (offer.state === 'open') {
          this.offers.set(offer.id, { id: offer.id, seller: client.id, total: offer.total })
        }
      }
    } catch {
      // The server is gone: the next cycle reads again.
    }
  }

  /**
   * One client moving money until `stop()` says so or a request gets no answer (its server is
   * gone). `targets` are the servers it may use, one picked per request.
   */
  async runClient(client: LoadClient, targets: readonly Target[], stop: () => boolean) {
    while (!stop()) {
      const movement = this.nextMovement(client)
      const target = nth(targets, Math.floor(this.random() * targets.length))
      const attempt = await this.send(client, movement, target)
      if (attempt.outcome === 'no answer') return
      if (movement.kind === 'offer' && attempt.status === 409) {
        await this.readOwnOffers(client, target)
      }
    }
  }
}

export type Verdict = {
  /** Acknowledged movements the database does not hold. */
  lost: string[]
  /** Movements the database holds more than once. */
  duplicated: string[]
  /** Refused movements that happened anyway, and movements nobody asked for. */
  unexplained: string[]
  /** The ledger's own rules (checkLedgerInvariant). */
  ledger: string[]
  /**
   * Transfers and listings that got no answer and yet happened: the kill came after their commit.
   * Their client cannot tell them from the ones that did not.
   */
  doneUnanswered: number
}

function describe(movement: Movement): string {
  return JSON.stringify(movement)
}

/**
 * Holds every recorded attempt against the database: an acknowledged movement is there exactly
 * once (with the id its answer gave, and its ledger transfers), a refused one is not there, one
 * without an answer is there at most once, nothing is there that no attempt asked for, and the
 * ledger's invariant holds. `since`: when the load began (seeded rows are older).
 */
export async function verifyMovements(
  db: Db,
  attempts: readonly Attempt[],
  players: readonly string[],
  since: Date,
): Promise<Verdict> {
  const verdict: Verdict = {
    lost: [],
    duplicated: [],
    unexplained: [],
    ledger: [],
    doneUnanswered: 0,
  }
  const ledgerKeys = new Set(
    (
      await db
        .select({ key: ledgerTransfers.idempotencyKey })
        .from(ledgerTransfers)
        .where(gte(ledgerTransfers.createdAt, since))
    ).map((row) => row.key),
  )
  const sends = await db
    .select()
    .from(gemTransfers)
    .where(and(inArray(gemTransfers.fromUserId, [...players]), gte(gemTransfers.createdAt, since)))
  const offers = await db
    .select()
    .from(tradingOffers)
    .where(and(inArray(tradingOffers.sellerId, [...players]), gte(tradingOffers.createdAt, since)))
  // Offers bought or cancelled: the load's own, and seeded ones a seller read back and cancelled.
  const closed = [
    ...new Set(
      attempts.flatMap(({ movement }) =>
        movement.kind === 'buy' || movement.kind === 'cancel' ? [movement.offerId] : [],
      ),
    ),
  ]
  const closedOffers =
    closed.length === 0
      ? []
      : await db.select().from(tradingOffers).where(inArray(tradingOffers.id, closed))
  const entries = await db
    .select()
    .from(lotteryEntries)
    .where(and(inArray(lotteryEntries.userId, [...players]), gte(lotteryEntries.createdAt, since)))

  /** Rows matching one movement, checked against every attempt at it. */
  const hold = (movement: Movement, matches: number, tries: readonly Attempt[]) => {
    const what = describe(movement)
    const acknowledged = tries.some((attempt) => attempt.outcome === 'acknowledged')
    const unsure = tries.some((attempt) => attempt.outcome !== 'refused')
    if (unsure && !acknowledged && matches === 1) verdict.doneUnanswered += 1
    if (matches > 1) verdict.duplicated.push(`${what}: ${matches} times`)
    else if (acknowledged && matches === 0) verdict.lost.push(`${what}: acknowledged, not found`)
    else if (!unsure && matches === 1) verdict.unexplained.push(`${what}: refused, yet it happened`)
  }
  const byMovement = new Map<string, Attempt[]>()
  for (const attempt of attempts) {
    const key = describe(attempt.movement)
    byMovement.set(key, [...(byMovement.get(key) ?? []), attempt])
  }
  const asked = new Set<string>()

  for (const tries of byMovement.values()) {
    const { movement } = nth(tries, 0)
    const acknowledged = tries.filter((attempt) => attempt.outcome === 'acknowledged')
    switch (movement.kind) {
      case 'send': {
        const rows = sends.filter(
          (row) => row.fromUserId === movement.from && row.amount === movement.amount,
        )
        rows.forEach((row) => asked.add(`send ${row.id}`))
        hold(movement, rows.length, tries)
        for (const row of rows) {
          if (!ledgerKeys.has(`gem-transfer:${row.id}:send`)) {
            verdict.lost.push(`${describe(movement)}: transfer ${row.id} has no ledger movement`)
          }
        }
        if (acknowledged.some((attempt) => rows[0] && attempt.id !== rows[0].id)) {
          verdict.lost.push(`${describe(movement)}: the answer named another transfer`)
        }
        break
      }
      case 'offer': {
        const rows = offers.filter(
          (row) =>
            row.sellerId === movement.seller &&
            row.amount === movement.amount &&
            row.price === movement.price,
        )
        rows.forEach((row) => asked.add(`offer ${row.id}`))
        hold(movement, rows.length, tries)
        for (const row of rows) {
          if (!ledgerKeys.has(`trading-offer:${row.id}:escrow`)) {
            verdict.lost.push(`${describe(movement)}: offer ${row.id} has no escrow movement`)
          }
        }
        if (acknowledged.some((attempt) => rows[0] && attempt.id !== rows[0].id)) {
          verdict.lost.push(`${describe(movement)}: the answer named another offer`)
        }
        break
      }
      case 'buy':
      case 'cancel': {
        const row = closedOffers.find((offer) => offer.id === movement.offerId)
        const [state, by] =
          movement.kind === 'buy'
            ? (['sold', movement.buyer] as const)
            : (['cancelled', movement.seller] as const)
        const done =
          row !== undefined &&
          row.state === state &&
          (movement.kind === 'cancel' || row.buyerId === by) &&
          ledgerKeys.has(`trading-offer:${row.id}:release`)
        if (acknowledged.length > 0 && !done) {
          verdict.lost.push(`${describe(movement)}: acknowledged, the offer is ${row?.state}`)
        }
        break
      }
      case 'draw entry': {
        const rows = entries.filter(
          (entry) => entry.userId === movement.player && entry.drawId === movement.drawId,
        )
        // A second attempt with a new key is refused by design: the claims are checked together.
        const anyAcknowledged = attempts.some(
          (attempt) =>
            attempt.outcome === 'acknowledged' &&
            attempt.movement.kind === 'draw entry' &&
            attempt.movement.player === movement.player,
        )
        if (anyAcknowledged && rows.length === 0) verdict.lost.push(`${describe(movement)}: lost`)
        if (
          rows.length > 0 &&
          !ledgerKeys.has(`lottery-entry:${movement.drawId}:${movement.player}`)
        ) {
          verdict.lost.push(`${describe(movement)}: the entry was not charged`)
        }
        break
      }
      case 'rank reward': {
        if (
          acknowledged.length > 0 &&
          !ledgerKeys.has(rankRewardKey(movement.player, movement.rank))
        ) {
          verdict.lost.push(`${describe(movement)}: acknowledged, not paid`)
        }
        break
      }
    }
  }

  for (const row of sends) {
    if (!asked.has(`send ${row.id}`)) {
      verdict.unexplained.push(`gem transfer ${row.id} (${row.amount} gems) nobody sent`)
    }
  }
  for (const row of offers) {
    if (!asked.has(`offer ${row.id}`)) {
      verdict.unexplained.push(`offer ${row.id} (${row.amount} at ${row.price}) nobody listed`)
    }
    const closers = attempts.filter(
      (attempt) =>
        (attempt.movement.kind === 'buy' || attempt.movement.kind === 'cancel') &&
        attempt.movement.offerId === row.id &&
        attempt.outcome !== 'refused',
    )
    if (row.state !== 'open' && closers.length === 0) {
      verdict.unexplained.push(`offer ${row.id} is ${row.state}, nobody closed it`)
    }
  }
  const entrants = new Set(entries.map((entry) => entry.userId))
  for (const player of entrants) {
    if (entries.filter((entry) => entry.userId === player).length > 1) {
      verdict.duplicated.push(`the lottery entry of ${player}`)
    }
  }

  verdict.ledger = await checkLedgerInvariant(db)
  return verdict
}

/** Whether two attempts got the same answer (a replay answers the first answer's very bytes). */
export function sameAnswer(a: Attempt, b: Attempt): boolean {
  return a.status !== null && a.status === b.status && a.body === b.body
}
