import { screen, waitFor, within } from '@testing-library/react'
import { SimulatedClock } from 'xstate'
import { tickerMachine } from '../../machines/ticker/ticker.machine'
import { describe, expect, it } from 'vitest'
import { videoMissionMachine } from '../../machines/video-mission/video-mission.machine'
import {
  balances,
  lobbyFakes,
  mission,
  missionsPageFakes,
  playlist,
  playlistListFakes,
  playPageFakes,
  video,
  videoListFakes,
  voltaFakes,
} from './earning-fakes'
import { fakeActors } from './fake-actors'
import { currentUrl, noResponse, player, renderApp } from './render-app'

const session = { ...player, balances }

/** What the header shows for one currency, e.g. 'Gemas: 380'. */
async function headerShows(label: string) {
  const list = await screen.findByRole('list', { name: 'Tus recursos' })
  return within(list).getByText(`${label}:`, { exact: false }).parentElement?.textContent
}

describe('/missionsLobby', () => {
  it("shows the invite code, today's numbers, the ways in and the missions under way", async () => {
    renderApp('/missionsLobby', { session, actors: lobbyFakes() })

    expect(await screen.findByText('Te quedan 3 de 5 misiones hoy')).toBeTruthy()
    expect(screen.getByText('ANA2026')).toBeTruthy()
    expect(screen.getByText('3 videos por ver')).toBeTruthy()
    expect(screen.getByText('2 listas por completar')).toBeTruthy()
    expect(screen.getByText('Tienes 4 notificaciones nuevas')).toBeTruthy()
    expect(screen.getByText(/recibes el 20% de las gemas/)).toBeTruthy()
    for (const [name, href] of [
      ['Misiones en redes', '/missions'],
      ['Videos', '/videos'],
      ['Listas de videos', '/playlists'],
      ['Carga volta', '/voltaCharge'],
      ['Jugar', '/play'],
    ]) {
      expect(screen.getByRole('link', { name: new RegExp(`^${name}`) }).getAttribute('href')).toBe(
        href,
      )
    }
    const current = await screen.findByRole('region', { name: 'Tus misiones en curso' })
    expect(within(current).getByText(mission.title)).toBeTruthy()
    expect(within(current).getByRole('link', { name: 'Abrir' }).getAttribute('href')).toBe(
      '/missions?red=youtube',
    )
  })

  it("claims the referrals' share and the header shows the new gems at once", async () => {
    const { user } = renderApp('/missionsLobby', { session, actors: lobbyFakes() })
    const card = await screen.findByRole('region', { name: 'Ganancias de tus referidos' })
    expect(await within(card).findByText('Tienes 2 gemas por reclamar')).toBeTruthy()
    expect(await headerShows('Gemas')).toBe('Gemas: 380')

    await user.click(within(card).getByRole('button', { name: 'RECLAMAR GANANCIAS' }))

    expect(await within(card).findByText('¡Reclamaste 2 gemas de tus referidos!')).toBeTruthy()
    expect(await headerShows('Gemas')).toBe('Gemas: 382')
  })

  it('sends a visitor to the landing with the route name', async () => {
    const app = renderApp('/missionsLobby')
    await waitFor(() => expect(currentUrl(app.router)).toBe('/?path=missionsLobby'))
  })
})

describe('/missions', () => {
  it('highlights the mission a link pointed at (a coupon’s IR A LA MISIÓN), and no other', async () => {
    const other = { ...mission, id: 'otra-mision', title: 'Sigue el canal de Tery' }
    const fakes = missionsPageFakes({ missions: [other, mission] })
    renderApp(`/missions?red=youtube&mision=${mission.id}`, { session, actors: fakes.overrides })

    const pointed = (await screen.findByRole('article', { name: mission.title })).closest('li')
    expect(pointed?.getAttribute('aria-current')).toBe('true')
    const notPointed = screen.getByRole('article', { name: other.title }).closest('li')
    expect(notPointed?.hasAttribute('aria-current')).toBe(false)
  })

  it('takes, verifies and claims a mission; the header shows the gems and a toast says so', async () => {
    const fakes = missionsPageFakes()
    const { user } = renderApp('/missions', { session, actors: fakes.overrides })
    const tile = await screen.findByRole('article', { name: mission.title })

    // The tile's actions appear once its machine has the mission, a moment after its title.
    await user.click(await within(tile).findByRole('button', { name: 'TOMAR MISIÓN' }))
    expect(await screen.findByText('Misión tomada. Te quedan 4 misiones hoy.')).toBeTruthy()
    expect(fakes.tile.calls.addMission).toHaveBeenCalledWith({
      missionId: mission.id,
      deviceId: expect.stringMatching(/^[A-Za-z0-9-]{8,64}$/),
    })
    await user.click(await within(tile).findByRole('button', { name: 'VERIFICAR' }))
    await user.click(await within(tile).findByRole('button', { name: 'RECLAMAR' }))

    expect(
      await screen.findByText('Reclamaste «Suscríbete al canal de Tery»: +10 gemas'),
    ).toBeTruthy()
    expect(await headerShows('Gemas')).toBe('Gemas: 390')
  })

  it('sends the same device id with every mission, kept between visits', async () => {
    const first = missionsPageFakes()
    const { user, unmount } = renderApp('/missions', { session, actors: first.overrides })
    await user.click(
      await within(await screen.findByRole('article', { name: mission.title })).findByRole(
        'button',
        { name: 'TOMAR MISIÓN' },
      ),
    )
    await waitFor(() => expect(first.tile.calls.addMission).toHaveBeenCalled())
    unmount()
    const second = missionsPageFakes()
    const again = renderApp('/missions', { session, actors: second.overrides })
    await again.user.click(
      await within(await screen.findByRole('article', { name: mission.title })).findByRole(
        'button',
        { name: 'TOMAR MISIÓN' },
      ),
    )
    await waitFor(() => expect(second.tile.calls.addMission).toHaveBeenCalled())
    expect(second.tile.calls.addMission.mock.calls[0]?.[0].deviceId).toBe(
      first.tile.calls.addMission.mock.calls[0]?.[0].deviceId,
    )
  })

  it('shows the access-denied message instead of the missions when the device is refused', async () => {
    renderApp('/missions', { session, actors: missionsPageFakes({ allowed: false }).overrides })

    const denied = await screen.findByRole('alert')
    expect(
      within(denied).getByRole('heading', { name: 'No puedes hacer misiones desde aquí' }),
    ).toBeTruthy()
    expect(denied.textContent).toContain(
      'Este dispositivo ya se usa con demasiadas cuentas de Tery',
    )
    expect(screen.queryByRole('tablist')).toBeNull()
  })

  it("checks the account's format before sending it, and shows the server's words under the input", async () => {
    const fakes = missionsPageFakes({
      account: {
        loadAccount: async () => null,
        registerAccount: async () => {
          throw {
            status: 409,
            message: 'Esa cuenta ya está registrada por otro jugador',
            network: false,
            data: { fields: { account: 'Esa cuenta ya está registrada por otro jugador' } },
          }
        },
      },
    })
    const { user } = renderApp('/missions?red=tiktok', { session, actors: fakes.overrides })
    const card = await screen.findByRole('region', { name: 'Tu cuenta de TikTok' })
    await user.click(await within(card).findByRole('button', { name: 'AGREGAR CUENTA' }))
    const input = within(card).getByRole('textbox', { name: 'Usuario o enlace de TikTok' })

    await user.click(within(card).getByRole('button', { name: 'REGISTRAR CUENTA' }))
    expect(await within(card).findByText('El campo es requerido')).toBeTruthy()
    await user.type(input, 'https://tiktok.com/usuario')
    await user.click(within(card).getByRole('button', { name: 'REGISTRAR CUENTA' }))
    expect(
      await within(card).findByText(
        'Escribe tu usuario de TikTok (@tuusuario) o el enlace de tu perfil',
      ),
    ).toBeTruthy()
    expect(fakes.account.calls.registerAccount).not.toHaveBeenCalled()

    await user.clear(input)
    await user.type(input, '@tomada')
    await user.click(within(card).getByRole('button', { name: 'REGISTRAR CUENTA' }))
    expect(
      await within(card).findByText('Esa cuenta ya está registrada por otro jugador'),
    ).toBeTruthy()
    expect(fakes.account.calls.registerAccount).toHaveBeenCalledWith({
      type: 5,
      account: '@tomada',
    })
    expect(input.getAttribute('aria-invalid')).toBe('true')
  })

  it('opens the notifications from the lobby link and marks one as seen: none is left to mark', async () => {
    const { user } = renderApp('/missions#notificaciones', {
      session,
      actors: missionsPageFakes().overrides,
    })
    const toggle = await screen.findByRole('button', { name: 'Notificaciones (1 nuevas)' })
    expect(toggle.getAttribute('aria-expanded')).toBe('true')
    expect(await screen.findByText(/Tu cuenta de YouTube @jugadordemo fue verificada/)).toBeTruthy()
    expect(screen.getByText('23/11/2026 03:45 PM')).toBeTruthy()

    await user.click(screen.getByRole('button', { name: 'Marcar como vista' }))
    expect(await screen.findByRole('button', { name: 'Notificaciones' })).toBeTruthy()
    expect(
      (screen.getByRole('button', { name: 'MARCAR TODAS COMO VISTAS' }) as HTMLButtonElement)
        .disabled,
    ).toBe(true)
  })

  it('keeps each network on its own tab, in the address', async () => {
    const app = renderApp('/missions', { session, actors: missionsPageFakes().overrides })
    const tabs = await screen.findAllByRole('tab')
    expect(tabs.map((tab) => tab.textContent)).toEqual([
      'YouTube',
      'Instagram',
      'Facebook',
      'TikTok',
    ])
    await app.user.click(screen.getByRole('tab', { name: 'Instagram' }))
    await waitFor(() => expect(currentUrl(app.router)).toBe('/missions?red=instagram'))
    expect(await screen.findByRole('region', { name: 'Tu cuenta de Instagram' })).toBeTruthy()
  })
})

describe('/videos and /playlists', () => {
  it('lists the videos with their prize and a way to watch each on /play', async () => {
    const player = fakeActors(videoMissionMachine, {
      checkVideo: async () => ({ video, view: null }),
      playVideo: async () => ({
        missionVideoViewId: 'v',
        keyToClaim: 'k'.repeat(43),
        secondsLeft: 5,
      }),
      restartVideo: async () => ({
        missionVideoViewId: 'v',
        keyToClaim: 'k'.repeat(43),
        secondsLeft: 5,
      }),
      finishVideo: async () => {
        throw new Error('not finished here')
      },
    })
    renderApp('/videos', { session, actors: [videoListFakes().overrides, player.overrides] })
    const tile = await screen.findByRole('article', { name: video.title })
    expect(tile.textContent).toContain('+20 terycarbonos')
    expect(tile.textContent).toContain('Duración 00:05')
    expect(
      (await within(tile).findByRole('link', { name: 'VER VIDEO' })).getAttribute('href'),
    ).toBe('/play?video=video-1')
  })

  it("counts a disabled video down on the browser's clock, and checks it again at zero", async () => {
    let browserNow = Date.parse('2026-11-20T15:00:00.000Z')
    const clock = new SimulatedClock()
    const player = fakeActors(videoMissionMachine, {
      checkVideo: async () => ({
        video: {
          ...video,
          status: 'disabled' as const,
          secondsUntilEnabled: 62,
          enabledAt: '2026-11-20T15:01:02.000Z',
        },
        view: null,
      }),
      playVideo: async () => ({
        missionVideoViewId: 'v',
        keyToClaim: 'k'.repeat(43),
        secondsLeft: 5,
      }),
      restartVideo: async () => ({
        missionVideoViewId: 'v',
        keyToClaim: 'k'.repeat(43),
        secondsLeft: 5,
      }),
      finishVideo: async () => {
        throw new Error('not finished here')
      },
    })
    const browserClock = fakeActors(tickerMachine, { readClock: async () => browserNow })
    renderApp('/videos', {
      session,
      clock,
      actors: [videoListFakes().overrides, player.overrides, browserClock.overrides],
    })
    const tile = await screen.findByRole('article', { name: video.title })
    const timer = await within(tile).findByRole('timer')
    expect(timer.textContent).toBe('Deshabilitado por un tiempo · Disponible en 01:02')
    browserNow += 1000
    clock.increment(1000)
    await waitFor(() =>
      expect(within(tile).getByRole('timer').textContent).toBe(
        'Deshabilitado por un tiempo · Disponible en 01:01',
      ),
    )
    // The tab was hidden for 40 s: its timers were held back, its clock was not.
    browserNow += 40_000
    clock.increment(1000)
    await waitFor(() =>
      expect(within(tile).getByRole('timer').textContent).toBe(
        'Deshabilitado por un tiempo · Disponible en 00:21',
      ),
    )
    clock.increment(60_000)
    await waitFor(() => expect(player.calls.checkVideo).toHaveBeenCalledTimes(2))
  })

  it("shows the selected playlist's reward, volta per video and progress", async () => {
    const player = fakeActors(videoMissionMachine, {
      checkVideo: async () => ({ video: playlist.videos[0] ?? video, view: null }),
      playVideo: async () => ({
        missionVideoViewId: 'v',
        keyToClaim: 'k'.repeat(43),
        secondsLeft: 5,
      }),
      restartVideo: async () => ({
        missionVideoViewId: 'v',
        keyToClaim: 'k'.repeat(43),
        secondsLeft: 5,
      }),
      finishVideo: async () => {
        throw new Error('not finished here')
      },
    })
    renderApp('/playlists', { session, actors: [playlistListFakes().overrides, player.overrides] })
    const selected = await screen.findByRole('region', { name: playlist.title })
    expect(selected.textContent).toContain('Recompensa al completarla: 40 gemas')
    expect(selected.textContent).toContain('Carga volta por video: 5 de carga volta')
    expect(selected.textContent).toContain('0 de 1 video visto')
    expect(within(selected).getByRole('article', { name: 'Tu primera estación' })).toBeTruthy()
    expect(
      screen.getByRole('button', { name: /Aprende a minar/ }).getAttribute('aria-pressed'),
    ).toBe('true')
  })
})

describe('/voltaCharge', () => {
  it('claims the accumulated charge into the balance the header shows', async () => {
    const { user } = renderApp('/voltaCharge', { session, actors: [voltaFakes(10).overrides] })
    expect(
      await screen.findByText('«Tu primera estación», de la lista «Aprende a minar»'),
    ).toBeTruthy()
    expect(await headerShows('Carga volta')).toBe('Carga volta: 120')

    await user.click(screen.getByRole('button', { name: 'RECLAMAR CARGA VOLTA' }))

    expect(
      await screen.findByText('¡Reclamaste 10 de carga volta! Ya está en tu saldo.'),
    ).toBeTruthy()
    expect(await headerShows('Carga volta')).toBe('Carga volta: 130')
  })

  it('says why a claim failed, keeps the charge, and REINTENTAR reads it again to claim', async () => {
    let claims = 0
    const paid = voltaFakes(10)
    const fakes = voltaFakes(10, {
      claimReward: async (input) => {
        claims += 1
        if (claims === 1) throw noResponse
        return paid.calls.claimReward(input)
      },
    })
    const { user } = renderApp('/voltaCharge', { session, actors: [fakes.overrides] })
    await user.click(await screen.findByRole('button', { name: 'RECLAMAR CARGA VOLTA' }))

    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toContain(noResponse.message)
    expect(await headerShows('Carga volta')).toBe('Carga volta: 120')

    await user.click(within(alert).getByRole('button', { name: 'REINTENTAR' }))
    await user.click(await screen.findByRole('button', { name: 'RECLAMAR CARGA VOLTA' }))
    expect(
      await screen.findByText('¡Reclamaste 10 de carga volta! Ya está en tu saldo.'),
    ).toBeTruthy()
    expect(await headerShows('Carga volta')).toBe('Carga volta: 130')
    expect(fakes.calls.loadReward).toHaveBeenCalledTimes(2)
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('says how the charge builds up when there is none', async () => {
    renderApp('/voltaCharge', { session, actors: [voltaFakes(0).overrides] })
    expect(
      await screen.findByText(
        'No tienes carga volta por reclamar. Termina videos de una lista para acumularla.',
      ),
    ).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'RECLAMAR CARGA VOLTA' })).toBeNull()
  })
})

describe('/play', () => {
  it('shows the terycarbons, the advice and the games with their prizes', async () => {
    renderApp('/play', { session, actors: playPageFakes().overrides })
    const balance = await screen.findByRole('region', { name: 'Tus terycarbonos' })
    expect(balance.textContent).toContain('2.500')
    expect(screen.getByRole('note').textContent).toContain('mira cada video completo')
    const games = await screen.findByRole('region', { name: 'Videos' })
    expect(within(games).getByText(video.title)).toBeTruthy()
    expect(
      within(games)
        .getByRole('link', { name: `JUGAR: ${video.title}` })
        .getAttribute('href'),
    ).toBe('/play?video=video-1')
    expect(screen.getByRole('region', { name: 'Listas: Aprende a minar' }).textContent).toContain(
      '+40 gemas',
    )
    expect(screen.getByText('Elige un video de la lista para jugar.')).toBeTruthy()
  })

  it('plays the chosen video for its whole time, then pays: the header and the list follow', async () => {
    const clock = new SimulatedClock()
    const fakes = playPageFakes()
    const { user } = renderApp('/play?video=video-1', { session, clock, actors: fakes.overrides })
    const player = await screen.findByRole('region', { name: `Reproductor: ${video.title}` })
    await user.click(within(player).getByRole('button', { name: 'REPRODUCIR' }))
    expect(fakes.player.calls.playVideo).toHaveBeenCalledWith({
      missionId: 'video-1',
      deviceId: expect.stringMatching(/^[A-Za-z0-9-]{8,64}$/),
    })
    expect((await within(player).findByRole('timer')).textContent).toBe('Tiempo por ver: 00:05')
    expect(within(player).queryByRole('button', { name: 'RECLAMAR' })).toBeNull()
    for (let second = 0; second < 5; second += 1) clock.increment(1000)
    await user.click(await within(player).findByRole('button', { name: 'RECLAMAR' }))

    expect(fakes.player.calls.finishVideo).toHaveBeenCalledWith({
      viewId: 'vista-1',
      keyToClaim: 'k'.repeat(43),
    })
    expect(await within(player).findByText('Completaste este video.')).toBeTruthy()
    expect(await headerShows('Terycarbonos')).toBe('Terycarbonos: 2.520')
    expect(
      await screen.findByText('Terminaste «La mina en cinco segundos»: +20 terycarbonos'),
    ).toBeTruthy()
  })
})
