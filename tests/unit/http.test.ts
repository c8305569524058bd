import * as v from 'valibot'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { defineEndpoint } from '../../contract/endpoint'
import * as auth from '../../contract/endpoints/auth'
import { ApiError, call, configureHttp, resetHttp } from '../../src/api/http'
import { setHttpHooks } from '../../src/api/http-hooks'
import { serverNow } from '../../src/shared/server-clock'
import { createFakeFetch, envelope } from './support/fake-fetch'

/** Calls of each kind the client makes, declared for these tests only. */
const anything = defineEndpoint({
  method: 'GET',
  path: '/api/anything',
  summary: 'Answers anything (test only).',
  auth: 'session',
  response: v.unknown(),
})
const listed = defineEndpoint({
  method: 'GET',
  path: '/api/listed',
  summary: 'A page of a list (test only).',
  auth: 'public',
  query: v.object({ path: v.optional(v.string()), page: v.optional(v.string()) }),
  response: v.unknown(),
})
const summary = defineEndpoint({
  method: 'GET',
  path: '/api/summary',
  summary: 'A mission summary call (test only).',
  auth: 'session',
  response: v.unknown(),
  policy: 'missionSummary',
})
const signup = {
  body: {
    parentCode: 'TERYDEMO',
    name: 'Ana Gómez',
    email: 'ana@example.co',
    phone: '3001234567',
    password: 'secreta-123',
    deviceId: '6f1c2b1e-3d7a-4a55-9a63-0d7f3c1b2a10',
  },
}

let path = '/home'
const onSessionExpired = vi.fn()
const onLoadingChange = vi.fn()

beforeEach(() => {
  path = '/home'
  onSessionExpired.mockReset()
  onLoadingChange.mockReset()
})

afterEach(() => {
  resetHttp()
})

function useFetch(...answers: Parameters<typeof createFakeFetch>) {
  const fake = createFakeFetch(...answers)
  configureHttp({ fetch: fake.fetch, baseURL: '' })
  setHttpHooks({ onSessionExpired, onLoadingChange, currentPath: () => path })
  return fake
}

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error = await call.then(
    () => {
      throw new Error('the call was expected to fail')
    },
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(ApiError)
  return error as ApiError
}

describe('a successful call', () => {
  it('resolves with the envelope data and sends cookies', async () => {
    const fake = useFetch(envelope(200, 'OK', { code: 'TERYDEMO', name: 'Demo' }))
    await expect(call(auth.validateCode, { params: { code: 'TERYDEMO' } })).resolves.toEqual({
      code: 'TERYDEMO',
      name: 'Demo',
    })
    expect(fake.calls).toHaveLength(1)
    expect(fake.calls[0]).toMatchObject({
      url: '/api/auth/validate/TERYDEMO',
      method: 'GET',
      credentials: 'include',
    })
  })

  it('writes each path parameter encoded', async () => {
    const fake = useFetch(envelope(200, 'OK', { code: 'A B', name: 'Demo' }))
    await call(auth.validateCode, { params: { code: 'A B/1' } })
    expect(fake.calls[0]?.url).toBe('/api/auth/validate/A%20B%2F1')
  })

  it('prefixes the configured API base', async () => {
    const fake = createFakeFetch(envelope(200, 'OK', null))
    configureHttp({ fetch: fake.fetch, baseURL: 'https://api.tery.test' })
    await call(anything)
    expect(fake.calls[0]?.url).toBe('https://api.tery.test/api/anything')
  })

  it('sends the body as JSON with its content type', async () => {
    const fake = useFetch(envelope(201, 'Creado', { email: 'a@b.co', code: 'NEW1' }))
    await call(auth.signUp, signup)
    expect(fake.calls[0]).toMatchObject({ url: '/api/auth/signup', method: 'POST' })
    expect(fake.calls[0]?.headers.get('content-type')).toBe('application/json')
    expect(fake.calls[0]?.body).toEqual(signup.body)
  })

  it('writes the query, numbers in decimal, and leaves undefined values out', async () => {
    const fake = useFetch(envelope(200, 'OK', null))
    await call(listed, { query: { path: undefined, page: 2 } })
    expect(fake.calls[0]?.url).toBe('/api/listed?page=2')
  })

  it('sends a state-changing call without a declared body as an empty JSON object', async () => {
    const fake = useFetch(envelope(200, 'Sesión cerrada', null))
    await expect(call(auth.logOut)).resolves.toBeNull()
    expect(fake.calls[0]).toMatchObject({ url: '/api/auth/logout', method: 'POST', body: {} })
    expect(fake.calls[0]?.headers.get('content-type')).toBe('application/json')
  })

  it('rejects a 2xx answer that is not an envelope instead of handing a page to a view', async () => {
    useFetch(new Response('<!doctype html><title>x</title>', { status: 200 }))
    const error = await failure(call(anything))
    expect(error.message).toBe('err')
    expect(error.network).toBe(false)
  })

  it('sends its request in a later task than the one that asked for it', async () => {
    const fake = useFetch(envelope(200, 'OK', null), envelope(200, 'OK', null))
    const calls = [call(anything), call(anything)]
    // However long the current task's promise work goes on, neither request has left.
    for (let step = 0; step < 50; step += 1) await Promise.resolve()
    expect(fake.calls).toHaveLength(0)

    await Promise.all(calls)
    expect(fake.calls).toHaveLength(2)
  })

  it('never retries a failed call', async () => {
    const fake = useFetch(envelope(503, 'Servicio no disponible'))
    await failure(call(anything))
    expect(fake.calls).toHaveLength(1)
  })
})

describe("the server's clock", () => {
  const answeredAt = (date: Date) => {
    const answer = envelope(200, 'OK', { code: 'TERYDEMO', name: 'Demo' })
    answer.headers.set('date', date.toUTCString())
    return answer
  }

  it("is learnt from an answer's Date header when the device's is off", async () => {
    useFetch(answeredAt(new Date(Date.now() - 7 * 60_000)))
    await call(auth.validateCode, { params: { code: 'TERYDEMO' } })
    // The header says whole seconds, written midway through the call.
    expect(Math.abs(serverNow() - (Date.now() - 7 * 60_000))).toBeLessThan(1_500)
  })

  it("leaves a device within the header's second on its own clock", async () => {
    useFetch(answeredAt(new Date()))
    await call(auth.validateCode, { params: { code: 'TERYDEMO' } })
    expect(Math.abs(serverNow() - Date.now())).toBeLessThan(5)
  })
})

describe('an answer its contract does not allow', () => {
  it('fails the call in development and tests, naming the endpoint and the field', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    useFetch(envelope(200, 'OK', { code: 'TERYDEMO', nombre: 'Demo' }))
    const message =
      'GET /api/auth/validate/:code answered data its contract does not allow: name: Invalid key: Expected "name" but received undefined'
    await expect(call(auth.validateCode, { params: { code: 'TERYDEMO' } })).rejects.toThrow(message)
    expect(logged).toHaveBeenCalledWith(message)
  })
})

describe('error catalogue: 401', () => {
  it('outside "/" ends the session with "La sesión ha terminado"', async () => {
    path = '/home'
    useFetch(envelope(401, 'No autorizado'))
    const error = await failure(call(anything))
    expect(error).toMatchObject({ status: 401, message: 'La sesión ha terminado', network: false })
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
  })

  it('on "/" is just the error with the server message, and the session is not ended', async () => {
    path = '/'
    useFetch(envelope(401, 'Correo o contraseña incorrectos'))
    const error = await failure(call(anything))
    expect(error).toMatchObject({ status: 401, message: 'Correo o contraseña incorrectos' })
    expect(onSessionExpired).not.toHaveBeenCalled()
  })

  it('on a call that expects it (anonymous policy) keeps the server message anywhere', async () => {
    path = '/home'
    useFetch(
      envelope(401, 'Correo o contraseña incorrectos'),
      envelope(401, 'La sesión ha terminado'),
      envelope(401, 'La sesión ha terminado'),
    )
    const error = await failure(call(auth.logIn, { body: { email: 'a@b.co', password: 'x' } }))
    expect(error).toMatchObject({ status: 401, message: 'Correo o contraseña incorrectos' })
    await expect(call(auth.getSession)).rejects.toMatchObject({ status: 401 })
    await expect(call(auth.logOut)).rejects.toMatchObject({ status: 401 })
    expect(onSessionExpired).not.toHaveBeenCalled()
  })
})

describe('error catalogue: other HTTP errors', () => {
  it('carry the response status, the server message and the response data', async () => {
    useFetch(envelope(400, 'El campo es requerido', { fields: { email: 'El campo es requerido' } }))
    const error = await failure(call(auth.signUp, signup))
    expect(error).toMatchObject({
      status: 400,
      message: 'El campo es requerido',
      data: { fields: { email: 'El campo es requerido' } },
      network: false,
    })
    expect(onSessionExpired).not.toHaveBeenCalled()
  })

  it('read "err" when the server sends no message', async () => {
    useFetch(new Response('Bad Gateway', { status: 502 }))
    const error = await failure(call(anything))
    expect(error).toMatchObject({ status: 502, message: 'err', data: 'Bad Gateway' })
  })

  it('read "err" when the server message is empty', async () => {
    useFetch(envelope(409, '', { reason: 'taken' }))
    const error = await failure(call(auth.signUp, signup))
    expect(error).toMatchObject({ status: 409, message: 'err', data: { reason: 'taken' } })
  })
})

describe('error catalogue: no response', () => {
  it('is a 400 "Ocurrio un error al procesar la petición" marked as a network failure', async () => {
    useFetch(new TypeError('Failed to fetch'))
    const error = await failure(call(anything))
    expect(error).toMatchObject({
      status: 400,
      message: 'Ocurrio un error al procesar la petición',
      network: true,
      data: null,
    })
    expect(onSessionExpired).not.toHaveBeenCalled()
  })
})

describe('error catalogue: mission summary calls', () => {
  it('a 401 sends the player away even on "/"', async () => {
    path = '/'
    useFetch(envelope(401, 'La sesión ha terminado'))
    const error = await failure(call(summary))
    expect(error.status).toBe(401)
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
  })

  it('other errors report the server message with its status', async () => {
    useFetch(envelope(500, 'Error interno'))
    const error = await failure(call(summary))
    expect(error).toMatchObject({ status: 500, message: 'Error interno', network: false })
  })

  it('no response is a 400 with the summary wording "Ocurrio en error al procesar la solicitud"', async () => {
    useFetch(new TypeError('Failed to fetch'))
    const error = await failure(call(summary))
    expect(error).toMatchObject({
      status: 400,
      message: 'Ocurrio en error al procesar la solicitud',
      network: true,
    })
  })
})

describe('loading flag', () => {
  it('is set while a call runs and cleared after it answers', async () => {
    let answer: (response: Response) => void = () => undefined
    useFetch(() => new Promise<Response>((resolve) => (answer = resolve)))
    const pending = call(anything)
    await vi.waitFor(() => expect(onLoadingChange).toHaveBeenCalledWith(true))
    expect(onLoadingChange).toHaveBeenCalledTimes(1)
    answer(envelope(200, 'OK', null))
    await pending
    expect(onLoadingChange.mock.calls).toEqual([[true], [false]])
  })

  it('is cleared after a failure too', async () => {
    useFetch(new TypeError('Failed to fetch'))
    await failure(call(anything))
    expect(onLoadingChange.mock.calls).toEqual([[true], [false]])
  })

  it('stays set until the last of several concurrent calls ends', async () => {
    const answers: ((response: Response) => void)[] = []
    const pending = () => new Promise<Response>((resolve) => answers.push(resolve))
    useFetch(pending, pending)
    const first = call(anything)
    const second = call(summary)
    await vi.waitFor(() => expect(answers).toHaveLength(2))
    answers[0]?.(envelope(200, 'OK', 1))
    await first
    expect(onLoadingChange.mock.calls).toEqual([[true]])
    answers[1]?.(envelope(200, 'OK', 2))
    await second
    expect(onLoadingChange.mock.calls).toEqual([[true], [false]])
  })
})

describe('setHttpHooks', () => {
  it('keeps the hooks and the fetch it was not asked to change', async () => {
    const fake = useFetch(envelope(401, 'La sesión ha terminado'))
    setHttpHooks({ currentPath: () => '/market' })
    await failure(call(anything))
    expect(fake.calls).toHaveLength(1)
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
  })
})
