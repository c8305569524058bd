import { randomBytes } from 'node:crypto'
import type { Currency } from '../../../contract/currencies'
import type { Db } from '../../../server/db/client'
import { createPlayer, type UserRow } from '../../../server/services/auth'
import { transfer } from '../../../server/services/ledger'
import { hashPassword } from '../../../server/services/passwords'
import { recordFirstPlay } from '../../../server/services/referrals'
import { WELCOME_TERYCARBONS } from '../../../server/services/rules'
import { signupFor, type TestServer } from './test-server'

export type TestPlayer = { id: string; code: string; name: string; cookie: string }

let passwordHash: Promise<string> | null = null

/**
 * A new player (as an operator creates one: nobody's referral, so no demo seed is needed) logged
 * in, and given `funds` from the supply the way a reward pays them, so a test starts from balances
 * it knows. The welcome terycarbons are taken back out of the picture: `funds` is what they hold.
 */
export async function newPlayer(
  server: TestServer,
  funds: Partial<Record<Currency, number>> = {},
): Promise<TestPlayer> {
  const body = signupFor('UNUSED')
  passwordHash ??= hashPassword(body.password)
  const user = await createPlayer(
    server.db,
    {
      parentCode: null,
      name: body.name,
      email: body.email,
      phone: body.phone,
      passwordHash: await passwordHash,
    },
    new Date(),
  )
  await server.db.transaction((tx) =>
    transfer(tx, {
      currency: 'terycarbons',
      from: { userId: user.id },
      to: { system: 'supply' },
      amount: WELCOME_TERYCARBONS,
      kind: 'test-funds',
    }),
  )
  const login = await server.call('/api/auth/login', {
    body: { email: body.email, password: body.password },
  })
  if (login.status !== 200) throw new Error(`login answered ${login.status}`)
  await fund(server, user.id, funds)
  return { id: user.id, code: user.code, name: user.name, cookie: login.cookie as string }
}

/** Pays a player from the supply, as a reward would. */
export async function fund(
  server: { db: Db },
  userId: string,
  funds: Partial<Record<Currency, number>>,
): Promise<void> {
  await server.db.transaction(async (tx) => {
    for (const [currency, amount] of Object.entries(funds) as [Currency, number][]) {
      if (amount > 0) {
        await transfer(tx, {
          currency,
          from: { system: 'supply' },
          to: { userId },
          amount,
          kind: 'test-funds',
        })
      }
    }
  })
}

/** A real PNG (48x32), as a phone's screenshot of a payment would be. */
export const PNG = Uint8Array.from(
  Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAARUlEQVR42mNQ2rxkUCGGQeqgr18/DDgaddCwchDdkvBolI06aDSXjeayUQeNOmg0l41G2aiDRnPZaC4bddCog0ZHPwggAOnWuJflIMBhAAAAAElFTkSuQmCC',
    'base64',
  ),
)

/*
 * Players for the mining and team tests, made through the same createPlayer() as signup (so the
 * welcome and referral rewards are paid) but without a request each, so a tree eight generations
 * deep is quick to build.
 */

export const PASSWORD = 'clave-segura-1'
let minerPasswordHash: Promise<string> | undefined
let counter = 0

export type Player = UserRow

type NewPlayer = { parentCode?: string | null; name?: string; createdAt?: Date; played?: boolean }

/**
 * A new player under `parentCode` (or nobody's), named `name`. `played`: they qualify as a first
 * mission claim or video finish does (recordFirstPlay, which pays the parent), so rank
 * requirements count them; by default they never play, like a farmed signup.
 */
export async function addPlayer(db: Db, options: NewPlayer = {}): Promise<Player> {
  minerPasswordHash ??= hashPassword(PASSWORD)
  counter += 1
  const player = await createPlayer(
    db,
    {
      parentCode: options.parentCode ?? null,
      name: options.name ?? 'Laura Restrepo',
      email: `minero${counter}.${randomBytes(3).toString('hex')}@correo.example`,
      phone: '3104567890',
      passwordHash: await minerPasswordHash,
    },
    options.createdAt ?? new Date(),
  )
  if (options.played) {
    await db.transaction((tx) => recordFirstPlay(tx, player, options.createdAt ?? new Date()))
  }
  return player
}

/** A chain of `depth` players under `root`, one per generation; the deepest last. */
export async function addChain(
  db: Db,
  root: Player,
  depth: number,
  options: Pick<NewPlayer, 'played'> = {},
): Promise<Player[]> {
  const chain: Player[] = []
  let parent = root
  for (let generation = 1; generation <= depth; generation += 1) {
    parent = await addPlayer(db, {
      parentCode: parent.code,
      name: `Generación ${generation}`,
      ...options,
    })
    chain.push(parent)
  }
  return chain
}

/** The session cookie of a player, through the real login. */
export async function cookieOf(server: TestServer, player: Player): Promise<string> {
  const login = await server.call('/api/auth/login', {
    body: { email: player.email, password: PASSWORD },
  })
  if (!login.cookie) throw new Error(`${player.email} could not log in: ${login.status}`)
  return login.cookie
}

/** Pays a player from the supply with a kind of the test's choosing (another area's, say). */
export async function pay(
  db: Db,
  player: Player,
  currency: Currency,
  amount: number,
  options: { kind?: string; at?: Date } = {},
): Promise<void> {
  await db.transaction((tx) =>
    transfer(tx, {
      currency,
      from: { system: 'supply' },
      to: { userId: player.id },
      amount,
      kind: options.kind ?? 'seed',
      ...(options.at ? { at: options.at } : {}),
    }),
  )
}

/** A clock tests move by hand: `createApp({ now: clock.now })`. */
export function testClock(start: string) {
  let time = new Date(start).getTime()
  return {
    now: () => new Date(time),
    set: (instant: string) => {
      time = new Date(instant).getTime()
    },
    advance: (ms: number) => {
      time += ms
    },
  }
}

export const HOUR = 3_600_000
