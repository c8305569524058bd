import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Endpoint } from '../../server/http/endpoint'
import { dbState } from '../harness/db-state'
import { caseContext, caseOf } from '../harness/endpoint-cases'
import {
  FUZZ_REGRESSIONS_FILE,
  keepRegression,
  readRegressions,
  requestArbitrary,
  sendFuzzRequest,
  type FuzzRequest,
} from '../harness/fuzz'
import { harnessSeed, longRun, perRun } from '../harness/run-mode'
import { appEndpoints, named } from '../harness/security-checks'
import { startTestServer, type TestServer } from './support/test-server'

/**
 * Every endpoint of the route table, fuzzed with requests generated from the valibot schemas its
 * route validates with (tests/harness/arbitraries.ts): never a 5xx, every answer the envelope and
 * documented, bodies over 16 KB refused with 413, and a refusal never changes anything.
 * `npm test` sends a short pass; `npm run fuzz` at least 1,000 requests per endpoint.
 */
const endpoints = appEndpoints()
const runs = Number(process.env.FUZZ_RUNS ?? perRun(30, 1000))
const statuses = new Map<string, number>()
let sent = 0

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ seed: 'demo' })
  console.info(
    `fuzz: seed ${harnessSeed}, ${runs} requests per endpoint, ${endpoints.length} endpoints ` +
      `(replay: HARNESS_SEED=${harnessSeed} ${longRun ? 'npm run fuzz' : 'npx vitest run --project server tests/server/fuzz.test.ts'})`,
  )
})

afterAll(async () => {
  const classes = [...statuses.entries()].sort().map(([status, n]) => `${status}: ${n}`)
  console.info(`fuzz: ${sent} requests sent; answers ${classes.join(', ')}`)
  await server.close()
})

const target = () => ({ api: server.call, db: server.db })

/** A request of the fuzz to an endpoint, as a fresh caller (with a session when it needs one). */
async function setUp(endpoint: Endpoint) {
  const context = await caseContext({ api: server.call, db: server.db })
  const sample = await caseOf(endpoint).sample(context)
  const cookie = endpoint.spec.auth === 'session' ? (sample.cookie ?? context.caller.cookie) : null
  return { sample, cookie }
}

describe('every endpoint, fuzzed from its schemas', () => {
  it.each(named(endpoints).map(([key, endpoint], index) => [key, endpoint, index] as const))(
    '%s: never a 5xx, always the documented envelope, 413 over 16 KB, a refusal changes nothing',
    async (key, endpoint, index) => {
      const { sample, cookie } = await setUp(endpoint)
      let state = await dbState(server.db)
      let problem = ''
      const seed = harnessSeed + index
      const result = await fc.check(
        fc.asyncProperty(requestArbitrary(endpoint, sample), async (request: FuzzRequest) => {
          const answer = await sendFuzzRequest(target(), endpoint, request, cookie, state)
          state = answer.after
          sent += 1
          const status = `${Math.floor(answer.status / 100)}xx`
          statuses.set(status, (statuses.get(status) ?? 0) + 1)
          if (answer.problem) {
            problem = answer.problem
            throw new Error(answer.problem)
          }
        }),
        { seed, numRuns: runs },
      )
      if (result.failed && result.counterexample) {
        const [request] = result.counterexample
        keepRegression({
          endpoint: key,
          problem,
          found: `seed ${seed} (run seed ${harnessSeed}) on ${new Date().toISOString().slice(0, 10)}`,
          request,
        })
        throw new Error(
          `${key}: ${problem}\nshrunk request: ${JSON.stringify(request).slice(0, 2000)}\n` +
            `kept in ${FUZZ_REGRESSIONS_FILE}; replay the run with HARNESS_SEED=${harnessSeed}`,
        )
      }
      expect(result.numRuns).toBe(runs)
    },
    perRun(120_000, 1_800_000),
  )
})

describe(`the failures kept in ${FUZZ_REGRESSIONS_FILE}`, () => {
  it('all pass again (each is replayed as it was found)', async () => {
    const problems: string[] = []
    for (const regression of readRegressions()) {
      const endpoint = endpoints.find(
        (entry) => `${entry.method} ${entry.openApiPath}` === regression.endpoint,
      )
      if (!endpoint) {
        problems.push(`${regression.endpoint}: no such endpoint any more; remove the fixture`)
        continue
      }
      const { cookie } = await setUp(endpoint)
      const answer = await sendFuzzRequest(
        target(),
        endpoint,
        regression.request,
        cookie,
        await dbState(server.db),
      )
      if (answer.problem) problems.push(`${regression.endpoint}: ${answer.problem}`)
    }
    expect(problems).toEqual([])
  })
})
