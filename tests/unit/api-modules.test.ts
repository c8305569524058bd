import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
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
