import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { EnvError, readEnv } from '../../server/env'

describe('server environment', () => {
  it('uses the documented defaults', () => {
    const env = readEnv({})
    expect(env).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      dataDir: path.resolve('.data'),
      databaseUrl: null,
      seed: 'demo',
      trustProxy: 0,
      appOrigins: ['http://localhost:3000', 'http://127.0.0.1:3000'],
    })
  })

  it('follows PORT in the default origins and reads every variable', () => {
    const env = readEnv({
      PORT: '4100',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/tery',
      DATABASE_URL: 'postgres://tery@localhost/tery',
      SEED: 'none',
      TRUST_PROXY: 'true',
      APP_ORIGIN: 'https://tery.example, https://www.tery.example/',
    })
    expect(env).toMatchObject({
      port: 4100,
      host: '0.0.0.0',
      dataDir: '/tmp/tery',
      databaseUrl: 'postgres://tery@localhost/tery',
      seed: 'none',
      trustProxy: 1,
      appOrigins: ['https://tery.example', 'https://www.tery.example'],
    })
    expect(readEnv({ PORT: '4100' }).appOrigins).toEqual([
      'http://localhost:4100',
      'http://127.0.0.1:4100',
    ])
  })

  it('reads TRUST_PROXY as the number of proxies whose forwarding headers are trusted', () => {
    for (const [raw, hops] of [
      [undefined, 0],
      ['', 0],
      ['false', 0],
      ['0', 0],
      ['true', 1],
      ['TRUE', 1],
      ['1', 1],
      ['2', 2],
    ] as const) {
      expect(readEnv({ TRUST_PROXY: raw }).trustProxy).toBe(hops)
    }
    expect(() => readEnv({ TRUST_PROXY: 'quizás' })).toThrow('TRUST_PROXY must be')
    expect(() => readEnv({ TRUST_PROXY: '-1' })).toThrow('TRUST_PROXY must be')
  })

  it('lets demo social accounts verify themselves after DEMO_VERIFY_SECONDS, only with the demo seed', () => {
    expect(readEnv({}).accountAutoVerifyMs).toBe(20_000)
    expect(readEnv({ DEMO_VERIFY_SECONDS: '5' }).accountAutoVerifyMs).toBe(5_000)
    expect(readEnv({ DEMO_VERIFY_SECONDS: 'off' }).accountAutoVerifyMs).toBeNull()
    expect(readEnv({ SEED: 'none', DEMO_VERIFY_SECONDS: '5' }).accountAutoVerifyMs).toBeNull()
    expect(() => readEnv({ DEMO_VERIFY_SECONDS: 'pronto' })).toThrow('DEMO_VERIFY_SECONDS must be')
  })

  it('refuses invalid values with a readable message', () => {
    expect(() => readEnv({ PORT: 'tres mil' })).toThrow(EnvError)
    expect(() => readEnv({ SEED: 'todo' })).toThrow('SEED must be "demo" or "none"')
    expect(() => readEnv({ APP_ORIGIN: 'no es url' })).toThrow('APP_ORIGIN')
  })
})
