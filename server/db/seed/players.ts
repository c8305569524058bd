import { eq, inArray } from 'drizzle-orm'
import type { Currency } from '../../../contract/currencies'
import { createPlayer, type UserRow } from '../../services/auth'
import { transfer } from '../../services/ledger'
import { hashPassword } from '../../services/passwords'
import { rankForTeam } from '../../services/rules'
import { countReferrals } from '../../services/team-tree'
import type { Db, Tx } from '../client'
import { users } from '../schema'
import { inTransaction } from '../../services/atomic'

export const DEMO_EMAIL = 'demo@tery.example'
export const DEMO_PASSWORD = 'tery-demo-2026'
export const DEMO_CODE = 'TERYDEMO'

export type DemoLogin = { email: string; password: string; code: string; note: string }

/**
 * Direct referrals of the demo player that the later seed modules leave untouched (no lottery
 * entry, no music account, no lesson finished), so the E2E journeys take part, link and train as
 * a new player would, one per screen size.
 */
export const E2E_PLAYERS: readonly string[] = [
  'sebastian.ruiz@tery.example',
  'juliana.herrera@tery.example',
]

/**
 * The player tests/e2e/keyboard.e2e.ts walks with: nobody's referral and nobody's sponsor, so no
 * other seed module and no other journey touches what it claims and buys (it used to walk as the
 * demo player, whose coupon and missions extras.e2e.ts changes).
 */
export const KEYBOARD_EMAIL = 'lucia.navarro@tery.example'

/**
 * The player tests/e2e/cross-origin.e2e.ts signs in as, in nobody's tree: it checks that forged
 * calls from another site move none of their gems, terydollars or offers, which holds only if no
 * journey running beside it moves them either (the demo's move in extras.e2e.ts).
 */
export const CROSS_ORIGIN_EMAIL = 'manuela.rios@tery.example'

/** A seeded player and the players they invited, generation after generation. */
type SeedNode = {
  name: string
  /** Derived from the name (nombre.apellido@tery.example) unless given. */
  email?: string
  /** A random invite code unless given. */
  code?: string
  termsAgree?: boolean
  shareEmail?: boolean
  children?: SeedNode[]
}

// Eight generations under the demo player (37 players), so every team screen shows real depth,
// down to the last generation.
const DEMO_TREE: SeedNode[] = [
  {
    name: 'Valentina Gómez',
    shareEmail: true,
    children: [
      {
        name: 'Santiago Rodríguez',
        children: [
          {
            name: 'Isabella Martínez',
            children: [
              {
                name: 'Mateo Hernández',
                children: [
                  {
                    name: 'Luciana Vargas',
                    children: [
                      {
                        name: 'Emiliano Castaño',
                        children: [
                          {
                            name: 'Renata Ospina',
                            children: [{ name: 'Jacobo Quintero' }, { name: 'Abril Cifuentes' }],
                          },
                        ],
                      },
                    ],
                  },
                ],
              },
              { name: 'Sofía Castro' },
            ],
          },
          { name: 'Samuel López', children: [{ name: 'Emilia Rojas' }] },
        ],
      },
      {
        name: 'Mariana Torres',
        termsAgree: false,
        children: [
          { name: 'Tomás Ramírez', children: [{ name: 'Antonella Díaz' }] },
          { name: 'Gabriela Moreno' },
        ],
      },
      { name: 'Daniel Jiménez' },
    ],
  },
  {
    name: 'Sebastián Ruiz',
    children: [
      {
        name: 'Camila Álvarez',
        shareEmail: true,
        children: [
          {
            name: 'Nicolás Romero',
            children: [
              {
                name: 'Salomé Suárez',
                children: [
                  {
                    name: 'Martín Ortiz',
                    children: [
                      {
                        name: 'Mariangel Londoño',
                        children: [
                          {
                            name: 'Simón Zapata',
                            children: [{ name: 'Ximena Restrepo' }, { name: 'Thiago Arango' }],
                          },
                        ],
                      },
                      { name: 'Valeria Muñoz' },
                    ],
                  },
                ],
              },
              { name: 'Julián Pérez' },
            ],
          },
        ],
      },
      { name: 'Alejandro Mendoza', children: [{ name: 'Victoria Guerrero' }] },
    ],
  },
  {
    name: 'Juliana Herrera',
    children: [
      {
        name: 'Felipe Medina',
        children: [{ name: 'Manuela Aguilar', children: [{ name: 'David Cárdenas' }] }],
      },
      { name: 'Paula Silva' },
      { name: 'Andrés Castillo', children: [{ name: 'Laura Pineda' }] },
    ],
  },
]

/**
 * What the demo player is given on top of the welcome reward (100 terycarbons, so 2 500 in all)
 * and the referral rewards its team brought.
 */
const DEMO_BALANCES: Record<Currency, number> = {
  terycarbons: 2_400,
  gems: 340,
  voltaCharge: 120,
  terydollars: 25,
}

function emailFor(name: string): string {
  const plain = name
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/ /g, '.')
  return `${plain}@tery.example`
}

const DEMO_PLAYER: SeedNode = {
  name: 'Jugador Demo',
  email: DEMO_EMAIL,
  code: DEMO_CODE,
  children: DEMO_TREE,
}

const KEYBOARD_PLAYER: SeedNode = { name: 'Lucía Navarro', email: KEYBOARD_EMAIL }
const CROSS_ORIGIN_PLAYER: SeedNode = { name: 'Manuela Ríos', email: CROSS_ORIGIN_EMAIL }

/** The gems the keyboard journey's player has to buy an offer on the trading board with. */
const KEYBOARD_GEMS = 500
/** Enough for every call the cross-origin journey forges to succeed, were it let through. */
const CROSS_ORIGIN_BALANCES = { gems: 500, terydollars: 20 }

const HOUR_MS = 60 * 60 * 1000
const DAY_MS = 24 * HOUR_MS
/**
 * When the first seeded player joined, in days before the seed's clock: before everything the
 * other modules seed (the lottery's history, the oldest, reaches about 23 days back).
 */
export const FIRST_JOIN_DAYS = 30
/** The time between two seeded players joining, in tree order: parents before their children. */
const JOIN_STEP_MS = 3 * HOUR_MS

/** Balances the seed gives a player from the supply (ledger kind `seed`), at `at`. */
export async function giveFromSupply(
  tx: Tx,
  userId: string,
  balances: Partial<Record<Currency, number>>,
  at: Date,
): Promise<void> {
  for (const [currency, amount] of Object.entries(balances) as [Currency, number][]) {
    await transfer(tx, {
      currency,
      from: { system: 'supply' },
      to: { userId },
      amount,
      kind: 'seed',
      at,
    })
  }
}

/** What the players module seeded, for the modules that seed after it (missions, market...). */
export type DemoWorld = {
  /** The demo player, code TERYDEMO. */
  demo: UserRow
  /** Everyone in the demo player's referral tree, parents before their children. */
  team: UserRow[]
  /** The keyboard journey's player, in nobody's tree (KEYBOARD_EMAIL). */
  keyboard: UserRow
}

/**
 * Seeds the demo player (code TERYDEMO, nobody's referral) with balances, a referral tree eight
 * generations deep under it, and the keyboard and cross-origin journeys' players, through the same createPlayer() as
 * signup, so every welcome reward is paid. They join one after the other, JOIN_STEP_MS apart from
 * FIRST_JOIN_DAYS before the seed's clock `now`, parents before their children, before any of the
 * history the later modules give them. The referral rewards wait for each member's first play
 * (seed/missions.ts), and the ranks for those plays (seedRanks). Every seeded player shares the
 * demo password, hashed once so the first start stays fast.
 */
export async function seedPlayers(db: Db, now: Date): Promise<DemoWorld> {
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  const created: UserRow[] = []
  let phone = 3_001_234_567
  const firstJoin = now.getTime() - FIRST_JOIN_DAYS * DAY_MS
  const plant = async (node: SeedNode, parentCode: string | null) => {
    const user = await createPlayer(
      db,
      {
        parentCode,
        name: node.name,
        email: node.email ?? emailFor(node.name),
        phone: String(phone++),
        passwordHash,
        code: node.code,
      },
      new Date(firstJoin + created.length * JOIN_STEP_MS),
    )
    const termsAgree = node.termsAgree ?? true
    const shareEmail = node.shareEmail ?? false
    if (termsAgree || shareEmail) {
      await db.update(users).set({ termsAgree, shareEmail }).where(eq(users.id, user.id))
    }
    created.push(user)
    for (const child of node.children ?? []) await plant(child, user.code)
    return user
  }
  await plant(DEMO_PLAYER, null)
  const [demo, ...team] = created
  const keyboard = await plant(KEYBOARD_PLAYER, null)
  const crossOrigin = await plant(CROSS_ORIGIN_PLAYER, null)
  if (!demo) throw new Error('The demo player was not written')
  await inTransaction(db, async (tx) => {
    await giveFromSupply(tx, demo.id, DEMO_BALANCES, now)
    await giveFromSupply(tx, keyboard.id, { gems: KEYBOARD_GEMS }, now)
    await giveFromSupply(tx, crossOrigin.id, CROSS_ORIGIN_BALANCES, now)
  })
  return { demo, team, keyboard }
}

/**
 * Every seeded player holds the rank their team gives them by the server's own rule (the weekly
 * reset's and /progress's: rankForTeam over the members who qualified by playing), as last
 * week's reset would have promoted them. Runs once the team has played (seed/missions.ts).
 */
export async function seedRanks(db: Db, { demo, team }: DemoWorld): Promise<void> {
  for (const user of [demo, ...team]) {
    const qualified = await countReferrals(db, user.id, 'qualified')
    const rankIndex = rankForTeam(qualified.team, qualified.direct)
    if (rankIndex !== user.rankIndex) {
      await db.update(users).set({ rankIndex }).where(eq(users.id, user.id))
    }
  }
}

const LISTED_LOGINS: { email: string; note: string }[] = [
  { email: DEMO_EMAIL, note: 'jugador demo' },
  {
    email: emailFor('Valentina Gómez'),
    note: 'referida directa de la demo, penalizada: mensajes de bienvenida y reactivación con TERYDEMO',
  },
  { email: emailFor('Mariana Torres'), note: 'aún no acepta los términos' },
]

/** The seeded logins worth printing at start, as far as they exist in this database. */
export async function demoLogins(db: Db): Promise<DemoLogin[]> {
  const rows = await db
    .select({ email: users.email, code: users.code })
    .from(users)
    .where(
      inArray(
        users.email,
        LISTED_LOGINS.map((login) => login.email),
      ),
    )
  return LISTED_LOGINS.flatMap(({ email, note }) => {
    const row = rows.find((r) => r.email === email)
    return row ? [{ email, password: DEMO_PASSWORD, code: row.code, note }] : []
  })
}
