import type { Currency } from '../../../contract/currencies'
import { DEMO_CODE } from '../../../server/db/seed/players'
import { transfer } from '../../../server/services/ledger'
import { signupFor, type TestServer } from './test-server'

export type TestPlayer = { id: string; code: string; name: string; cookie: string }

/**
 * A new player signed up under the demo code and logged in, given `funds` from the supply (the
 * way a reward pays them), so a test starts from balances it knows.
 */
export async function newPlayer(
  server: TestServer,
  funds: Partial<Record<Currency, number>> = {},
): Promise<TestPlayer> {
  const body = signupFor(DEMO_CODE)
  const signup = await server.call('/api/auth/signup', { body })
  if (signup.status !== 201) throw new Error(`signup answered ${signup.status}`)
  const login = await server.call<{ id: string; code: string; name: string }>('/api/auth/login', {
    body: { email: body.email, password: body.password },
  })
  const { id, code, name } = login.body.data
  await fund(server, id, funds)
  return { id, code, name, cookie: login.cookie as string }
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
