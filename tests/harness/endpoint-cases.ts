import type { Db } from '../../server/db/client'
import { DEMO_CODE } from '../../server/db/seed/players'
import type { Endpoint } from '../../server/http/endpoint'
import type { Api, CallOptions, Player } from './api'
import { newPlayer, signupFor } from './api'
import { couponCases } from './cases/coupons'
import { earningCases } from './cases/earning'
import { economyCases } from './cases/economy'
import { extrasCases } from './cases/extras'
import { miningCases } from './cases/mining'

/**
 * What a case is given to build its call. Setup goes through the API, as a player's would, so a
 * case exercises what it prepares; `db` is for the state no call reaches in test time.
 */
export type CaseContext = {
  api: Api
  /**
   * The database behind the API, for state a player reaches only with time or an operator (a
   * video watched to its end, a mission the network confirmed): insert the rows, then call.
   */
  db: Db
  /** A fresh player, signed in, who makes the call. */
  caller: Player
  /**
   * Whose things the call names (an offer, a wallet, a mission view): the caller in a valid call;
   * another fresh player when the harness checks that another player's ids are refused.
   */
  owner: Player
  /** More fresh players, for cases that need someone else (a seller for a buy). */
  newPlayer: () => Promise<Player>
}

/** One call: the path with its query, and the call's options (method, body, cookie...). */
export type SampleCall = CallOptions & { path: string }

/**
 * What the harnesses need to know about an endpoint that its metadata does not say. One entry
 * per endpoint, keyed `METHOD /api/path/{param}` as in the OpenAPI document; an endpoint without
 * one fails every harness with its name.
 */
export type EndpointCase = {
  /**
   * A valid call that succeeds: any setup it needs (an offer to buy, a mission to claim) made
   * through `ctx.api` by `ctx.owner`, the call itself made as `ctx.caller` (with its cookie).
   */
  sample: (ctx: CaseContext) => SampleCall | Promise<SampleCall>
  /**
   * Required when the endpoint needs a session: the inputs that name something a player owns
   * (`['id']` for /api/trading/{id}, `['offerId']` for a body field), or 'none'. When listed,
   * the security harness builds the sample with `owner` another player and expects 403 or 404
   * with nothing changed.
   */
  owned?: 'none' | readonly string[]
}

/** The key of an endpoint in the cases and in the OpenAPI document. */
export function caseKey(endpoint: Pick<Endpoint, 'method' | 'openApiPath'>): string {
  return `${endpoint.method} ${endpoint.openApiPath}`
}

export const ENDPOINT_CASES_FILE = 'tests/harness/endpoint-cases.ts'

/**
 * Every endpoint's case. A new endpoint adds one entry here or in its area's file of cases/
 * (docs/adding.md, "An endpoint"); the openapi, security, fuzz, crash and several-servers
 * harnesses all read it.
 */
export const endpointCases: Readonly<Record<string, EndpointCase>> = {
  'GET /api/auth/validate/{code}': {
    sample: ({ owner }) => ({ path: `/api/auth/validate/${owner.code.toLowerCase()}` }),
  },
  'POST /api/auth/signup': {
    sample: ({ owner }) => ({ path: '/api/auth/signup', body: signupFor(owner.code) }),
  },
  'GET /api/auth/session': {
    sample: ({ caller }) => ({ path: '/api/auth/session?path=home', cookie: caller.cookie }),
  },
  'POST /api/auth/login': {
    sample: ({ caller }) => ({
      path: '/api/auth/login',
      body: { email: caller.email, password: caller.password },
    }),
  },
  'POST /api/auth/logout': {
    sample: ({ caller }) => ({ path: '/api/auth/logout', body: {}, cookie: caller.cookie }),
    owned: 'none',
  },
  'PATCH /api/user/termsAgree': {
    sample: ({ caller }) => ({
      path: '/api/user/termsAgree',
      method: 'PATCH',
      body: { termsAgree: true },
      cookie: caller.cookie,
    }),
    owned: 'none',
  },
  'GET /api/user/profile': {
    sample: ({ caller }) => ({ path: '/api/user/profile', cookie: caller.cookie }),
    owned: 'none',
  },
  'PATCH /api/user/share/email': {
    sample: ({ caller }) => ({
      path: '/api/user/share/email',
      method: 'PATCH',
      body: { shareEmail: true },
      cookie: caller.cookie,
    }),
    owned: 'none',
  },
  'GET /api/config': { sample: () => ({ path: '/api/config' }) },
  'GET /api/rank/{id}': {
    sample: ({ caller }) => ({ path: '/api/rank/3', cookie: caller.cookie }),
    owned: 'none',
  },
  'GET /api/chat': { sample: () => ({ path: '/api/chat' }) },
  'GET /api/openapi.json': { sample: () => ({ path: '/api/openapi.json' }) },
  // The stream's first event is the answer a harness reads; it never names another's things.
  'GET /api/live': {
    sample: ({ caller }) => ({ path: '/api/live', cookie: caller.cookie }),
    owned: 'none',
  },
  ...earningCases,
  ...economyCases,
  ...miningCases,
  ...extrasCases,
  ...couponCases,
}

/** The case of an endpoint; throws, naming the endpoint and what to add, when it has none. */
export function caseOf(
  endpoint: Pick<Endpoint, 'method' | 'openApiPath'> & {
    spec: Pick<Endpoint['spec'], 'auth'>
  },
): EndpointCase {
  const key = caseKey(endpoint)
  const found = endpointCases[key]
  if (!found) {
    throw new Error(
      `${key} has no entry in ${ENDPOINT_CASES_FILE}: add a valid call of it (docs/testing.md, "Every endpoint through the harnesses")`,
    )
  }
  if (endpoint.spec.auth === 'session' && found.owned === undefined) {
    throw new Error(
      `${key} needs a session: say in ${ENDPOINT_CASES_FILE} which of its inputs name something a player owns (owned: ['id']), or owned: 'none'`,
    )
  }
  return found
}

/** Every endpoint without a complete case, with the reason, for a test that lists them all. */
export function missingCases(
  endpoints: readonly (Pick<Endpoint, 'method' | 'openApiPath'> & {
    spec: Pick<Endpoint['spec'], 'auth'>
  })[],
): string[] {
  const problems: string[] = []
  for (const endpoint of endpoints) {
    try {
      caseOf(endpoint)
    } catch (error) {
      problems.push((error as Error).message)
    }
  }
  return problems
}

/**
 * A case's context over the app's `api` and `db`: a fresh caller invited by the demo player, and as owner the caller
 * itself or, with `foreignOwner`, another fresh player.
 */
export async function caseContext(
  { api, db }: { api: Api; db: Db },
  { foreignOwner = false, ip }: { foreignOwner?: boolean; ip?: string } = {},
): Promise<CaseContext> {
  const fresh = () => newPlayer(api, DEMO_CODE, ip)
  const caller = await fresh()
  return { api, db, caller, owner: foreignOwner ? await fresh() : caller, newPlayer: fresh }
}
