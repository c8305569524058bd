import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  getSession,
  getSessionOrNull,
  logIn,
  logOut,
  signUp,
  validateCode,
} from '../../src/api/auth'
import { getChat } from '../../src/api/chat'
import { getConfig } from '../../src/api/config'
import { ApiError, configureHttp, resetHttp } from '../../src/api/http'
import { getMaxMissionsPerDay, getVideoAmount } from '../../src/api/mission'
import { getRank } from '../../src/api/rank'
import {
  agreeTerms,
  getFounders,
  getProfile,
  getProfileOrNull,
  getTeamGenerations,
  getTrainingResource,
  setShareEmail,
} from '../../src/api/user'
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

  it('getSessionOrNull logs the server message and gives null when the check fails', async () => {
    const info = silenceInfo()
    useFetch(envelope(401, 'La sesión ha terminado'))
    await expect(getSessionOrNull('home')).resolves.toBeNull()
    expect(info).toHaveBeenCalledExactlyOnceWith('La sesión ha terminado')
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

  it('setShareEmail patches the flag', async () => {
    const fake = useFetch(envelope(200, 'OK', { shareEmail: true }))
    await setShareEmail(true)
    expect(fake.calls[0]).toMatchObject({
      url: '/api/user/share/email',
      method: 'PATCH',
      body: { shareEmail: true },
    })
  })

  it('getProfile with an expired session ends it', async () => {
    useFetch(envelope(401, 'La sesión ha terminado'))
    await expect(getProfile()).rejects.toBeInstanceOf(ApiError)
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
  })

  it('getProfileOrNull logs the server message and gives null on failure', async () => {
    const info = silenceInfo()
    useFetch(envelope(500, 'Error interno'))
    await expect(getProfileOrNull()).resolves.toBeNull()
    expect(info).toHaveBeenCalledWith('Error interno')
  })

  it('getTeamGenerations gives the eight levels', async () => {
    useFetch(envelope(200, 'OK', [3, 9, 27, 0, 0, 0, 0, 0]))
    await expect(getTeamGenerations()).resolves.toEqual([3, 9, 27, 0, 0, 0, 0, 0])
  })

  it('getTeamGenerations logs the server message and gives eight zeros on failure', async () => {
    const info = silenceInfo()
    useFetch(envelope(404, 'Recurso no encontrado'))
    await expect(getTeamGenerations()).resolves.toEqual([0, 0, 0, 0, 0, 0, 0, 0])
    expect(info).toHaveBeenCalledWith('Recurso no encontrado')
  })

  it('getTeamGenerations pads a short answer to eight levels', async () => {
    useFetch(envelope(200, 'OK', [2]))
    await expect(getTeamGenerations()).resolves.toEqual([2, 0, 0, 0, 0, 0, 0, 0])
  })

  it('getFounders logs the server message and gives an empty list on failure', async () => {
    const info = silenceInfo()
    useFetch(new TypeError('Failed to fetch'))
    await expect(getFounders()).resolves.toEqual([])
    expect(info).toHaveBeenCalledWith('Ocurrio un error al procesar la petición')
  })

  it('getTrainingResource asks by resourceId and gives null on failure', async () => {
    const info = silenceInfo()
    const fake = useFetch(envelope(404, 'Recurso no encontrado'))
    await expect(getTrainingResource('r-7')).resolves.toBeNull()
    expect(fake.calls[0]?.url).toBe('/api/user/training/playing?resourceId=r-7')
    expect(info).toHaveBeenCalledWith('Recurso no encontrado')
  })
})

describe('config, chat, rank', () => {
  it('getConfig, getChat and getRank call their paths and unwrap data', async () => {
    const fake = useFetch(
      envelope(200, 'OK', { links: {}, rules: {} }),
      envelope(200, 'OK', { link: 'https://chat.example' }),
      envelope(200, 'OK', { index: 3, name: 'Plata I' }),
    )
    await expect(getConfig()).resolves.toEqual({ links: {}, rules: {} })
    await expect(getChat()).resolves.toEqual({ link: 'https://chat.example' })
    await expect(getRank(3)).resolves.toMatchObject({ index: 3, name: 'Plata I' })
    expect(fake.calls.map((call) => call.url)).toEqual(['/api/config', '/api/chat', '/api/rank/3'])
  })

  it('getRank with a bad id rejects with "Número no válido"', async () => {
    useFetch(envelope(400, 'Número no válido'))
    await expect(getRank(12)).rejects.toMatchObject({ status: 400, message: 'Número no válido' })
  })
})

describe('mission summary', () => {
  it('getVideoAmount reads videos and playList', async () => {
    useFetch(envelope(200, 'OK', { videos: 4, playList: 2 }))
    await expect(getVideoAmount()).resolves.toEqual({ videos: 4, playList: 2 })
  })

  it('getVideoAmount sets both amounts to 0 when the call fails', async () => {
    silenceInfo()
    useFetch(new TypeError('Failed to fetch'))
    await expect(getVideoAmount()).resolves.toEqual({ videos: 0, playList: 0 })
  })

  it('getVideoAmount with a 401 still ends the session', async () => {
    silenceInfo()
    path = '/'
    useFetch(envelope(401, 'La sesión ha terminado'))
    await expect(getVideoAmount()).resolves.toEqual({ videos: 0, playList: 0 })
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
  })

  it('getMaxMissionsPerDay without a response uses the summary wording', async () => {
    useFetch(new TypeError('Failed to fetch'))
    await expect(getMaxMissionsPerDay()).rejects.toMatchObject({
      status: 400,
      message: 'Ocurrio en error al procesar la solicitud',
    })
  })
})
