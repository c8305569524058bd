import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getSession, logIn, logOut, signUp, validateCode } from '../../src/api/auth'
import { getChat } from '../../src/api/chat'
import { getConfig } from '../../src/api/config'
import { configureHttp, resetHttp } from '../../src/api/http'
import { agreeTerms } from '../../src/api/user'
import { createFakeFetch, envelope } from './support/fake-fetch'

const session = {
  id: 'u1',
  name: 'Demo',
  email: 'demo@tery.example',
  code: 'TERYDEMO',
  termsAgree: true,
  rankIndex: 0,
}

let path = '/home'
const onSessionExpired = vi.fn()

beforeEach(() => {
  path = '/home'
  onSessionExpired.mockReset()
})

afterEach(() => resetHttp())

function useFetch(...answers: Parameters<typeof createFakeFetch>) {
  const fake = createFakeFetch(...answers)
  configureHttp({ fetch: fake.fetch, baseURL: '', onSessionExpired, currentPath: () => path })
  return fake
}

function silenceInfo() {
  return vi.spyOn(console, 'info').mockImplementation(() => undefined)
}

describe('auth', () => {
  it('validateCode asks for the uppercase code', async () => {
    const fake = useFetch(envelope(200, 'OK', { code: 'TERYDEMO', name: 'Demo' }))
    await expect(validateCode(' terydemo ')).resolves.toEqual({ code: 'TERYDEMO', name: 'Demo' })
    expect(fake.calls[0]?.url).toBe('/api/auth/validate/TERYDEMO')
  })

  it('validateCode rejects an unknown code with the server message', async () => {
    useFetch(envelope(400, 'El código de referido no existe'))
    await expect(validateCode('NOPE1')).rejects.toMatchObject({
      status: 400,
      message: 'El código de referido no existe',
    })
  })

  it('signUp posts the form and resolves with the new account', async () => {
    const body = {
      parentCode: 'TERYDEMO',
      name: 'Ana Gómez',
      email: 'ana@example.co',
      phone: '3001234567',
      password: 'secreta-123',
    }
    const fake = useFetch(envelope(201, 'Creado', { email: 'ana@example.co', code: 'ANA12345' }))
    await expect(signUp(body)).resolves.toEqual({ email: 'ana@example.co', code: 'ANA12345' })
    expect(fake.calls[0]).toMatchObject({ url: '/api/auth/signup', method: 'POST', body })
  })

  it('getSession passes the route as ?path and resolves with the session', async () => {
    const fake = useFetch(envelope(200, 'OK', session))
    await expect(getSession('home')).resolves.toEqual(session)
    expect(fake.calls[0]?.url).toBe('/api/auth/session?path=home')
  })

  it('getSession without a session logs the server message, rejects with 401 and does not end a session that never was', async () => {
    const info = silenceInfo()
    useFetch(envelope(401, 'La sesión ha terminado'))
    await expect(getSession()).rejects.toMatchObject({ status: 401 })
    expect(info).toHaveBeenCalledWith('La sesión ha terminado')
    expect(onSessionExpired).not.toHaveBeenCalled()
  })

  it('logIn with wrong credentials rejects with the server message, outside "/" too', async () => {
    useFetch(envelope(401, 'Correo o contraseña incorrectos'))
    await expect(logIn({ email: 'a@b.co', password: 'x' })).rejects.toMatchObject({
      status: 401,
      message: 'Correo o contraseña incorrectos',
    })
    expect(onSessionExpired).not.toHaveBeenCalled()
  })

  it('logOut posts an empty JSON body and resolves on OK', async () => {
    const fake = useFetch(envelope(200, 'OK', null))
    await expect(logOut()).resolves.toBeUndefined()
    expect(fake.calls[0]).toMatchObject({ url: '/api/auth/logout', method: 'POST', body: {} })
    expect(fake.calls[0]?.headers.get('content-type')).toBe('application/json')
  })

  it('logOut failure rejects with the server status and message for the session machine to show', async () => {
    useFetch(envelope(500, 'No pudimos cerrar la sesión'))
    await expect(logOut()).rejects.toMatchObject({
      status: 500,
      message: 'No pudimos cerrar la sesión',
    })
  })

  it('logOut with a 401 rejects with 401 and leaves the reload to the session machine', async () => {
    useFetch(envelope(401, 'La sesión ha terminado'))
    await expect(logOut()).rejects.toMatchObject({ status: 401 })
    expect(onSessionExpired).not.toHaveBeenCalled()
  })
})

describe('user', () => {
  it('agreeTerms patches termsAgree true and resolves with the session', async () => {
    const fake = useFetch(envelope(200, 'OK', session))
    await expect(agreeTerms()).resolves.toEqual(session)
    expect(fake.calls[0]).toMatchObject({
      url: '/api/user/termsAgree',
      method: 'PATCH',
      body: { termsAgree: true },
    })
  })
})

describe('config and chat', () => {
  it('getConfig and getChat call their paths and unwrap data', async () => {
    const fake = useFetch(
      envelope(200, 'OK', { links: {}, rules: {} }),
      envelope(200, 'OK', { link: 'https://chat.example' }),
    )
    await expect(getConfig()).resolves.toEqual({ links: {}, rules: {} })
    await expect(getChat()).resolves.toEqual({ link: 'https://chat.example' })
    expect(fake.calls.map((call) => call.url)).toEqual(['/api/config', '/api/chat'])
  })
})
