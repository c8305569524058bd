import type { Currency } from '../../../contract/currencies'
import { createPlayer } from '../../../server/services/auth'
import { transfer } from '../../../server/services/ledger'
import { hashPassword } from '../../../server/services/passwords'
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
  const user = await createPlayer(server.db, {
    parentCode: null,
    name: body.name,
    email: body.email,
    phone: body.phone,
    passwordHash: await passwordHash,
  })
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
  server: TestServer,
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
