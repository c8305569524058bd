import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
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
import { createFakeFetch, envelope } from './support/fake-fetch'

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
})
