import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiMessages, validationMessages } from '../../contract/messages'
import { users } from '../../server/db/schema'
import { endpoint, listEndpoints } from '../../server/http/endpoint'
import { reply } from '../../server/http/envelope'
import type { AppEnv } from '../../server/http/request-context'
import { defineEndpoint } from '../../contract/endpoint'
import { DomainError } from '../../server/services/errors'
import { getProfile } from '../../server/services/users'
import { caseKey, caseOf, endpointCases, type EndpointCase } from '../harness/endpoint-cases'
import {
  appEndpoints,
  checkDeadSessions,
  checkForeignIds,
  checkForeignQuery,
  checkPrivilegedFields,
  checkReadOnly,
  named,
} from '../harness/security-checks'
import { startTestServer, type TestServer } from './support/test-server'

/**
 * The attacker's view of every endpoint the route table holds (tests/harness/security-checks.ts):
 * no session, another player's ids, fields a client must not set, parameters naming someone else.
 * What each endpoint needs beyond its metadata is its entry in tests/harness/endpoint-cases.ts.
 */
const endpoints = appEndpoints()
const withSession = endpoints.filter((entry) => entry.spec.auth === 'session')
// Read without caseOf(): an endpoint without a case fails its own tests below, not the whole file.
const naming = withSession.filter((entry) => {
  const owned = endpointCases[caseKey(entry)]?.owned
  return owned !== undefined && owned !== 'none'
})
const withBody = endpoints.filter((entry) => entry.inputs.json !== undefined)
/**
 * GET /api/spotify/login is the one GET that writes, because the spec names the OAuth flow's both
 * ends so: without a code it stores the single-use state of a new authorization, and with the
 * provider's callback it links the account that state was issued for. A cross-site request cannot
 * finish a link (it does not know the state bound to the session); at most it restarts one.
 */
const WRITING_GETS = new Set(['GET /api/spotify/login'])
const gets = endpoints.filter(
  (entry) => entry.method === 'GET' && !WRITING_GETS.has(caseKey(entry)),
)

let server: TestServer

beforeAll(async () => {
  // The real app, plus the flawed test-only group the last block checks the checks with.
  server = await startTestServer({ extraRoutes: (db) => [flawedRoutes(db)], seed: 'demo' })
  console.info(
    `security harness: ${endpoints.length} endpoints, ${withSession.length} need a session, ` +
      `${naming.length} name a player's things${
        naming.length > 0
          ? ` (${named(naming)
              .map(([key]) => key)
              .join(', ')})`
          : ''
      }, ` +
      `${withBody.length} take a body`,
  )
})

afterAll(async () => {
  await server.close()
})

const target = () => ({ api: server.call, db: server.db })

describe('every endpoint that needs a session', () => {
  it.each(named(withSession))(
    '%s answers 401 to a made-up cookie and to an ended session, and changes nothing',
    async (_, entry) => {
      expect(await checkDeadSessions(target(), entry, caseOf(entry))).toEqual([])
    },
  )

  it.each(named(withSession))(
    '%s ignores query parameters that name another player',
    async (_, entry) => {
      expect(await checkForeignQuery(target(), entry, caseOf(entry))).toEqual([])
    },
  )
})

describe('every GET', () => {
  it.each(named(gets))('%s changes nothing', async (_, entry) => {
    expect(await checkReadOnly(target(), caseOf(entry))).toEqual([])
  })
})

describe("every endpoint whose inputs name a player's things", () => {
  if (naming.length > 0) {
    it.each(named(naming))(
      "%s answers 403 or 404 to another player's ids and changes nothing",
      async (_, entry) => {
        expect(await checkForeignIds(target(), caseOf(entry))).toEqual([])
      },
    )
  } else {
    it("is none yet: every session endpoint's case says its inputs name nothing a player owns", () => {
      expect(withSession.map((entry) => [caseKey(entry), caseOf(entry).owned])).toEqual(
        withSession.map((entry) => [caseKey(entry), 'none']),
      )
    })
  }
})

describe('every endpoint with a body', () => {
  it.each(named(withBody))(
    '%s ignores or refuses balances, owners, prices, ranks and roles sent by the client',
    async (_, entry) => {
      expect(await checkPrivilegedFields(target(), entry, caseOf(entry))).toEqual([])
    },
  )
})

/**
 * The checks themselves must be able to fail: each is run on a test-only endpoint that has the
 * flaw it looks for, mounted behind the real middleware.
 */
const profileParams = v.object({ id: v.pipe(v.string(validationMessages.text)) })
const rankBody = v.object({ note: v.optional(v.string(validationMessages.text)) })

const anyProfile = defineEndpoint({
  method: 'GET',
  path: '/api/flawed/profiles/:id',
  summary: "Any player's profile, whoever asks (a flaw).",
  auth: 'session',
  params: profileParams,
  response: v.object({ id: v.string(), email: v.string() }),
  errors: [{ status: 404, message: apiMessages.notFound, when: 'No such player.' }],
})
const promote = defineEndpoint({
  method: 'POST',
  path: '/api/flawed/promote',
  summary: 'Takes the rank the body says (a flaw).',
  auth: 'session',
  body: rankBody,
  response: v.null(),
})

function flawedRoutes(db: TestServer['db']) {
  return new Hono<AppEnv>()
    .get(...endpoint(anyProfile), async (c) => {
      const found = await getProfile(db, c.req.valid('param').id, new Date()).catch(() => null)
      if (!found) throw new DomainError(404, apiMessages.notFound)
      return reply(c, { id: found.id, email: found.email })
    })
    .post(...endpoint(promote), async (c) => {
      const raw = (await c.req.json()) as { rankIndex?: number }
      if (typeof raw.rankIndex === 'number') {
        await db.update(users).set({ rankIndex: raw.rankIndex }).where(eq(users.id, c.var.user.id))
      }
      return reply(c, null)
    })
}

describe('the checks catch the flaws they look for', () => {
  const find = (path: string) => {
    const found = listEndpoints(server.app.routes).find((entry) => entry.path === path)
    if (!found) throw new Error(`no ${path}`)
    return found
  }

  it("reports an endpoint that serves another player's things", async () => {
    const readsAnyone: EndpointCase = {
      sample: ({ caller, owner }) => ({
        path: `/api/flawed/profiles/${owner.id}`,
        cookie: caller.cookie,
      }),
      owned: ['id'],
    }
    const problems = await checkForeignIds(target(), readsAnyone)
    expect(problems).toEqual([expect.stringContaining('200')])
  })

  it('reports an endpoint that takes a rank from the body', async () => {
    const promotes: EndpointCase = {
      sample: ({ caller }) => ({
        path: '/api/flawed/promote',
        body: { note: 'hola' },
        cookie: caller.cookie,
      }),
      owned: 'none',
    }
    const problems = await checkPrivilegedFields(target(), find('/api/flawed/promote'), promotes)
    expect(problems).toEqual([expect.stringContaining('users.rank_index')])
  })
})
