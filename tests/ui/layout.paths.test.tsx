import { screen, within } from '@testing-library/react'
import { expect } from 'vitest'
import { clipboardCopyMachine } from '../../machines/clipboard-copy/clipboard-copy.machine'
import { uiEntry } from '../../machines/ui/ui.samples'
import { selectConfirmation } from '../../machines/ui/ui.selectors'
import { fakeActors } from './fake-actors'
import { player, renderApp } from './render-app'
import { byApp, describeViewPaths, elsewhere } from './support/view-paths'

const dialog = (name: string) => screen.queryByRole('dialog', { name })

/** OPCIONES, opened with MÁS when it is not open yet. */
async function openOptions(user: ReturnType<typeof renderApp>['user']): Promise<HTMLElement> {
  if (!dialog('OPCIONES')) await user.click(screen.getByRole('button', { name: 'MÁS' }))
  return screen.findByRole('dialog', { name: 'OPCIONES' })
}

describeViewPaths(uiEntry, {
  view: 'the layout of a signed-in player',
  render: (runtime) =>
    renderApp('/home', {
      ...runtime,
      session: player,
      // Logging out never finishes here, so the player stays in and SALIR stays available.
      api: { logOut: () => new Promise(() => undefined) },
      actors: [
        ...runtime.actors,
        fakeActors(clipboardCopyMachine, { writeClipboard: async () => undefined }).overrides,
      ],
    }),
  actor: (app) => app.actors.ui,
  // The session check answers as the app starts: the bar is enabled before anyone acts.
  start: [{ type: 'bottomBar.enable' }],
  ready: () => screen.findByRole('heading', { name: 'Hola, Ana Gómez' }),
  actions: {
    // The login form lives on the landing page, which a signed-in player never sees.
    'loginForm.show': elsewhere,
    'loginForm.hide': elsewhere,
    'options.open': async ({ user }) => {
      await user.click(screen.getByRole('button', { name: 'MÁS' }))
    },
    'options.close': async ({ user }) => {
      const options = dialog('OPCIONES') as HTMLElement
      await user.click(within(options).getByRole('button', { name: 'Cerrar' }))
    },
    // NUESTRAS REDES is an item of OPCIONES, which it replaces: the player opens OPCIONES first.
    'social.open': async ({ user }) => {
      await user.click(
        within(await openOptions(user)).getByRole('button', { name: 'NUESTRAS REDES' }),
      )
    },
    'social.close': async ({ user }) => {
      await user.click(screen.getByRole('button', { name: 'CONTINUAR' }))
    },
    'menu.toggle': async ({ user }) => {
      await user.click(screen.getByRole('button', { name: 'MENÚ' }))
    },
    'menu.close': async ({ user }) => {
      const menu = screen.getByRole('navigation', { name: 'Menú del juego' })
      await user.click(within(menu).getByRole('link', { name: 'INICIO' }))
    },
    // SALIR is an item of OPCIONES, which closes as it asks for confirmation.
    'confirmation.open': async ({ user }) => {
      await user.click(within(await openOptions(user)).getByRole('button', { name: 'SALIR' }))
    },
    'confirmation.accept': async ({ user }) => {
      await user.click(screen.getByRole('button', { name: 'SÍ, SALIR' }))
    },
    'confirmation.cancel': async ({ user }) => {
      await user.click(screen.getByRole('button', { name: 'CANCELAR' }))
    },
    'bottomBar.enable': byApp,
    'viewport.resize': byApp,
  },
  see: {
    'loginForm.hidden': () => {
      expect(screen.queryByRole('form', { name: 'Iniciar sesión' })).toBeNull()
    },
    // The form's flag does not follow a player off the landing page.
    'loginForm.shown': () => {
      expect(screen.queryByRole('form', { name: 'Iniciar sesión' })).toBeNull()
    },
    'optionsModal.closed': () => expect(dialog('OPCIONES')).toBeNull(),
    'optionsModal.open': () => {
      const options = dialog('OPCIONES') as HTMLElement
      expect(within(options).getByRole('button', { name: 'SALIR' })).toBeTruthy()
    },
    'socialModal.closed': () => expect(dialog('NUESTRAS REDES')).toBeNull(),
    'socialModal.open': () => {
      const social = dialog('NUESTRAS REDES') as HTMLElement
      expect(within(social).getByRole('link', { name: /Telegram/ })).toBeTruthy()
    },
    'responsiveMenu.closed': () => {
      expect(screen.queryByRole('navigation', { name: 'Menú del juego' })).toBeNull()
      expect(screen.getByRole('button', { name: 'MENÚ' }).getAttribute('aria-expanded')).toBe(
        'false',
      )
    },
    'responsiveMenu.open': () => {
      const menu = screen.getByRole('navigation', { name: 'Menú del juego' })
      expect(
        within(menu)
          .getAllByRole('link')
          .map((link) => link.textContent),
      ).toEqual([
        'INICIO',
        'GESTIÓN',
        'MISIONES',
        'CANJEAR',
        'JUGAR',
        'VIDEOS',
        'LISTAS DE VIDEOS',
        'CARGA VOLTA',
        'BATERÍA',
        'MINA',
        'EQUIPO',
        'PROGRESO',
        'PERFIL',
        'GLOBAL',
        'TIENDA',
        'CUPÓN EXPRÉS',
        'ENTRENAMIENTO',
        'MÚSICA',
        'SORTEO',
        'FINANZAS',
      ])
    },
    'confirmation.closed': () => {
      expect(screen.queryByRole('button', { name: 'SÍ, SALIR' })).toBeNull()
    },
    // The modal asks what the event asked, in its own words.
    'confirmation.open': (app) => {
      const asked = selectConfirmation(app.actors.ui.getSnapshot())
      const confirm = screen.getByRole('dialog', { name: asked?.title })
      expect(within(confirm).getByText(asked?.message ?? '')).toBeTruthy()
      expect(within(confirm).getByRole('button', { name: 'SÍ, SALIR' })).toBeTruthy()
    },
    'bottomBar.disabled': () => {
      expect(screen.queryByRole('navigation', { name: 'Navegación inferior' })).toBeNull()
    },
    // Enabled, the bar shows on small screens only (the viewport region says which).
    'bottomBar.enabled': () => undefined,
    'viewport.desktop': () => {
      expect(screen.queryByRole('navigation', { name: 'Navegación inferior' })).toBeNull()
    },
    'viewport.mobile': () => {
      expect(screen.getByRole('navigation', { name: 'Navegación inferior' })).toBeTruthy()
    },
  },
})
