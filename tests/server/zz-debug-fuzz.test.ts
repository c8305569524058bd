import fc from 'fast-check'
import { afterAll, beforeAll, it } from 'vitest'
import { seedDemo } from '../../server/db/seed'
import { dbState } from '../harness/db-state'
import { caseContext, caseOf } from '../harness/endpoint-cases'
import { requestArbitrary, sendFuzzRequest } from '../harness/fuzz'
import { appEndpoints } from '../harness/security-checks'
import { startTestServer, type TestServer } from './support/test-server'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
  await seedDemo(server.db)
})
afterAll(async () => server.close())

it('debug', async () => {
  const endpoint = appEndpoints().find((e) => e.openApiPath === process.env.EP_PATH && e.method === process.env.EP_METHOD)!
  const context = await caseContext({ api: server.call, db: server.db })
  const sample = await caseOf(endpoint).sample(context)
  const cookie = sample.cookie ?? context.caller.cookie
  let state = await dbState(server.db)
  const samples = fc.sample(requestArbitrary(endpoint, sample), { seed: Number(process.env.SEEDX ?? 1), numRuns: 30 })
  for (const request of samples) {
    const t = Date.now()
    console.log('SEND', JSON.stringify(request).slice(0, 300))
    const answer = await sendFuzzRequest({ api: server.call, db: server.db }, endpoint, request, cookie, state)
    state = answer.after
    console.log('GOT', answer.status, Date.now() - t, answer.problem?.slice(0, 400))
  }
}, 600_000)
