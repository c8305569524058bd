import { fireEvent, screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { missionInput, videoMissionEntry } from '../../machines/video-mission/video-mission.samples'
import { playPageFakes } from './earning-fakes'
import { player as session, renderApp } from './render-app'
import { describeViewPaths } from './support/view-paths'

type App = ReturnType<typeof renderApp>

/** The player: its card, named for the video once the check answered. */
const player = () => screen.getByRole('region', { name: /^(Reproductor: .*|Jugar)$/ })
const inPlayer = (name: string) => within(player()).queryByRole('button', { name })
const text = () => player().textContent ?? ''
const clip = (app: App) => app.container.querySelector('video') as HTMLVideoElement

describeViewPaths(videoMissionEntry, {
  view: 'the player on /play',
  // The golden record's mission, on the golden record's device: its calls carry both.
  render: (runtime) => {
    localStorage.setItem('tery:device-id', missionInput.deviceId)
    return renderApp(`/play?video=${missionInput.missionId}`, {
      session,
      ...runtime,
      actors: [...playPageFakes().overrides, ...runtime.actors],
    })
  },
  ready: () => screen.findByRole('heading', { name: 'Juegos y premios' }),
  actions: {
    'video.play': async ({ user }) => {
      await user.click(within(player()).getByRole('button', { name: 'REPRODUCIR' }))
    },
    // The player pauses and plays the clip with its controls.
    'video.pause': async ({ app }) => {
      fireEvent.pause(clip(app))
    },
    'video.resume': async ({ app }) => {
      fireEvent.play(clip(app))
    },
    'video.restart': async ({ user }) => {
      await user.click(within(player()).getByRole('button', { name: 'REINICIAR' }))
    },
    'video.finish': async ({ user }) => {
      await user.click(within(player()).getByRole('button', { name: 'RECLAMAR' }))
    },
    'video.retry': async ({ user }) => {
      await user.click(within(player()).getByRole('button', { name: 'VOLVER A VERIFICAR' }))
    },
  },
  see: {
    checking: () => {
      expect(inPlayer('REPRODUCIR')).toBeNull()
      expect(inPlayer('RECLAMAR')).toBeNull()
    },
    checkFailed: () => {
      expect(within(player()).getByRole('alert').textContent).toBe(
        'Ocurrio un error al procesar la petición',
      )
      expect(inPlayer('VOLVER A VERIFICAR')).toBeTruthy()
    },
    temporarilyDisabled: () => {
      expect(within(player()).getByRole('timer').textContent).toMatch(
        /^Este video vuelve a estar disponible en 00:0[0-2]$/,
      )
      expect(inPlayer('REPRODUCIR')).toBeNull()
    },
    ready: () => {
      expect(inPlayer('REPRODUCIR')).toBeTruthy()
      expect(player().querySelector('video')).toBeNull()
    },
    starting: () =>
      expect(within(player()).getByRole('status', { name: 'Abriendo el video…' })).toBeTruthy(),
    startFailed: () => {
      expect(within(player()).getByRole('alert')).toBeTruthy()
      expect(inPlayer('VOLVER A VERIFICAR')).toBeTruthy()
    },
    accessDenied: () => {
      expect(within(player()).getByRole('alert').textContent).toContain(
        'Este dispositivo ya se usa con demasiadas cuentas de Tery',
      )
      expect(within(player()).queryAllByRole('button')).toEqual([])
    },
    'playing.watching': () => {
      expect(within(player()).getByRole('timer').textContent).toMatch(/^Tiempo por ver: 00:0\d$/)
      expect(player().querySelector('video')).not.toBeNull()
      expect(inPlayer('REINICIAR')).toBeTruthy()
      expect(inPlayer('RECLAMAR')).toBeNull()
    },
    'playing.paused': () => {
      expect(within(player()).getByRole('timer').textContent).toContain(
        'En pausa: el tiempo no corre',
      )
    },
    restarting: () =>
      expect(within(player()).getByRole('status', { name: 'Reiniciando…' })).toBeTruthy(),
    claimable: () => {
      expect(text()).toContain('¡Listo! Reclama tu recompensa.')
      expect(inPlayer('RECLAMAR')).toBeTruthy()
    },
    finishing: () => expect((inPlayer('Reclamando…') as HTMLButtonElement).disabled).toBe(true),
    finishFailed: () => {
      expect(within(player()).getByRole('alert').textContent).toBe(
        'Este video está deshabilitado por un tiempo. Vuelve más tarde.',
      )
      expect(inPlayer('RECLAMAR')).toBeTruthy()
      expect(inPlayer('VOLVER A VERIFICAR')).toBeTruthy()
    },
    finished: () => {
      expect(text()).toContain('Completaste este video.')
      expect(inPlayer('RECLAMAR')).toBeNull()
    },
  },
})
