import { afterEach, describe, expect, it } from 'vitest'
import { configureHttp, resetHttp } from '../../src/api/http'
import { setHttpHooks } from '../../src/api/http-hooks'
import { enterDraw, listDraws } from '../../src/api/lottery'
import {
  acknowledgeMusicStrike,
  checkMusicAccess,
  claimMusicReward,
  musicLogin,
  saveMusicEmail,
  syncMusic,
} from '../../src/api/music'
import { finishLesson, getLesson, getTraining } from '../../src/api/training'
import { createFakeFetch, envelope } from './support/fake-fetch'

afterEach(() => resetHttp())

function useFetch(count: number) {
  const fake = createFakeFetch(...Array.from({ length: count }, () => envelope(200, 'OK', {})))
  configureHttp({ fetch: fake.fetch, baseURL: '' })
  setHttpHooks({ currentPath: () => '/lottery' })
  return fake
}

describe('lottery, training and music API modules', () => {
  it('call the spec paths with the spec methods', async () => {
    const fake = useFetch(12)
    await listDraws({ status: 'drawn', page: '2' })
    await enterDraw('d-1')
    await getTraining('earn')
    await getLesson('guia-bienvenida')
    await finishLesson({ resourceId: 'guia-bienvenida', answers: [1, 0] })
    await checkMusicAccess('abc123abc123abc123')
    await saveMusicEmail('ana@musica.example')
    await musicLogin()
    await musicLogin({ code: 'local-1', state: 'xyz' })
    await syncMusic()
    await claimMusicReward(28)
    await acknowledgeMusicStrike()
    expect(fake.calls.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
      { method: 'GET', url: '/api/lottery/list?status=drawn&page=2', body: undefined },
      { method: 'PATCH', url: '/api/user/draw', body: { drawId: 'd-1' } },
      { method: 'GET', url: '/api/user/training?track=earn', body: undefined },
      {
        method: 'GET',
        url: '/api/user/training/playing?resourceId=guia-bienvenida',
        body: undefined,
      },
      {
        method: 'POST',
        url: '/api/user/training',
        body: { resourceId: 'guia-bienvenida', answers: [1, 0] },
      },
      {
        method: 'GET',
        url: '/api/spotify/checkAccess?deviceId=abc123abc123abc123',
        body: undefined,
      },
      {
        method: 'POST',
        url: '/api/spotify/linkSpotifyEmail',
        body: { email: 'ana@musica.example' },
      },
      { method: 'GET', url: '/api/spotify/login', body: undefined },
      { method: 'GET', url: '/api/spotify/login?code=local-1&state=xyz', body: undefined },
      { method: 'POST', url: '/api/spotify/sync', body: {} },
      { method: 'POST', url: '/api/spotify/claimReward', body: { amount: 28 } },
      { method: 'POST', url: '/api/spotify/showStrikeNotification', body: {} },
    ])
  })
})
