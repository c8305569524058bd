import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getSession, logIn, logOut, signUp, validateCode } from '../../src/api/auth'
import { getChat } from '../../src/api/chat'
import { getConfig } from '../../src/api/config'
import { configureHttp, resetHttp } from '../../src/api/http'
import { setHttpHooks } from '../../src/api/http-hooks'
import {
  countNewNotifications,
  finishVideo,
  getAvailableMissions,
  getDailyMissions,
  getVideoAmount,
  playVideo,
} from '../../src/api/mission'
import { agreeTerms, viewNotification } from '../../src/api/user'
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
  configureHttp({ fetch: fake.fetch, baseURL: '' })
  setHttpHooks({ onSessionExpired, currentPath: () => path })
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

describe('mission', () => {
  it('the mission summary calls send a 401 to "/" even on the landing page', async () => {
    path = '/'
    useFetch(envelope(401, 'La sesión ha terminado'))
    await expect(getDailyMissions()).rejects.toMatchObject({
      status: 401,
      message: 'La sesión ha terminado',
    })
    expect(onSessionExpired).toHaveBeenCalledTimes(1)
  })

  it('a mission summary call without an answer is 400 with the spec’s own wording', async () => {
    useFetch(new TypeError('Failed to fetch'))
    await expect(countNewNotifications()).rejects.toMatchObject({
      status: 400,
      message: 'Ocurrio en error al procesar la solicitud',
      network: true,
    })
  })

  it('a mission summary call reports other errors with their status and message', async () => {
    useFetch(envelope(503, 'El servidor está ocupado. Intenta de nuevo en unos segundos.'))
    await expect(getDailyMissions()).rejects.toMatchObject({
      status: 503,
      message: 'El servidor está ocupado. Intenta de nuevo en unos segundos.',
    })
  })

  it('the video amount shows both amounts as 0 when its call fails, after logging it', async () => {
    const info = silenceInfo()
    useFetch(envelope(500, 'Ocurrió un error inesperado. Intenta de nuevo.'))
    await expect(getVideoAmount()).resolves.toEqual({ videos: 0, playList: 0 })
    expect(info).toHaveBeenCalledWith('Ocurrió un error inesperado. Intenta de nuevo.')
  })

  it('reads a page of missions as the list loader shows it, with the spec’s pagination', async () => {
    const fake = useFetch(
      envelope(200, 'OK', { docs: [{ id: 'm1' }], totalDocs: 7, totalPages: 2, limt: 6, page: 2 }),
    )
    await expect(getAvailableMissions(3, 2)).resolves.toEqual({
      data: [{ id: 'm1' }],
      pagination: { totalDocs: 7, totalPages: 2, limt: 6, page: 2 },
    })
    expect(fake.calls[0]?.url).toBe('/api/mission/available?type=3&page=2')
  })

  it('play sends the device id, finish the key to claim', async () => {
    const fake = useFetch(
      envelope(201, 'Reproducción iniciada', {
        missionVideoViewId: 'v1',
        keyToClaim: 'k',
        secondsLeft: 5,
      }),
      envelope(200, 'Video terminado', {}),
    )
    await playVideo('video 1', 'dispositivo-1')
    await finishVideo('v1', 'k')
    expect(fake.calls.map(({ url, method, body }) => ({ url, method, body }))).toEqual([
      {
        url: '/api/mission/video/video%201/play',
        method: 'POST',
        body: { deviceId: 'dispositivo-1' },
      },
      { url: '/api/mission/video/v1/finish', method: 'POST', body: { keyToClaim: 'k' } },
    ])
  })

  it('marks one notification as seen through /api/user/view/notification', async () => {
    const fake = useFetch(envelope(200, 'Notificaciones marcadas como vistas', { count: 2 }))
    await expect(viewNotification('7')).resolves.toEqual({ count: 2 })
    expect(fake.calls[0]).toMatchObject({
      url: '/api/user/view/notification',
      method: 'POST',
      body: { notificationId: '7' },
    })
  })
})
