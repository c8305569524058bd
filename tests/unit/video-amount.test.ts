import { afterEach, describe, expect, it, vi } from 'vitest'
import { configureHttp, resetHttp } from '../../src/api/http'
import { setHttpHooks } from '../../src/api/http-hooks'
import { getVideoAmount } from '../../src/pages/missions-lobby/missions-lobby.actors'
import { createFakeFetch, envelope } from './support/fake-fetch'

afterEach(() => resetHttp())

describe('the lobby’s video amount', () => {
  it('is what GET /api/mission/video/amount answers', async () => {
    const fake = createFakeFetch(envelope(200, 'OK', { videos: 4, playList: 2 }))
    configureHttp({ fetch: fake.fetch, baseURL: '' })
    await expect(getVideoAmount()).resolves.toEqual({ videos: 4, playList: 2 })
    expect(fake.calls[0]?.url).toBe('/api/mission/video/amount')
  })

  it('shows both amounts as 0 when its call fails, after logging the server message', async () => {
    const info = vi.spyOn(console, 'info').mockImplementation(() => undefined)
    const fake = createFakeFetch(envelope(500, 'Ocurrió un error inesperado. Intenta de nuevo.'))
    configureHttp({ fetch: fake.fetch, baseURL: '' })
    setHttpHooks({ currentPath: () => '/missionsLobby' })
    await expect(getVideoAmount()).resolves.toEqual({ videos: 0, playList: 0 })
    expect(info).toHaveBeenCalledWith('Ocurrió un error inesperado. Intenta de nuevo.')
  })
})
