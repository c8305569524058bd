import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { musicCallbackMachine } from '../../machines/music-callback/music-callback.machine'
import { musicLinkMachine } from '../../machines/music-link/music-link.machine'
import { sampleMusic } from '../../machines/music-link/music-link.samples'
import type { MusicPlay, MusicStatus } from '../../contract/music'
import { recentPlaysMachine } from '../../src/pages/music/music.actors'
import { fakeActors, type FakeFunctions } from './fake-actors'
import { player, renderApp } from './render-app'

const plays: MusicPlay[] = [
  {
    id: 2,
    trackName: 'Cumbia del minero',
    artistName: 'Los Terycarbones',
    playedAt: '2026-11-23T22:40:00.000Z',
    state: 'claimable',
    reason: null,
    amount: 2,
  },
  {
    id: 1,
    trackName: 'Intro: Estación',
    artistName: 'DJ Estación Nueve',
    playedAt: '2026-11-23T22:36:00.000Z',
    state: 'rejected',
    reason: 'short',
    amount: 0,
  },
]

function section(
  status: MusicStatus,
  overrides: Partial<FakeFunctions<typeof musicLinkMachine>> = {},
) {
  return fakeActors(
    musicLinkMachine,
    {
      checkAccess: async () => ({ allowed: true, reason: null, status }),
      saveEmail: async () => sampleMusic.emailSaved,
      startLink: async () => ({ url: '/music/callback?code=local-1&state=abc' }),
      syncPlays: async () => ({ imported: 2, status: sampleMusic.linked }),
      auditPlays: async () => ({
        accepted: 1,
        rejected: 1,
        strike: false,
        status: sampleMusic.linked,
      }),
      accumulateReward: async () => sampleMusic.withReward,
      claimReward: async () => ({
        reward: { currency: 'terycarbons' as const, amount: 28 },
        status: sampleMusic.linked,
        balances: { ...player.balances, terycarbons: 2528 },
      }),
      acknowledgeStrike: async () => sampleMusic.linked,
    },
    overrides,
  )
}

const recent = () => fakeActors(recentPlaysMachine, { load: async () => ({ data: plays }) })

describe('/music', () => {
  it('tells the demo it is simulated, and saves the email before linking', async () => {
    const fakes = section(sampleMusic.unlinked)
    const { user } = renderApp('/music', {
      session: player,
      actors: [fakes.overrides, recent().overrides],
    })

    expect(await screen.findByRole('note')).toBeTruthy()
    const field = await screen.findByLabelText('Correo de tu cuenta de música')
    await user.type(field, 'no-es-correo')
    await user.click(screen.getByRole('button', { name: 'GUARDAR CORREO' }))
    expect(await screen.findByText('El formato del correo electrónico no es válido')).toBeTruthy()
    expect(fakes.calls.saveEmail).not.toHaveBeenCalled()
    await user.clear(field)
    await user.type(field, 'ana@musica.example')
    await user.click(screen.getByRole('button', { name: 'GUARDAR CORREO' }))
    expect(await screen.findByText('Vas a vincular la cuenta ana@musica.example.')).toBeTruthy()
    expect(fakes.calls.saveEmail).toHaveBeenCalledWith({ email: 'ana@musica.example' })
    expect(screen.getByRole('button', { name: 'VINCULAR CUENTA' })).toBeTruthy()
  })

  it('shows the VPN warning to a refused device, with a retry', async () => {
    const fakes = section(sampleMusic.linked, {
      checkAccess: async () => ({ allowed: false, reason: 'proxy', status: sampleMusic.linked }),
    })
    const { user } = renderApp('/music', {
      session: player,
      actors: [fakes.overrides, recent().overrides],
    })
    const warning = await screen.findByRole('alert')
    expect(within(warning).getByRole('heading', { name: 'Desactiva tu VPN' })).toBeTruthy()
    expect(within(warning).getByText(/a través de una VPN o un proxy/)).toBeTruthy()
    await user.click(within(warning).getByRole('button', { name: 'REINTENTAR' }))
    await waitFor(() => expect(fakes.calls.checkAccess).toHaveBeenCalledTimes(2))
  })

  it('syncs, shows the accumulated reward and the plays, and claims it', async () => {
    const plays = recent()
    const { user } = renderApp('/music', {
      session: player,
      actors: [section(sampleMusic.linked).overrides, plays.overrides],
    })
    expect(await screen.findByText('Intro: Estación')).toBeTruthy()
    expect(screen.getByText('Rechazada · canción muy corta')).toBeTruthy()
    await user.click(await screen.findByRole('button', { name: 'SINCRONIZAR' }))
    expect(await screen.findByText('28 terycarbonos por 14 reproducciones')).toBeTruthy()
    expect(screen.getByText('2 reproducciones nuevas: 1 aceptada, 1 rechazada.')).toBeTruthy()
    await waitFor(() => expect(plays.calls.load).toHaveBeenCalledTimes(2))
    await user.click(screen.getByRole('button', { name: 'RECLAMAR' }))
    expect(await screen.findByText('¡Reclamaste 28 terycarbonos!')).toBeTruthy()
    const balances = screen.getByRole('list', { name: 'Tus recursos' })
    await waitFor(() => expect(within(balances).getByText('2.528')).toBeTruthy())
  })

  it('shows an unread strike until the player reads it', async () => {
    const fakes = section(sampleMusic.withStrike)
    const { user } = renderApp('/music', {
      session: player,
      actors: [fakes.overrides, recent().overrides],
    })
    const dialog = await screen.findByRole('dialog', {
      name: 'Sanción por reproducciones irregulares',
    })
    expect(within(dialog).getByText(/Llevas 1 de 3 sanciones/)).toBeTruthy()
    await user.click(within(dialog).getByRole('button', { name: 'ENTENDIDO' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(fakes.calls.acknowledgeStrike).toHaveBeenCalledTimes(1)
  })
})

describe('/music/callback', () => {
  it('finishes linking with the query it received and goes back to /music', async () => {
    const callback = fakeActors(musicCallbackMachine, {
      completeLink: async () => ({ url: '/music' }),
    })
    const app = renderApp('/music/callback?code=local-1&state=abc', {
      session: player,
      actors: [callback.overrides, section(sampleMusic.linked).overrides, recent().overrides],
    })
    await waitFor(() => expect(app.router.state.location.pathname).toBe('/music'))
    expect(await screen.findByText('¡Tu cuenta de música quedó vinculada!')).toBeTruthy()
  })

  it('says why linking was refused, with the way back to /music', async () => {
    const callback = fakeActors(musicCallbackMachine, {
      completeLink: async () => {
        throw {
          status: 400,
          message: 'No autorizaste la vinculación de tu cuenta de música',
          network: false,
        }
      },
    })
    renderApp('/music/callback?error=access_denied&state=abc', {
      session: player,
      actors: [callback.overrides],
    })
    expect(
      await screen.findByText('No autorizaste la vinculación de tu cuenta de música'),
    ).toBeTruthy()
    expect(screen.getByRole('link', { name: 'VOLVER A MÚSICA' }).getAttribute('href')).toBe(
      '/music',
    )
    expect(screen.queryByRole('button', { name: 'REINTENTAR' })).toBeNull()
  })
})
