import { screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { missionTileEntry } from '../../machines/mission-tile/mission-tile.samples'
import { socialAccountEntry } from '../../machines/social-account/social-account.samples'
import { mission, missionsPageFakes } from './earning-fakes'
import { player, renderApp } from './render-app'
import { byApp, describeViewPaths } from './support/view-paths'

const tile = () => screen.getByRole('article', { name: mission.title })
const inTile = (name: string) => within(tile()).queryByRole('button', { name })
const tileText = () => tile().textContent ?? ''

describeViewPaths(missionTileEntry, {
  view: 'a mission tile on /missions',
  render: (runtime) =>
    renderApp('/missions?red=youtube', {
      session: player,
      ...runtime,
      actors: [...missionsPageFakes().overrides, ...runtime.actors],
    }),
  ready: () => screen.findByRole('article', { name: mission.title }),
  // The tile starts from the mission the list shows: not taken yet.
  start: [{ type: 'mission.sync', mission }],
  actions: {
    'mission.sync': byApp,
    'mission.add': async ({ user }) => {
      await user.click(within(tile()).getByRole('button', { name: 'TOMAR MISIÓN' }))
    },
    'mission.check': async ({ user }) => {
      await user.click(within(tile()).getByRole('button', { name: 'VERIFICAR' }))
    },
    'mission.claim': async ({ user }) => {
      await user.click(within(tile()).getByRole('button', { name: 'RECLAMAR' }))
    },
    'mission.retry': async ({ user }) => {
      await user.click(within(tile()).getByRole('button', { name: 'REINTENTAR' }))
    },
  },
  see: {
    waiting: () => expect(tile()).toBeTruthy(),
    pending: () => {
      expect(tileText()).toContain('Disponible')
      expect(inTile('TOMAR MISIÓN')).toBeTruthy()
      expect(within(tile()).queryByRole('link', { name: /Abrir en YouTube/ })).toBeNull()
    },
    adding: () => expect((inTile('Tomando…') as HTMLButtonElement).disabled).toBe(true),
    addFailed: () => {
      expect(within(tile()).getByRole('status').textContent).toBe(
        'Ocurrio un error al procesar la petición',
      )
      expect(inTile('REINTENTAR')).toBeTruthy()
    },
    accessDenied: () => {
      expect(tileText()).toContain('Acceso denegado')
      expect(within(tile()).getByRole('status').textContent).toBe(
        'Necesitas una cuenta de YouTube verificada para tomar esta misión',
      )
    },
    dailyCapReached: () => {
      expect(tileText()).toContain('Límite diario')
      expect(tileText()).toContain('Ya tomaste todas tus misiones de hoy. Vuelve mañana.')
      expect(inTile('REINTENTAR')).toBeNull()
      expect(inTile('TOMAR MISIÓN')).toBeNull()
    },
    added: () => {
      expect(within(tile()).getByRole('link', { name: /Abrir en YouTube/ })).toBeTruthy()
      expect(inTile('VERIFICAR')).toBeTruthy()
    },
    checking: () => expect((inTile('Verificando…') as HTMLButtonElement).disabled).toBe(true),
    checkFailed: () => {
      expect(within(tile()).getByRole('status').textContent).toBe(
        'No pudimos completar la solicitud',
      )
      expect(inTile('REINTENTAR')).toBeTruthy()
    },
    claimable: () => {
      expect(tileText()).toContain('Cumplida: reclama tu recompensa')
      expect(inTile('RECLAMAR')).toBeTruthy()
    },
    claiming: () => expect((inTile('Reclamando…') as HTMLButtonElement).disabled).toBe(true),
    claimFailed: () => {
      expect(within(tile()).getByRole('status').textContent).toBe(
        'Ocurrio un error al procesar la petición',
      )
      expect(inTile('REINTENTAR')).toBeTruthy()
    },
    claimed: () => {
      expect(tileText()).toContain('Reclamada')
      expect(within(tile()).queryAllByRole('button')).toEqual([])
    },
  },
})

const card = () => screen.getByRole('region', { name: 'Tu cuenta de YouTube' })
const inCard = (name: string) => within(card()).queryByRole('button', { name })

describeViewPaths(socialAccountEntry, {
  view: 'the YouTube account on /missions',
  render: (runtime) =>
    renderApp('/missions?red=youtube', {
      session: player,
      ...runtime,
      actors: [...missionsPageFakes({ missions: [] }).overrides, ...runtime.actors],
    }),
  ready: () => screen.findByRole('region', { name: 'Tu cuenta de YouTube' }),
  actions: {
    'account.edit': async ({ user }) => {
      await user.click(inCard('AGREGAR CUENTA') ?? (inCard('REGISTRAR OTRA CUENTA') as HTMLElement))
    },
    'account.cancel': async ({ user }) => {
      await user.click(within(card()).getByRole('button', { name: 'CANCELAR' }))
    },
    'account.submit': async ({ user, event }) => {
      const input = within(card()).getByRole('textbox', { name: 'Usuario o enlace de YouTube' })
      await user.clear(input)
      await user.type(input, event.account)
      await user.click(within(card()).getByRole('button', { name: 'REGISTRAR CUENTA' }))
    },
    'account.retry': async ({ user }) => {
      await user.click(within(card()).getByRole('button', { name: 'REINTENTAR' }))
    },
  },
  see: {
    loading: () =>
      expect(within(card()).getByRole('status', { name: 'Cargando tu cuenta…' })).toBeTruthy(),
    loadFailed: () => {
      expect(within(card()).getByRole('alert').textContent).toContain(
        'Ocurrio un error al procesar la petición',
      )
      expect(inCard('REINTENTAR')).toBeTruthy()
    },
    none: () => {
      expect(card().textContent).toContain('Registra tu cuenta de YouTube')
      expect(inCard('AGREGAR CUENTA')).toBeTruthy()
    },
    editing: () => {
      expect(
        within(card()).getByRole('textbox', { name: 'Usuario o enlace de YouTube' }),
      ).toBeTruthy()
      expect(inCard('REGISTRAR CUENTA')).toBeTruthy()
    },
    registering: () => expect((inCard('Registrando…') as HTMLButtonElement).disabled).toBe(true),
    pendingToCheck: () => expect(card().textContent).toContain('Pendiente de verificación'),
    refreshing: () => expect(card().textContent).toContain('Pendiente de verificación'),
    verified: () => {
      expect(card().textContent).toContain('@jugadordemo')
      expect(card().textContent).toContain('Verificada')
      expect(within(card()).queryAllByRole('button')).toEqual([])
    },
    rejected: () => {
      expect(card().textContent).toContain('El perfil no es público: no podemos ver tus acciones.')
      expect(inCard('REGISTRAR OTRA CUENTA')).toBeTruthy()
    },
  },
})
